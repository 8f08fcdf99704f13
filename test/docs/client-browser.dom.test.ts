/** The client guide's browser example: it reaches the app's route with the session's CSRF header on every request. */
import { expect, it } from 'vitest';
import { inbox } from './client-browser';
import { serveProxyAt } from '../helpers/proxy-route';

const tokens: (string | null)[] = [];
const service = serveProxyAt('/api/inbox', 'sub_ada', { onRequest: (request) => tokens.push(request.headers.get('X-CSRF-Token')) });

it('reads the feed through /api/inbox, sending the CSRF token', async () => {
  const page = await inbox.getFeed({ subscriberId: 'sub_ada', limit: 5 });
  expect(page.data.map((n) => n._id)).toEqual(service.feedOf('sub_ada').slice(0, 5).map((n) => n._id));
  expect(service.requests.at(-1)?.path).toBe('/v1/subscribers/sub_ada/notifications/feed');
  expect(tokens).toEqual(['csrf-token-of-the-session']);
});
