/** Components in a real Chromium against the reference service, called in-process (no network). */
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { InboxProvider } from 'inbox-kit';
import { createInboxClient, type InboxClient } from 'inbox-kit/client';
import { createReferenceService, type ReferenceServiceOptions } from 'inbox-kit/testing';
import '../../src/theme/styles.css';

export const BASE = 'http://inbox.test';

export function serviceWithClient(options: ReferenceServiceOptions = {}) {
  const service = createReferenceService({ now: Date.now(), ...options });
  const client = createInboxClient({
    baseUrl: BASE,
    apiKey: service.apiKey,
    dangerouslyAllowBrowser: true,
    retry: false,
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

export async function waitFor<T>(probe: () => T | undefined | null | false, timeout = 5_000): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = probe();
    if (value) return value;
    if (performance.now() - started > timeout) throw new Error(`timed out waiting for ${probe.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
