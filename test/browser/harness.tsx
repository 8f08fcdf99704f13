/** Components in a real Chromium against the reference service, called in-process (no network). */
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { InboxProvider } from 'inbox-kit';
import { createInboxClient, type InboxApi, type InboxClient } from 'inbox-kit/client';
import { createReferenceService, type ReferenceServiceOptions } from 'inbox-kit/testing';
import '../../src/theme/styles.css';

export const BASE = 'http://inbox.test';

/** A reference service in the page, and a client of it (`api: 'v1'`: as a v1-only service is spoken to). */
export function serviceWithClient(options: ReferenceServiceOptions & { api?: InboxApi } = {}) {
  const { api, ...serviceOptions } = options;
  const service = createReferenceService({ now: Date.now(), ...serviceOptions });
  const client = createInboxClient({
    baseUrl: BASE,
    apiKey: service.apiKey,
    dangerouslyAllowBrowser: true,
    retry: false,
    ...(api ? { api } : {}),
    fetch: async (input, init) => service.handle(new Request(input, init)),
  });
  return { service, client };
}

let root: Root | undefined;
let host: HTMLElement | undefined;

export function mount(ui: ReactNode, client: InboxClient, subscriberId = 'sub_ada'): HTMLElement {
  unmount();
  host = document.createElement('div');
  host.id = 'app';
  document.body.append(host);
  root = createRoot(host);
  const queryClient = new QueryClient();
  root.render(
    <InboxProvider client={client} subscriberId={subscriberId} queryClient={queryClient} pollInterval={false} crossTab={false}>
      {ui}
    </InboxProvider>,
  );
  return host;
}

export function unmount(): void {
  root?.unmount();
  host?.remove();
  root = undefined;
  host = undefined;
}

export async function waitFor<T>(probe: () => T | undefined | null | false, timeout = 15_000): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = probe();
    if (value) return value;
    if (performance.now() - started > timeout) throw new Error(`timed out waiting for ${probe.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Providers mounted side by side, each with its own cache, as the app's tabs would be. */
const tabs: { root: Root; host: HTMLElement }[] = [];

export interface TabProps {
  pollInterval?: number | false;
  crossTab?: boolean;
  /** The host element's inline style (a box with a height, say). */
  style?: string;
  undoMs?: number;
}

/** Mounts `ui` in a provider of its own; `unmountTabs` (in an afterEach) removes them all. */
export function mountTab(ui: ReactNode, client: InboxClient, props: TabProps = {}): { host: HTMLElement; queryClient: QueryClient } {
  const host = document.createElement('div');
  if (props.style) host.style.cssText = props.style;
  document.body.append(host);
  const root = createRoot(host);
  const queryClient = new QueryClient();
  tabs.push({ root, host });
  root.render(
    <InboxProvider client={client} subscriberId="sub_ada" queryClient={queryClient} pollInterval={props.pollInterval ?? false} crossTab={props.crossTab ?? false} {...(props.undoMs ? { undoMs: props.undoMs } : {})}>
      {ui}
    </InboxProvider>,
  );
  return { host, queryClient };
}

export function unmountTabs(): void {
  for (const { root, host } of tabs.splice(0)) {
    root.unmount();
    host.remove();
  }
}
