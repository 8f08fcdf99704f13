/**
 * Real time on the server side, over real HTTP and a real WebSocket: `npm run serve`'s session route
 * and socket, `createInboxProxy`'s session route (minted for the signed-in user only, HMAC
 * included, CSRF-checked and limited like any change), and the official browser SDK (@novu/js)
 * receiving a broadcast from the reference socket: the socket's conformance test.
 */
import { Novu } from '@novu/js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import * as z from 'zod/mini';
import { createInboxProxy, startReferenceServer, type ReferenceServer } from 'inbox-kit/server';
import { startServe, type RunningServe } from './helpers/serve';

/** A socket's frames as they come: `next(event)` waits for the next one of that event. */
function framesOf(socket: WebSocket) {
  const seen: { event: string; data: Record<string, unknown> }[] = [];
  let pongs = 0;
  socket.on('message', (raw) => {
    const text = String(raw);
    if (text === 'pong') pongs++;
    else seen.push(JSON.parse(text) as (typeof seen)[number]);
  });
  return {
    seen,
    pongs: () => pongs,
    async next(event: string) {
      await vi.waitFor(() => expect(seen.some((frame) => frame.event === event)).toBe(true), { timeout: 10_000 });
      return seen.find((frame) => frame.event === event)!;
    },
  };
}

const opened = (socket: WebSocket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });

/** Refused at the upgrade: the status the server answered. */
const refused = (socket: WebSocket) => new Promise<number>((resolve) => socket.once('unexpected-response', (_, response) => resolve(response.statusCode ?? 0)));

async function broadcast(server: { url: string; apiKey: string }, title: string) {
  const answer = await fetch(`${server.url}/v1/events/trigger/broadcast`, {
    method: 'POST',
    headers: { Authorization: `ApiKey ${server.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'product-announcement', payload: { title, body: 'Now in real time' } }),
  });
  expect(answer.status).toBe(201);
}

// Undone whether the test passed or not.
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('the reference service’s session and socket (npm run serve)', () => {
  let serve: RunningServe;
  beforeAll(async () => {
    serve = await startServe();
  });
  afterAll(() => serve?.stop());

  it('--json says where the socket is and which application identifier mints sessions', () => {
    expect(serve.printed.applicationIdentifier).toBe('inbox-kit-reference');
    expect(serve.printed.socketUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/socket$/);
  });

  it('mints a session without the API key, and its socket sends a broadcast and the counts it moved', async () => {
    const session = await fetch(`${serve.url}/v1/inbox/session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ applicationIdentifier: serve.printed.applicationIdentifier, subscriber: { subscriberId: 'sub_ada' } }) });
    expect(session.status).toBe(201);
    const { data } = (await session.json()) as { data: { token: string; totalUnreadCount: number; unreadCount: { total: number } } };
    expect(data.unreadCount.total).toBe(data.totalUnreadCount);
    const socket = new WebSocket(`${serve.printed.socketUrl}?token=${data.token}`);
    const frames = framesOf(socket);
    await opened(socket);
    await broadcast({ url: serve.url, apiKey: serve.printed.apiKey }, 'Hello, socket');
    const received = await frames.next('notification_received');
    expect(received.data.message).toMatchObject({ _id: expect.any(String), content: expect.stringContaining('Now in real time'), read: false, seen: false, subscriber: expect.objectContaining({ subscriberId: 'sub_ada' }) });
    const unread = await frames.next('unread_count_changed');
    expect(unread.data).toMatchObject({ counts: { total: data.totalUnreadCount + 1 } });
    expect((await frames.next('unseen_count_changed')).data).toMatchObject({ unseenCount: expect.any(Number), hasMore: false });
    // The SDK's keep-alive.
    socket.send('ping');
    await vi.waitFor(() => expect(frames.pongs()).toBe(1), { timeout: 10_000 });
    socket.close();
  });

  it('refuses a socket without a valid token (401 at the upgrade) and a session for another environment', async () => {
    expect(await refused(new WebSocket(`${serve.printed.socketUrl}?token=forged`))).toBe(401);
    const wrong = await fetch(`${serve.url}/v1/inbox/session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ applicationIdentifier: 'another-app', subscriber: { subscriberId: 'sub_ada' } }) });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: 'Please provide a valid application identifier' });
    const missing = await fetch(`${serve.url}/v1/inbox/session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ subscriber: { subscriberId: 'sub_ada' } }) });
    expect(missing.status).toBe(422);
  });

  it('@novu/js receives the broadcast as notifications.notification_received (the socket’s conformance)', async () => {
    // The SDK's cloud socket is the browser's WebSocket; Node 20 has none of its own.
    vi.stubGlobal('WebSocket', WebSocket);
    const novu = new Novu({ applicationIdentifier: serve.printed.applicationIdentifier, subscriberId: 'sub_ada', apiUrl: serve.url, socketUrl: serve.printed.socketUrl!, socketOptions: { socketType: 'cloud' } } as ConstructorParameters<typeof Novu>[0]);
    const received: { subject?: string; body: string; isRead: boolean }[] = [];
    const unread: unknown[] = [];
    // The SDK opens its socket with the first listener, after its session, and says when it is open.
    const opened = new Promise<void>((resolve, reject) => novu.on('socket.connect.resolved', ({ error }) => (error ? reject(new Error(String(error))) : resolve())));
    novu.on('notifications.notification_received', ({ result }) => void received.push(result));
    novu.on('notifications.unread_count_changed', ({ result }) => void unread.push(result));
    await opened;
    await broadcast({ url: serve.url, apiKey: serve.printed.apiKey }, 'Hello, SDK');
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000 });
    expect(received[0]).toMatchObject({ body: expect.stringContaining('Now in real time'), isRead: false });
    await vi.waitFor(() => expect(unread.length).toBeGreaterThan(0), { timeout: 10_000 });
    await novu.socket.disconnect();
  });
});

/** A session as the proxy's route answers it. */
const sessionSchema = z.object({ token: z.string(), socketUrl: z.string() });

describe('createInboxProxy’s session route', () => {
  let reference: ReferenceServer;
  let hmacReference: ReferenceServer;
  /** Its clock is the test's to move on: its tokens expire when the test says, not after wall time. */
  let shortLived: ReferenceServer;
  let ahead = 0;
  beforeAll(async () => {
    reference = await startReferenceServer();
    hmacReference = await startReferenceServer({ hmac: true });
    shortLived = await startReferenceServer({ sessionTtlMs: 60_000, clock: () => Date.now() + ahead });
  });
  afterAll(async () => {
    await reference?.close();
    await hmacReference?.close();
    await shortLived?.close();
  });

  const proxyOf = (server: ReferenceServer, more: Partial<Parameters<typeof createInboxProxy>[0]> = {}) =>
    createInboxProxy({ upstream: server.url, apiKey: server.service.apiKey, applicationIdentifier: server.service.applicationIdentifier, socketUrl: server.socketUrl, socketType: 'cloud', authenticate: (request) => request.headers.get('x-user'), log: () => undefined, ...more });
  const mint = (proxy: (request: Request) => Promise<Response>, headers: Record<string, string> = { 'x-user': 'sub_ada', 'sec-fetch-site': 'same-origin' }) => proxy(new Request('http://app.test/api/inbox/v1/inbox/session', { method: 'POST', headers }));

  it('hands the browser only a token for the signed-in user and where the socket is; the HMAC is the proxy’s', async () => {
    const answer = await mint(proxyOf(hmacReference));
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { token: string; socketUrl: string; socketType: string };
    expect(Object.keys(body).sort()).toEqual(['socketType', 'socketUrl', 'token']);
    expect(body).toMatchObject({ socketUrl: hmacReference.socketUrl, socketType: 'websocket' });
    expect(JSON.stringify(body)).not.toContain(hmacReference.service.apiKey);
    // The token opens Ada's socket, and Ada's only.
    const socket = new WebSocket(`${body.socketUrl}?token=${body.token}`);
    const frames = framesOf(socket);
    await opened(socket);
    await broadcast({ url: hmacReference.url, apiKey: hmacReference.service.apiKey }, 'For everyone');
    const received = await frames.next('notification_received');
    expect((received.data.message as { subscriber: { subscriberId: string } }).subscriber.subscriberId).toBe('sub_ada');
    socket.close();
    // Straight to the service without the hash: refused, as HMAC is on.
    const direct = await fetch(`${hmacReference.url}/v1/inbox/session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ applicationIdentifier: hmacReference.service.applicationIdentifier, subscriber: { subscriberId: 'sub_ada' } }) });
    expect(direct.status).toBe(400);
    expect(await direct.json()).toMatchObject({ message: 'Please provide a valid HMAC hash' });
  });

  it('a socket is closed when its token expires (1008), the token no longer opens one, and a new session does', async () => {
    const { token, socketUrl } = sessionSchema.parse(await (await mint(proxyOf(shortLived))).json());
    const socket = new WebSocket(`${socketUrl}?token=${token}`);
    const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
    await opened(socket);
    // A minute on, by the service's clock: the broadcast's frame finds the token expired and closes the socket.
    ahead = 60_001;
    await broadcast({ url: shortLived.url, apiKey: shortLived.service.apiKey }, 'After the expiry');
    expect(await closed).toEqual({ code: 1008, reason: 'token expired' });
    expect(await refused(new WebSocket(`${socketUrl}?token=${token}`))).toBe(401);
    const fresh = sessionSchema.parse(await (await mint(proxyOf(shortLived))).json());
    const again = new WebSocket(`${socketUrl}?token=${fresh.token}`);
    await opened(again);
    again.close();
  });

  it('mints for nobody signed out, from no other site, and past the user’s limit no more', async () => {
    const proxy = proxyOf(reference, { rateLimit: { limit: 2, windowMs: 60_000 } });
    expect((await mint(proxy, { 'sec-fetch-site': 'same-origin' })).status).toBe(401);
    expect((await mint(proxy, { 'x-user': 'sub_ada', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await mint(proxy)).status).toBe(200);
    expect((await mint(proxy)).status).toBe(200);
    const limited = await mint(proxy);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('without an application identifier or a socket URL gives no session (204, no error in a browser’s console), and the server log says so once', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const proxy = proxyOf(reference, { applicationIdentifier: undefined, socketUrl: undefined });
    vi.stubEnv('INBOX_APPLICATION_IDENTIFIER', '');
    vi.stubEnv('INBOX_SOCKET_URL', '');
    const first = await mint(proxy);
    expect(first.status).toBe(204);
    expect(await first.text()).toBe('');
    await mint(proxy);
    expect(info.mock.calls.filter(([line]) => String(line).includes('real time is off'))).toHaveLength(1);
  });

  it('says on every answer whether it mints sessions, so a browser loads the socket’s code only then', async () => {
    const list = (proxy: (request: Request) => Promise<Response>) => proxy(new Request('http://app.test/api/inbox/v2/subscribers/sub_ada/notifications?limit=1', { headers: { 'x-user': 'sub_ada' } }));
    expect((await list(proxyOf(reference))).headers.get('x-inbox-kit-realtime')).toBe('on');
    vi.stubEnv('INBOX_APPLICATION_IDENTIFIER', '');
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const plain = await list(proxyOf(reference, { applicationIdentifier: undefined }));
    expect(plain.status).toBe(200);
    expect(plain.headers.get('x-inbox-kit-realtime')).toBeNull();
  });

  it('a refused session (a wrong identifier) is the server log’s to explain; the browser gets a request id', async () => {
    const log = vi.fn();
    const answer = await mint(proxyOf(reference, { applicationIdentifier: 'not-this-one', log }));
    expect(answer.status).toBe(502);
    expect(await answer.text()).not.toContain('application identifier');
    expect(String(log.mock.calls[0]?.[0])).toContain('Please provide a valid application identifier');
  });
});
