/**
 * The session's HMAC: the proxy always signs a session with the API key, but a service with HMAC
 * off mints one for anyone who names a subscriber and the application identifier. The proxy finds
 * out at its first session (asked without the hash: minted, or refused for it) and warns once.
 */
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createInboxProxy, startReferenceServer, type ReferenceServer } from 'inbox-kit/server';

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
afterEach(() => vi.restoreAllMocks());

const proxyOf = (server: ReferenceServer) =>
  createInboxProxy({ upstream: server.url, apiKey: server.service.apiKey, applicationIdentifier: server.service.applicationIdentifier, socketUrl: server.socketUrl, authenticate: (request) => request.headers.get('x-user'), log: () => undefined });
const mint = (proxy: (request: Request) => Promise<Response>, user = 'sub_ada') =>
  proxy(new Request('http://app.test/api/inbox/v1/inbox/session', { method: 'POST', headers: { 'x-user': user, 'sec-fetch-site': 'same-origin' } }));
const sessionsAt = (server: ReferenceServer) => server.service.requests.filter((r) => r.path === '/v1/inbox/session').length;

it('warns once a proxy, when the service mints a session without the HMAC', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const proxy = proxyOf(hmacOff);
  const before = sessionsAt(hmacOff);
  for (const user of ['sub_ada', 'sub_grace', 'sub_ada']) expect((await mint(proxy, user)).status).toBe(200);
  // One session request each: the first, asked without the hash, is the one the browser gets.
  expect(sessionsAt(hmacOff) - before).toBe(3);
  expect(warn).toHaveBeenCalledTimes(1);
  expect(String(warn.mock.calls[0]?.[0])).toMatch(/without the subscriber’s HMAC.*anyone who knows your application identifier.*Turn HMAC on/);
  // Another proxy (another instance of the app) says it too.
  await mint(proxyOf(hmacOff));
  expect(warn).toHaveBeenCalledTimes(2);
});

it('does not warn when the service checks the HMAC: the proxy signs, and the token opens the user’s socket', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const proxy = proxyOf(hmacOn);
  const before = sessionsAt(hmacOn);
  const first = await mint(proxy);
  expect(first.status).toBe(200);
  const { token } = (await first.json()) as { token: string };
  expect(hmacOn.service.sessionOf(token)).toBe('sub_ada');
  // The first session: refused without the hash, then signed; from then on, signed at once.
  expect(sessionsAt(hmacOn) - before).toBe(2);
  expect((await mint(proxy, 'sub_grace')).status).toBe(200);
  expect(sessionsAt(hmacOn) - before).toBe(3);
  expect(warn).not.toHaveBeenCalled();
});
