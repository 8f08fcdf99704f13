/**
 * A client of an in-page reference service that logs every request it sends (`GET
 * notifications/feed?read=false&limit=100`, `POST messages/mark-as`, …), and may answer some of
 * them itself: the request-budget and odd-service tests count what the kit sends with it.
 */
import { createInboxClient, type InboxApi, type InboxClient, type RetryOptions } from 'inbox-kit/client';
import { createReferenceService, type ReferenceService, type ReferenceServiceOptions } from 'inbox-kit/testing';
import { BASE } from './harness';

export interface CountedService {
  service: ReferenceService;
  client: InboxClient;
  /** Every request, as `describeRequest` writes it, in the order sent. */
  log: string[];
  since(mark: number): string[];
}

export interface CountedServiceOptions extends ReferenceServiceOptions {
  retry?: RetryOptions | false;
  /** The client's dialect: `'auto'` (v2 on the deployed service) by default; `'v1'` for what a v1-only service does. */
  api?: InboxApi;
  /** Answers a request instead of the service (undefined: the service answers). */
  answer?: (request: Request, service: ReferenceService) => Response | undefined | Promise<Response | undefined>;
}

export function countedService(options: CountedServiceOptions = {}): CountedService {
  const { retry = false, answer, api, ...serviceOptions } = options;
  const service = createReferenceService({ now: Date.now(), ...serviceOptions });
  const log: string[] = [];
  const client = createInboxClient({
    baseUrl: BASE,
    apiKey: service.apiKey,
    dangerouslyAllowBrowser: true,
    retry,
    ...(api ? { api } : {}),
    fetch: async (input, init) => {
      const request = new Request(input, init);
      log.push(describeRequest(request));
      return (await answer?.(request, service)) ?? service.handle(request);
    },
  });
  return { service, client, log, since: (mark) => log.slice(mark) };
}

/** `GET notifications/feed?read=false&limit=100`: the method, the path after the subscriber, the query. */
export function describeRequest(request: Request): string {
  const url = new URL(request.url);
  const operation = url.pathname.replace(/^.*\/subscribers\/[^/]+\//, '');
  const query = [...url.searchParams].filter(([name]) => name !== 'subscriberId').map(([name, value]) => `${name}=${value}`);
  return `${request.method} ${operation}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}
