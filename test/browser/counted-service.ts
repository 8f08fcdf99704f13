/**
 * A client of an in-page reference service that logs every request it sends (`GET
 * notifications/feed?read=false&limit=100`, `POST messages/mark-as`, …), and may answer some of
 * them itself: the request-budget and odd-service tests count what the kit sends with it.
 */
import { createInboxClient, type InboxApi, type InboxClient, type RetryOptions } from 'inbox-kit/client';
import { createReferenceService, type ReferenceService, type ReferenceServiceOptions } from 'inbox-kit/testing';
import { createBrowserClient } from '../../src/client/browser-client';
import { createInboxProxy } from '../../src/server/proxy';
import { BASE } from './harness';

export interface CountedService {
  service: ReferenceService;
  client: InboxClient;
  /** Every request, as `describeRequest` writes it, in the order sent. */
  log: string[];
  since(mark: number): string[];
  /** What the proxy sent the service (`proxied`). */
  upstream: string[];
  /**
   * Once the kit is quiet: no request of its unanswered, and none sent for a while longer than any
   * delay it keeps before sending (a batch of seen marks waits 300 ms). A timer the kit set first
   * fires first, however loaded the machine, so a count read then holds everything it sent.
   */
  settled(): Promise<void>;
}

/** Longer than the kit's own delays before it sends (the seen batch's 300 ms). */
const QUIET_MS = 600;

export interface CountedServiceOptions extends ReferenceServiceOptions {
  retry?: RetryOptions | false;
  /** The client's dialect: `'auto'` (v2 on the deployed service) by default; `'v1'` for what a v1-only service does. */
  api?: InboxApi;
  /**
   * The kit as an app runs it: the provider's own client (v2 only) at a `createInboxProxy` route in
   * front of the service. `log` then holds the browser's requests, `upstream` the proxy's.
   */
  proxied?: boolean;
  /** Answers a request instead of the service (undefined: the service answers). */
  answer?: (request: Request, service: ReferenceService) => Response | undefined | Promise<Response | undefined>;
}

export function countedService(options: CountedServiceOptions = {}): CountedService {
  const { retry = false, answer, api, proxied, ...serviceOptions } = options;
  const service = createReferenceService({ now: Date.now(), ...serviceOptions });
  const log: string[] = [];
  const upstream: string[] = [];
  let unanswered = 0;
  /** The request, logged and counted until it is answered. */
  async function counted(request: Request, answer: () => Promise<Response>): Promise<Response> {
    log.push(describeRequest(request));
    unanswered++;
    try {
      return await answer();
    } finally {
      unanswered--;
    }
  }
  async function settled(): Promise<void> {
    for (;;) {
      while (unanswered > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      const sent = log.length;
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
      if (unanswered === 0 && log.length === sent) return;
    }
  }
  if (proxied) {
    const proxy = createInboxProxy({
      upstream: BASE,
      apiKey: service.apiKey,
      authenticate: () => 'sub_ada',
      basePath: '/api/inbox',
      fetch: async (input, init) => {
        const request = new Request(input, init);
        upstream.push(describeRequest(request));
        return (await answer?.(request, service)) ?? service.handle(request);
      },
    });
    const client = createBrowserClient({
      baseUrl: `${new URL(BASE).origin}/api/inbox`,
      headers: async () => ({}),
      payloadSchema: undefined,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        return counted(request, () => proxy(request));
      },
    });
    return { service, client: client as unknown as InboxClient, log, since: (mark) => log.slice(mark), upstream, settled };
  }
  const client = createInboxClient({
    baseUrl: BASE,
    apiKey: service.apiKey,
    dangerouslyAllowBrowser: true,
    retry,
    ...(api ? { api } : {}),
    fetch: async (input, init) => {
      const request = new Request(input, init);
      return counted(request, async () => (await answer?.(request, service)) ?? service.handle(request));
    },
  });
  return { service, client, log, since: (mark) => log.slice(mark), upstream, settled };
}

/** `GET notifications/feed?read=false&limit=100`: the method, the path after the subscriber, the query. */
export function describeRequest(request: Request): string {
  const url = new URL(request.url);
  const operation = url.pathname.replace(/^.*\/subscribers\/[^/]+\//, '');
  const query = [...url.searchParams].filter(([name]) => name !== 'subscriberId').map(([name, value]) => `${name}=${value}`);
  return `${request.method} ${operation}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}
