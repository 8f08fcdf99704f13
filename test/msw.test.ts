/** The MSW adapter: the same reference service behind MSW request handlers, as tests and Storybook use it. */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createInboxClient, InboxNetworkError } from 'inbox-kit/client';
import { createInboxHandlers, DEFAULT_MOCK_BASE_URL } from 'inbox-kit/msw';
import { createReferenceService } from 'inbox-kit/testing';

const service = createReferenceService();
const server = setupServer(...createInboxHandlers(service));
const client = createInboxClient({ baseUrl: DEFAULT_MOCK_BASE_URL, apiKey: service.apiKey, retry: { retries: 2, baseDelayMs: 1 } });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => service.reset());
afterAll(() => server.close());

describe('MSW handlers', () => {
  it('serve the feed and apply mark-as', async () => {
    const page = await client.getFeed({ subscriberId: 'sub_ada', read: false, limit: 3 });
    expect(page.data).toHaveLength(3);
    const id = page.data[0]?._id ?? '';
    await client.markAs({ subscriberId: 'sub_ada', messageId: id, markAs: 'read' });
    const again = await client.getFeed({ subscriberId: 'sub_ada', read: false, limit: 3 });
    expect(again.data.map((i) => i._id)).not.toContain(id);
  });

  it('turn an injected dropped connection into a network error', async () => {
    service.injectFault({ drop: 'before' }, 5);
    await expect(client.getPreferences({ subscriberId: 'sub_ada' })).rejects.toBeInstanceOf(InboxNetworkError);
  });

  it('serve avatars under the mock base URL', async () => {
    const page = await client.getFeed({ subscriberId: 'sub_ada', limit: 20 });
    const avatar = page.data.find((i) => i.actor?.type === 'user' && i.actor.data)?.actor?.data ?? '';
    expect(avatar.startsWith(`${DEFAULT_MOCK_BASE_URL}/avatars/`)).toBe(true);
    expect((await fetch(avatar)).headers.get('Content-Type')).toBe('image/svg+xml');
  });
});
