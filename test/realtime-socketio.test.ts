/**
 * A self-hosted service's socket is socket.io. Here a socket.io server (the `socket.io` package, as the
 * service's own ws app runs it) stands in front of the reference service's socket side, taking the token
 * from the handshake's query as the service's gateway does and emitting each frame as an event of its
 * name. The official SDK (@novu/js) hears a broadcast through it, and so does the kit's socket code with
 * the app's real `io` from socket.io-client: a session from the proxy, the events, and a reconnect.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Novu } from '@novu/js';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createBrowserClient } from '../src/client/browser-client';
import { keepConnected } from '../src/realtime/socket-connection';
import { createInboxProxy, startReferenceServer, type ReferenceServer } from 'inbox-kit/server';

let reference: ReferenceServer;
let sockets: Server;
let socketUrl = '';

beforeAll(async () => {
  reference = await startReferenceServer();
  const http = createServer();
  sockets = new Server(http, { transports: ['websocket'] });
  // As the service's gateway: the token from the handshake, refused when it is no session's.
  sockets.use((socket, next) => {
    const token = String(socket.handshake.auth?.token ?? socket.handshake.query.token ?? '');
    const stop = reference.service.listen(token, (frame) => socket.emit(frame.event, frame.data));
    if (!stop) return next(new Error('unauthorized'));
    socket.on('disconnect', stop);
    next();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  socketUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await sockets?.close();
  await reference?.close();
});

async function broadcast(title: string) {
  const answer = await fetch(`${reference.url}/v1/events/trigger/broadcast`, {
    method: 'POST',
    headers: { Authorization: `ApiKey ${reference.service.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'product-announcement', payload: { title, body: 'Over socket.io' } }),
  });
  expect(answer.status).toBe(201);
}

it('@novu/js, pointed at a self-hosted socket.io URL, hears a broadcast', async () => {
  const novu = new Novu({ applicationIdentifier: reference.service.applicationIdentifier, subscriberId: 'sub_ada', apiUrl: reference.url, socketUrl } as ConstructorParameters<typeof Novu>[0]);
  const received: { subject?: string }[] = [];
  novu.on('notifications.notification_received', ({ result }) => void received.push(result));
  await vi.waitFor(() => expect(sockets.sockets.sockets.size).toBe(1), { timeout: 10_000 });
  await broadcast('Heard by the SDK');
  await vi.waitFor(() => expect(received.map((n) => n.subject)).toEqual(['Heard by the SDK']), { timeout: 10_000 });
  await novu.socket.disconnect();
  await vi.waitFor(() => expect(sockets.sockets.sockets.size).toBe(0), { timeout: 10_000 });
});

it('the kit’s socket code, with the app’s io: the proxy’s session, the events, and a reconnect with a new session', async () => {
  const proxy = createInboxProxy({ upstream: reference.url, apiKey: reference.service.apiKey, applicationIdentifier: reference.service.applicationIdentifier, socketUrl, authenticate: (request) => request.headers.get('x-user'), log: () => undefined });
  const client = createBrowserClient({ baseUrl: 'http://app.test/api/inbox', headers: async () => ({ 'x-user': 'sub_ada' }), payloadSchema: undefined, fetch: (input, init) => proxy(new Request(input, init)) });
  const events: string[] = [];
  let opened = 0;
  const stop = keepConnected(client, { payloadCheck: undefined, socketIo: io, retryMs: 50 }, {
    open: () => void opened++,
    frame: (event, data) => void events.push(event === 'notification_received' ? `${event}: ${(data.message as { subject?: string }).subject}` : event),
    down: () => undefined,
  });
  await vi.waitFor(() => expect(opened).toBe(1), { timeout: 10_000 });
  await broadcast('Heard by the kit');
  await vi.waitFor(() => expect(events).toContain('notification_received: Heard by the kit'), { timeout: 10_000 });
  expect(events).toEqual(expect.arrayContaining(['unseen_count_changed', 'unread_count_changed']));
  // The service drops every connection: the kit connects again.
  sockets.disconnectSockets(true);
  await vi.waitFor(() => expect(opened).toBe(2), { timeout: 10_000 });
  stop();
  await vi.waitFor(() => expect(sockets.sockets.sockets.size).toBe(0), { timeout: 10_000 });
});

it('a gateway that opens the socket and then drops every token: a few sessions, then the inbox polls (one warning)', async () => {
  vi.useFakeTimers();
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    let sessions = 0;
    const client = createBrowserClient({
      baseUrl: 'http://app.test/api/inbox',
      headers: async () => ({}),
      payloadSchema: undefined,
      fetch: async () => Response.json({ token: `token-${++sessions}`, socketUrl: 'http://socket.test', socketType: 'socket.io' }),
    });
    // As the service's gateway with a token it refuses: 'connect', then 'io server disconnect'.
    const refusing = () => {
      const listeners = new Map<string, ((...args: never[]) => void)[]>();
      setTimeout(() => {
        for (const listener of listeners.get('connect') ?? []) listener();
        // socket.io's listeners take what the server sent.
        for (const listener of listeners.get('disconnect') ?? []) Reflect.apply(listener, undefined, ['io server disconnect']);
      }, 5);
      return { on: (event: string, listener: (...args: never[]) => void) => void listeners.set(event, [...(listeners.get(event) ?? []), listener]), disconnect: () => undefined };
    };
    const stop = keepConnected(client, { payloadCheck: undefined, socketIo: refusing }, { open: () => undefined, frame: () => undefined, down: () => undefined });
    for (let second = 0; second < 60; second++) await vi.advanceTimersByTimeAsync(1_000);
    stop();
    expect(sessions).toBeGreaterThanOrEqual(2);
    expect(sessions).toBeLessThanOrEqual(4);
    expect(warn).toHaveBeenCalledTimes(1);
  } finally {
    vi.useRealTimers();
    warn.mockRestore();
  }
});
