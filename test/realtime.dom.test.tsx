/**
 * Real time through the kit's own route: the proxy mints the session, and the browser's socket hears
 * the reference service's frames (a WebSocket stand-in wired to the service's socket side, as its
 * server is in `npm run serve`). A broadcast reaches the lists and the counts with no read; the socket
 * dropped while notifications are sent, an expired token and an unreachable socket are each survived.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Inbox, useCounts, useFeed, type InboxNotification, type ToasterOptions } from 'inbox-kit';
import { http } from 'msw';
import * as z from 'zod/mini';
import { createInboxProxy } from 'inbox-kit/server';
import { V2 } from './helpers/dialect';
import { ServiceSocket } from './helpers/service-socket';
import { createBrowserClient } from '../src/client/browser-client';
import { keepConnected } from '../src/realtime/socket-connection';
import { behindProxy, inboxWrapper, renderInboxHook, server, settle, setupMockService, SUBSCRIBER } from './helpers/inbox';

/** How far the service's clock is ahead of the test's: a test outlives a token by moving it on. */
let ahead = 0;
const service = setupMockService({ clock: () => Date.now() + ahead });
const base = behindProxy(service, { applicationIdentifier: service.applicationIdentifier, socketUrl: 'ws://socket.test/socket', socketType: 'cloud' });

beforeEach(() => {
  service.reset();
  ahead = 0;
  ServiceSocket.service = service;
  ServiceSocket.unreachable = false;
  ServiceSocket.opened = 0;
  ServiceSocket.tried = 0;
  vi.stubGlobal('WebSocket', ServiceSocket);
});
afterEach(() => {
  for (const socket of ServiceSocket.open) socket.close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A broadcast straight to the service's REST API, as an app's server sends one. */
async function broadcast(title: string, url?: string) {
  const answer = await service.handle(
    new Request(`${service.baseUrl}/v1/events/trigger/broadcast`, {
      method: 'POST',
      headers: { Authorization: `ApiKey ${service.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'product-announcement', payload: { title, body: 'Sent while you watch', ...(url ? { url } : {}) } }),
    }),
  );
  expect(answer.ok).toBe(true);
}
const reads = () => service.requests.filter((r) => r.method === 'GET').length;
const sessions = () => service.requests.filter((r) => r.path.endsWith('/v1/inbox/session')).length;

function renderLive(onNotification?: (n: InboxNotification) => void, pollInterval: number | false = false) {
  return renderInboxHook(() => ({ feed: useFeed(), unread: useFeed({ read: false }), counts: useCounts() }), service, { props: { baseUrl: base, realtime: true, onNotification, pollInterval } });
}

/** A live inbox, its socket open and its counts in; what `onNotification` heard, and the unread count then. */
async function openLive() {
  const heard: string[] = [];
  const { result, queryClient } = renderLive((n) => heard.push(n.subject ?? ''));
  await waitFor(() => expect(ServiceSocket.open.size).toBe(1));
  await waitFor(() => expect(result.current.counts.unread).toBeDefined());
  return { result, queryClient, heard, before: result.current.counts.unread!.value };
}

describe('real time', () => {
  it('a broadcast reaches the lists and the counts at once, with no read; onNotification hears it once', async () => {
    const { result, queryClient, heard, before } = await openLive();
    // The counts asked once the socket opened are in.
    await settle(queryClient);
    const asked = reads();
    await act(() => broadcast('Live: the new pricing page'));
    await waitFor(() => expect(result.current.feed.notifications[0]?.subject).toBe('Live: the new pricing page'));
    expect(result.current.unread.notifications[0]?.subject).toBe('Live: the new pricing page');
    expect(result.current.counts.unread?.value).toBe(before + 1);
    expect(reads()).toBe(asked);
    expect(heard).toEqual(['Live: the new pricing page']);
    expect(sessions()).toBe(1);
  });

  it('the socket dropped while notifications are sent: each shows after the reconnect, once', async () => {
    const { result, heard, before } = await openLive();
    act(() => [...ServiceSocket.open].forEach((socket) => socket.drop()));
    await act(() => broadcast('While offline, first'));
    await act(() => broadcast('While offline, second'));
    // Back within the backoff (a second, with jitter); the counts are asked once, they moved, so the newest are read.
    // (Sent within one millisecond, the two are in the service's order of their ids.)
    await waitFor(() => expect(result.current.feed.notifications.slice(0, 2).map((n) => n.subject).sort()).toEqual(['While offline, first', 'While offline, second']));
    await waitFor(() => expect(result.current.counts.unread?.value).toBe(before + 2));
    const ids = result.current.feed.notifications.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ServiceSocket.opened).toBe(2);
    // Sent while the socket was down: no socket heard them, so onNotification did not either.
    expect(heard).toEqual([]);
    await act(() => broadcast('After the reconnect'));
    await waitFor(() => expect(heard).toEqual(['After the reconnect']));
  });

  it('an expired token is minted again', async () => {
    const { result } = renderLive();
    await waitFor(() => expect(ServiceSocket.open.size).toBe(1));
    expect(sessions()).toBe(1);
    // The token expires (15 days later); the connection drops; the service refuses the old token, and a new session opens it.
    ahead = 15 * 86_400_000 + 1;
    act(() => [...ServiceSocket.open].forEach((socket) => socket.drop()));
    await waitFor(() => expect(ServiceSocket.open.size).toBe(1));
    expect(sessions()).toBe(2);
    await act(() => broadcast('With a new token'));
    await waitFor(() => expect(result.current.feed.notifications[0]?.subject).toBe('With a new token'));
  });

  it('the service closes the socket when its token expires: a new session opens another, and the notification sent at the expiry shows once', async () => {
    const { result, heard } = await openLive();
    const [first] = ServiceSocket.open;
    expect(sessions()).toBe(1);
    // 15 days on, by the service's clock: the broadcast finds the socket's token expired, and the service
    // closes the socket instead of sending it the notification.
    ahead = 15 * 86_400_000 + 1;
    await act(() => broadcast('At the expiry'));
    await waitFor(() => expect(first?.closedWith).toBe(1008));
    // A new session, a new socket, and the counts asked again: they moved, so the newest are read.
    await waitFor(() => expect(result.current.feed.notifications.filter((n) => n.subject === 'At the expiry')).toHaveLength(1));
    await waitFor(() => expect(ServiceSocket.open.size).toBe(1));
    expect(sessions()).toBe(2);
    // Told why it closed, the kit did not try the expired token again (in a browser, an error in the console).
    expect(ServiceSocket.tried).toBe(2);
    await act(() => broadcast('With the new token'));
    await waitFor(() => expect(heard).toEqual(['With the new token']));
    const ids = result.current.feed.notifications.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('an unreachable socket is tried again with the one session it has (a new token would not reach it either), and the kit logs nothing of its own', async () => {
    ServiceSocket.unreachable = true;
    const logged = (['error', 'warn', 'info', 'log'] as const).map((level) => vi.spyOn(console, level));
    const client = createBrowserClient({ baseUrl: base, headers: async () => ({}), payloadSchema: undefined });
    let opened = 0;
    // A short first delay: many tries in a moment.
    const stop = keepConnected(client, { payloadCheck: undefined, retryMs: 10 }, { open: () => void opened++, frame: () => undefined, down: () => undefined });
    await waitFor(() => expect(ServiceSocket.tried).toBeGreaterThanOrEqual(6));
    expect(sessions()).toBe(1);
    // Reachable again: the token minted first opens it.
    ServiceSocket.unreachable = false;
    await waitFor(() => expect(opened).toBe(1));
    stop();
    expect(sessions()).toBe(1);
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
  });

  it('an unreachable socket: the inbox polls at its own interval', async () => {
    ServiceSocket.unreachable = true;
    const { result } = renderLive(undefined, 150);
    await waitFor(() => expect(result.current.counts.unread).toBeDefined());
    const start = reads();
    // Every 150 ms: a few polls within the second, not one in 5 minutes.
    await waitFor(() => expect(reads() - start).toBeGreaterThanOrEqual(4));
    await act(() => broadcast('Found by the poll'));
    await waitFor(() => expect(result.current.feed.notifications[0]?.subject).toBe('Found by the poll'));
  });

  it('while the socket is open, the inbox does not poll at its own interval (5 minutes instead)', async () => {
    const { result, queryClient } = renderLive(undefined, 150);
    await waitFor(() => expect(ServiceSocket.open.size).toBe(1));
    await waitFor(() => expect(result.current.counts.unread).toBeDefined());
    await settle(queryClient);
    const asked = reads();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(reads()).toBe(asked);
  });

  it('a route without real time: its answers do not say it mints sessions, so no session is asked for and the inbox polls', async () => {
    const plain = 'http://app.localhost/plain/api/inbox';
    const proxy = createInboxProxy({ upstream: service.baseUrl, apiKey: service.apiKey, authenticate: () => SUBSCRIBER, basePath: '/plain/api/inbox' });
    server.use(http.all(`${plain}/*`, ({ request }) => proxy(request)));
    const { result } = renderInboxHook(() => useCounts({ poll: true }), service, { props: { baseUrl: plain, realtime: true, pollInterval: 150 } });
    await waitFor(() => expect(result.current.unread).toBeDefined());
    const start = reads();
    // Every 150 ms, not the 5 minutes of a live inbox.
    await waitFor(() => expect(reads() - start).toBeGreaterThanOrEqual(5));
    expect(ServiceSocket.opened).toBe(0);
    expect(sessions()).toBe(0);
  });
});

// (Over a v1 service the proxy answers v2 itself: see provider-payload-proxy for what it checks there.)
describe.runIf(V2)('payloads checked by the proxy', () => {
  it('an arrival is read through the route (the browser cannot check its payload), then shown and heard once', async () => {
    const checked = 'http://app.localhost/checked/api/inbox';
    const proxy = createInboxProxy({ upstream: service.baseUrl, apiKey: service.apiKey, authenticate: () => SUBSCRIBER, basePath: '/checked/api/inbox', applicationIdentifier: service.applicationIdentifier, socketUrl: 'ws://socket.test/socket', socketType: 'cloud', payloadSchema: z.looseObject({}) });
    server.use(http.all(`${checked}/*`, ({ request }) => proxy(request)));
    const heard: string[] = [];
    const { result } = renderInboxHook(() => useFeed(), service, { props: { baseUrl: checked, realtime: true, payloadSchema: 'proxy', onNotification: (n) => heard.push(n.subject ?? '') } });
    await waitFor(() => expect(ServiceSocket.open.size).toBe(1));
    await waitFor(() => expect(result.current.notifications.length).toBeGreaterThan(0));
    const lists = () => service.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/notifications')).length;
    const listed = lists();
    await act(() => broadcast('Checked on the server'));
    await waitFor(() => expect(result.current.notifications[0]?.subject).toBe('Checked on the server'));
    // Not taken from the frame: the newest read through the route, which checked their payloads.
    expect(lists()).toBeGreaterThan(listed);
    await waitFor(() => expect(heard).toEqual(['Checked on the server']));
  });
});

describe('a self-hosted service’s socket.io socket', () => {
  it('is opened with the app’s `io`, hears the same events, and comes back after a disconnect', async () => {
    /** socket.io's client, standing in: its events come from the reference service's socket side. */
    const sockets: { query: unknown; connected: boolean; disconnect: () => void; fire: (event: string, ...args: unknown[]) => void }[] = [];
    const io = vi.fn((url: string, options: Record<string, unknown>) => {
      const listeners = new Map<string, ((...args: never[]) => void)[]>();
      const fire = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((listener) => (listener as (...args: unknown[]) => void)(...args));
      const token = (options.query as { token: string }).token;
      let stop: (() => void) | undefined;
      setTimeout(() => {
        stop = service.listen(token, (frame) => fire(frame.event, frame.data));
        socket.connected = !!stop;
        fire(stop ? 'connect' : 'connect_error', new Error('unauthorized'));
      }, 5);
      const socket = {
        query: options.query,
        connected: false,
        on: (event: string, listener: (...args: never[]) => void) => void listeners.set(event, [...(listeners.get(event) ?? []), listener]),
        disconnect: () => stop?.(),
        fire,
      };
      sockets.push(socket);
      return socket;
    });
    const selfHosted = 'http://app.localhost/self-hosted/api/inbox';
    const proxy = createInboxProxy({ upstream: service.baseUrl, apiKey: service.apiKey, authenticate: () => SUBSCRIBER, basePath: '/self-hosted/api/inbox', applicationIdentifier: service.applicationIdentifier, socketUrl: 'https://ws.novu.example.com' });
    server.use(http.all(`${selfHosted}/*`, ({ request }) => proxy(request)));
    const { result } = renderInboxHook(() => useFeed(), service, { props: { baseUrl: selfHosted, realtime: true, socketIo: io } });
    await waitFor(() => expect(io).toHaveBeenCalledTimes(1));
    expect(io.mock.calls[0]?.[0]).toBe('https://ws.novu.example.com');
    expect(io.mock.calls[0]?.[1]).toMatchObject({ transports: ['websocket'], reconnection: false, query: { token: expect.any(String) } });
    await waitFor(() => expect(result.current.notifications.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await act(() => broadcast('Over socket.io'));
    await waitFor(() => expect(result.current.notifications[0]?.subject).toBe('Over socket.io'));
    // The connection drops: the kit opens another, after its backoff, with the same token.
    act(() => sockets[0]!.fire('disconnect', 'transport close'));
    await waitFor(() => expect(io).toHaveBeenCalledTimes(2));
    const token = (options: Record<string, unknown> | undefined) => (options?.query as { token?: string } | undefined)?.token;
    expect(token(io.mock.calls[1]?.[1])).toBe(token(io.mock.calls[0]?.[1]));
    expect(sessions()).toBe(1);
    // The service's gateway disconnects a socket whose token it refuses (expired): a new session.
    await waitFor(() => expect(sockets[1]?.connected).toBe(true));
    act(() => sockets[1]!.fire('disconnect', 'io server disconnect'));
    await waitFor(() => expect(io).toHaveBeenCalledTimes(3));
    expect(token(io.mock.calls[2]?.[1])).not.toBe(token(io.mock.calls[1]?.[1]));
    expect(sessions()).toBe(2);
  });
});

describe('toasts of new notifications', () => {
  function renderInbox(toasts: ToasterOptions | true = true) {
    const { Wrapper } = inboxWrapper(service, { baseUrl: base, realtime: true });
    return render(<Inbox toasts={toasts} />, { wrapper: Wrapper });
  }
  const toasts = () => document.querySelectorAll('[data-inbox-slot="arrival"]');

  it('one without a link opens the inbox when clicked; past three, a button stands for the rest', async () => {
    renderInbox();
    await waitFor(() => expect(ServiceSocket.open.size).toBe(1));
    await act(() => broadcast('First without a link'));
    const first = await screen.findByText('First without a link');
    expect(first.closest('[data-inbox-slot="arrivals"]')).toHaveAttribute('aria-live', 'polite');
    for (const title of ['Second', 'Third', 'Fourth']) await act(() => broadcast(title));
    await waitFor(() => expect(toasts()).toHaveLength(3));
    expect([...toasts()].map((toast) => toast.querySelector('[data-inbox-slot="item-subject"]')?.textContent)).toEqual(['Fourth', 'Third', 'Second']);
    expect(screen.getByRole('button', { name: '1 more' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Third'));
    await screen.findByRole('dialog');
    expect(toasts()).toHaveLength(0);
  });

  it('each goes after its time, which stops while the pointer is on it', async () => {
    renderInbox({ durationMs: 400, placement: 'top-start' });
    await waitFor(() => expect(ServiceSocket.open.size).toBe(1));
    await act(() => broadcast('Held under the pointer'));
    await screen.findByText('Held under the pointer');
    expect(document.querySelector('[data-inbox-slot="arrival-list"]')).toHaveAttribute('data-placement', 'top-start');
    fireEvent.pointerEnter(document.querySelector('[data-inbox-slot="arrival-list"]')!);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(toasts()).toHaveLength(1);
    fireEvent.pointerLeave(document.querySelector('[data-inbox-slot="arrival-list"]')!);
    await waitFor(() => expect(toasts()).toHaveLength(0));
  });
});
