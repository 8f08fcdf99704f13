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

let count = 0;

export function withService(options: ReferenceServiceOptions = {}, subscriberId = 'sub_ada') {
  const path = `/inbox-api-${++count}`;
  const service = createReferenceService(options);
  const decorator: Decorator = (Story) => {
    const client = createInboxClient({ baseUrl: `${location.origin}${path}`, retry: false });
    return (
      <InboxProvider client={client} subscriberId={subscriberId} queryClient={new QueryClient()} pollInterval={false} crossTab={false}>
        <Story />
      </InboxProvider>
    );
  };
  return {
    service,
    decorators: [decorator],
    // The client sends no API key from the browser; the mock service here does not ask for one.
    parameters: { msw: { handlers: createInboxHandlers(withoutAuth(service), { baseUrl: `${location.origin}${path}` }) } },
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
