/**
 * One socket to the service, kept open: a session from the proxy's route (a token for the signed-in
 * user and where the socket is), then the socket; when it closes, it is opened again after a delay that
 * doubles up to 30 s, with jitter, so a crowd of browsers does not come back at once.
 *
 * A new session is minted only for a token the service refused. A browser cannot see why a socket
 * failed to open (a refused upgrade and an unreachable host look the same), so a token is taken as
 * refused when the service closed its socket saying so (1008, policy violation, as the reference
 * socket does when a token expires; socket.io's server disconnect, as the self-hosted gateway does for
 * a token it refuses), or when it opened a socket before and no longer does (it expired meanwhile).
 * A token that never opened one is kept: the socket is unreachable, and a new token would not reach
 * it either. A route without real time (204, no session) ends it: the inbox polls, and so it does after
 * three refusals in a row. A socket counts as a success (the delay starts again from its first, the
 * refusals from none) only once it stays open (a frame, or a ping's interval): a gateway that opens
 * the socket and then drops a token it refuses would otherwise have a session minted each second.
 */
import { InboxApiError } from '../client/errors';
import { transportOf } from '../client/connection';
import type { InboxBrowserClient } from '../client/browser-client';
import { looseObject, oneOf, str } from '../client/schemas/define';
import { parseOrThrow } from '../client/validate';
import type { RealtimeOptions } from './realtime-options';

const sessionSchema = /* @__PURE__ */ looseObject({ token: str, socketUrl: str, socketType: oneOf(['websocket', 'socket.io'] as const) });
type Session = ReturnType<typeof sessionSchema.parse>;

/** The events a socket sends, as its SDK names them. */
const EVENTS = ['notification_received', 'unseen_count_changed', 'unread_count_changed'] as const;

export interface SocketHandlers {
  open(): void;
  frame(event: string, data: Record<string, unknown>): void;
  /** Closed, or never opened; `live` false until it opens again. */
  down(): void;
}

/** The client keeps it alive with a text `ping` this often, as the service's SDK does. */
const PING_MS = 25_000;

export function keepConnected(client: InboxBrowserClient, options: RealtimeOptions, handlers: SocketHandlers): () => void {
  let stopped = false;
  let session: Session | undefined;
  /** The session's token has opened a socket: the service took it. */
  let proven = false;
  let failures = 0;
  let refusals = 0;
  /** The next try's, or while a socket is open, its time to count as a success. */
  let timer: ReturnType<typeof setTimeout> | undefined;
  let close = () => {};

  async function mint(): Promise<Session | 'off'> {
    const transport = transportOf(client);
    if (!transport) return 'off';
    try {
      const answer = await transport.request({ operation: 'realtimeSession', method: 'POST', path: '/v1/inbox/session' });
      // No session (204): the route has no real time.
      return answer === undefined || answer === '' ? 'off' : parseOrThrow('realtimeSession', sessionSchema, answer);
    } catch (error) {
      if (error instanceof InboxApiError && (error.status === 404 || error.status === 401 || error.status === 403)) return 'off';
      throw error;
    }
  }

  function again(): void {
    if (stopped) return;
    const delay = Math.min(30_000, (options.retryMs ?? 1_000) * 2 ** failures++);
    timer = setTimeout(() => void open(), delay / 2 + (Math.random() * delay) / 2);
  }

  async function open(): Promise<void> {
    try {
      if (!session) {
        const minted = await mint();
        if (minted === 'off') return;
        session = minted;
        proven = false;
      }
    } catch {
      return again();
    }
    if (stopped) return;
    let opened = false;
    const stayed = () => void (failures = refusals = 0);
    const up = () => {
      opened = proven = true;
      timer = setTimeout(stayed, PING_MS);
      handlers.open();
    };
    const frame: SocketHandlers['frame'] = (event, data) => {
      stayed();
      handlers.frame(event, data);
    };
    const gone = (refused?: boolean) => {
      clearTimeout(timer);
      close = () => {};
      handlers.down();
      if (refused || (proven && !opened)) {
        session = undefined;
        if (++refusals > 2) return console.warn('inbox-kit: the socket refused 3 sessions. The inbox polls.');
      }
      again();
    };
    close = session.socketType === 'websocket' ? openWebSocket(session, up, frame, gone) : openSocketIo(session, options, up, frame, gone);
  }

  void open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    close();
  };
}

/** Called when a socket closed or never opened; `refused` when the service said its token no longer holds. */
type Gone = (refused?: boolean) => void;

function openWebSocket(session: Session, up: () => void, frame: SocketHandlers['frame'], gone: Gone): () => void {
  // A path is on the page's own origin.
  const url = new URL(session.socketUrl, location.href);
  url.protocol = url.protocol.replace(/^http/, 'ws');
  url.searchParams.set('token', session.token);
  const socket = new WebSocket(url);
  let ping: ReturnType<typeof setInterval> | undefined;
  socket.onopen = () => {
    ping = setInterval(() => socket.send('ping'), PING_MS);
    up();
  };
  socket.onmessage = ({ data }) => {
    try {
      const parsed = JSON.parse(String(data)) as { event?: unknown; data?: unknown };
      if (typeof parsed.event === 'string' && parsed.data && typeof parsed.data === 'object') frame(parsed.event, parsed.data as Record<string, unknown>);
    } catch {
      // `pong`, or something that is no frame.
    }
  };
  socket.onclose = ({ code }) => {
    clearInterval(ping);
    gone(code === 1008);
  };
  return () => {
    socket.onclose = null;
    clearInterval(ping);
    socket.close();
  };
}

function openSocketIo(session: Session, options: RealtimeOptions, up: () => void, frame: SocketHandlers['frame'], gone: Gone): () => void {
  if (!options.socketIo) {
    console.warn('inbox-kit: the service’s socket is socket.io: give <InboxProvider> `socketIo={io}` (from socket.io-client). The inbox polls.');
    return () => undefined;
  }
  // Its own reconnection is off: this module's does it, with a new session when needed.
  const socket = options.socketIo(session.socketUrl, { transports: ['websocket'], query: { token: session.token }, reconnection: false });
  let done = false;
  const down = (reason?: string) => {
    if (done) return;
    done = true;
    gone(reason === 'io server disconnect');
  };
  socket.on('connect', up);
  socket.on('connect_error', () => down());
  socket.on('disconnect', down);
  for (const event of EVENTS) socket.on(event, ((data: Record<string, unknown>) => frame(event, data)) as (...args: never[]) => void);
  return () => {
    done = true;
    socket.disconnect();
  };
}
