// The testing guide's example, a test file as your app would write it (test/docs.test.ts: verbatim).
// #region msw
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createInboxClient, InboxApiError } from 'inbox-kit/client';
import { createInboxHandlers, DEFAULT_MOCK_BASE_URL } from 'inbox-kit/msw';
import { createReferenceService } from 'inbox-kit/testing';

const service = createReferenceService({ seed: 1 });
const server = setupServer(...createInboxHandlers(service)); // answers under DEFAULT_MOCK_BASE_URL
const client = createInboxClient({ baseUrl: DEFAULT_MOCK_BASE_URL, apiKey: service.apiKey, retry: false });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => service.reset());

it('marks a notification read', async () => {
  const [first] = service.feedOf('sub_ada', { read: false }); // the service's truth, to assert against
  await client.markAs({ subscriberId: 'sub_ada', messageId: first!._id, markAs: 'read' });
  expect(service.feedOf('sub_ada', { read: false }).map((n) => n._id)).not.toContain(first!._id);
});

it('fails as the service does', async () => {
  service.injectFault({ status: 503 }); // the next request fails
  await expect(client.getFeed({ subscriberId: 'sub_ada' })).rejects.toBeInstanceOf(InboxApiError);
});
// #endregion
