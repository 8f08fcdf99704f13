/**
 * Each story gets its own reference service behind MSW handlers, so stories
 * behave: marking read works, tabs filter, paging loads more.
 */
import { QueryClient } from '@tanstack/react-query';
import type { Decorator } from '@storybook/react-vite';
import { InboxProvider } from 'inbox-kit';
import { createInboxClient } from 'inbox-kit/client';
import { createInboxHandlers } from 'inbox-kit/msw';
import { createReferenceService, type ReferenceServiceOptions } from 'inbox-kit/testing';
import type { HttpHandler } from 'msw';

let count = 0;

/** Handlers of every service made so far (each under its own path); one array, shared by all stories. */
const everyHandler: HttpHandler[] = [];
function registerHandlers(handlers: HttpHandler[]): HttpHandler[] {
  everyHandler.push(...handlers);
  return everyHandler;
}

export function withService(options: ReferenceServiceOptions = {}, subscriberId = 'sub_ada', provider: { undoMs?: number } = {}) {
  const path = `/inbox-api-${++count}`;
  const service = createReferenceService(options);
  const decorator: Decorator = (Story) => {
    const client = createInboxClient({ baseUrl: `${location.origin}${path}`, retry: false });
    return (
      <InboxProvider client={client} subscriberId={subscriberId} queryClient={new QueryClient()} pollInterval={false} crossTab={false} {...provider}>
        <Story />
      </InboxProvider>
    );
  };
  return {
    service,
    decorators: [decorator],
    // Every story installs every story's handlers: on a docs page all stories render at once, and
    // each one's loader resets MSW; with only its own, the last would leave the others unanswered.
    parameters: { msw: { handlers: registerHandlers(createInboxHandlers(withoutAuth(service), { baseUrl: `${location.origin}${path}` })) } },
  };
}

/** Stories stand in for a proxy: the browser sends no key, so the mock adds it. */
function withoutAuth(service: ReturnType<typeof createReferenceService>) {
  return {
    ...service,
    handle: (request: Request) => {
      const headers = new Headers(request.headers);
      headers.set('Authorization', `ApiKey ${service.apiKey}`);
      return service.handle(new Request(request, { headers }));
    },
  };
}
