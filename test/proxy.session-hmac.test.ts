/**
 * The session's HMAC: the proxy always signs a session with the API key, but a service with HMAC
 * off mints one for anyone who names a subscriber and the application identifier. The proxy finds
 * out at its first session of each service and application (asked without the hash: minted, or
 * refused, whatever the refusal says, and then minted signed) and warns once through its `log`;
 * `hmac: 'on'` signs from the first session.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createInboxProxy, startReferenceServer, type InboxProxyOptions, type ReferenceServer } from 'inbox-kit/server';

let hmacOff: ReferenceServer;
let hmacOn: ReferenceServer;
beforeAll(async () => {
  hmacOff = await startReferenceServer();
  hmacOn = await startReferenceServer({ hmac: true });
});
afterAll(async () => {
  await hmacOff?.close();
  await hmacOn?.close();
});

const proxyOf = (server: ReferenceServer, options: Partial<InboxProxyOptions> = {}) =>
  createInboxProxy({
    upstream: server.url,
    apiKey: server.service.apiKey,
    applicationIdentifier: server.service.applicationIdentifier,
    socketUrl: server.socketUrl,
    authenticate: (request) => request.headers.get('x-user'),
    rateLimit: false,
    log: () => undefined,
    ...options,
  });
const mint = (proxy: (request: Request) => Promise<Response>, user = 'sub_ada') =>
  proxy(new Request('http://app.test/api/inbox/v1/inbox/session', { method: 'POST', headers: { 'x-user': user, 'sec-fetch-site': 'same-origin' } }));
const sessionsAt = (server: ReferenceServer) => server.service.requests.filter((r) => r.path === '/v1/inbox/session').length;
const session = z.object({ token: z.string() });
const HMAC_OFF = /without the subscriber’s HMAC.*anyone who knows your application identifier.*Turn HMAC on/;

it('warns once a proxy through its log, when the service mints a session without the HMAC', async () => {
  const log = vi.fn<(message: string) => void>();
  const proxy = proxyOf(hmacOff, { log });
  const before = sessionsAt(hmacOff);
  for (const user of ['sub_ada', 'sub_grace', 'sub_ada']) expect((await mint(proxy, user)).status).toBe(200);
  // One session request each: the first, asked without the hash, is the one the browser gets.
  expect(sessionsAt(hmacOff) - before).toBe(3);
  expect(log).toHaveBeenCalledTimes(1);
  expect(String(log.mock.calls[0]?.[0])).toMatch(HMAC_OFF);
  // Another proxy (another instance of the app) says it too.
  const another = vi.fn<(message: string) => void>();
  await mint(proxyOf(hmacOff, { log: another }));
  expect(another).toHaveBeenCalledTimes(1);
});

it('does not warn when the service checks the HMAC: the proxy signs, and the token opens the user’s socket', async () => {
  const log = vi.fn<(message: string) => void>();
  const proxy = proxyOf(hmacOn, { log });
  const before = sessionsAt(hmacOn);
  const first = await mint(proxy);
  expect(first.status).toBe(200);
  const { token } = session.parse(await first.json());
  expect(hmacOn.service.sessionOf(token)).toBe('sub_ada');
  // The first session: refused without the hash, then signed; from then on, signed at once.
  expect(sessionsAt(hmacOn) - before).toBe(2);
  expect((await mint(proxy, 'sub_grace')).status).toBe(200);
  expect(sessionsAt(hmacOn) - before).toBe(3);
  expect(log).not.toHaveBeenCalled();
});

it('asks again signed whatever the refusal says (a 401 that does not name the HMAC), and signs from then on', async () => {
  // A service (or a version of it) that refuses an unsigned session in words of its own.
  const reworded: typeof fetch = async (input, init) => {
    const answer = await fetch(input, init);
    if (answer.status !== 400) return answer;
    await answer.body?.cancel();
    return Response.json({ statusCode: 401, message: 'Unauthorized', error: 'Unauthorized' }, { status: 401 });
  };
  const proxy = proxyOf(hmacOn, { fetch: reworded });
  const before = sessionsAt(hmacOn);
  expect((await mint(proxy)).status).toBe(200);
  expect(sessionsAt(hmacOn) - before).toBe(2);
  expect((await mint(proxy, 'sub_grace')).status).toBe(200);
  expect(sessionsAt(hmacOn) - before).toBe(3);
});

it('knows each service and application apart: HMAC on at one does not hide that it is off at another', async () => {
  let upstream = hmacOn;
  const log = vi.fn<(message: string) => void>();
  const proxy = proxyOf(hmacOn, {
    upstream: () => upstream.url,
    apiKey: () => upstream.service.apiKey,
    applicationIdentifier: () => upstream.service.applicationIdentifier,
    log,
  });
  expect((await mint(proxy)).status).toBe(200);
  upstream = hmacOff;
  expect((await mint(proxy)).status).toBe(200);
  expect(log).toHaveBeenCalledTimes(1);
  expect(String(log.mock.calls[0]?.[0])).toMatch(HMAC_OFF);
});

it('with `hmac: \'on\'` signs the first session too: one request, no session refused to find out', async () => {
  const proxy = proxyOf(hmacOn, { hmac: 'on' });
  const before = sessionsAt(hmacOn);
  const first = await mint(proxy);
  expect(hmacOn.service.sessionOf(session.parse(await first.json()).token)).toBe('sub_ada');
  expect(sessionsAt(hmacOn) - before).toBe(1);
});

it('counts both requests of a first session against the user’s limit', async () => {
  // A limit of one: the refused unsigned session spends it, and the signed one is refused here (429), not sent.
  const before = sessionsAt(hmacOn);
  const refused = await mint(proxyOf(hmacOn, { rateLimit: { limit: 1, windowMs: 60_000 } }));
  expect(refused.status).toBe(429);
  expect(sessionsAt(hmacOn) - before).toBe(1);
  expect((await mint(proxyOf(hmacOn, { rateLimit: { limit: 2, windowMs: 60_000 } }))).status).toBe(200);
  expect(sessionsAt(hmacOn) - before).toBe(3);
});
