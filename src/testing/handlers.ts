/** MSW adapter of the reference service, for tests and Storybook. */
import { http, type HttpHandler } from 'msw';
import type { ReferenceService } from './service';

export interface InboxHandlersOptions {
  /** Where the mocked service lives; point the client's `baseUrl` here. Default `http://localhost/inbox-api`. */
  baseUrl?: string;
}

export const DEFAULT_MOCK_BASE_URL = 'http://localhost/inbox-api';

/** MSW request handlers that answer every request under `baseUrl` from the reference service. */
export function createInboxHandlers(service: ReferenceService, options: InboxHandlersOptions = {}): HttpHandler[] {
  const baseUrl = (options.baseUrl ?? DEFAULT_MOCK_BASE_URL).replace(/\/+$/, '');
  return [http.all(`${baseUrl}/*`, ({ request }) => service.handle(request))];
}
