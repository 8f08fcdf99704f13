/**
 * `POST <proxy>/v1/inbox/session`: real time's session, minted on the server for the signed-in user
 * with the key the proxy holds (the HMAC of their subscriberId), as the service's own SDK mints it
 * in the browser. The browser gets only `{ token, socketUrl, socketType }`: a token for that
 * subscriber's socket, and where the socket is. Without an application identifier and a socket URL,
 * real time is off: the route answers 204 with no session, the inbox polls, and the server log says so once.
 */
import { hmacHex } from './hex';

/**
 * How the browser talks to the socket: a plain WebSocket (`'cloud'`, the service's cloud sockets), or
 * socket.io (`'self-hosted'`); the names of the service's SDK option, or of the protocol.
 */
export type SocketType = 'cloud' | 'self-hosted' | 'websocket' | 'socket.io';

export interface RealtimeSettings {
  applicationIdentifier: string | undefined;
  socketUrl: string | undefined;
  socketType: SocketType | undefined;
}

/** On every answer of a route that mints sessions (`on`): the browser loads the socket's code only then. */
export const REALTIME_HEADER = 'x-inbox-kit-realtime';

/** The service's cloud sockets, which are plain WebSockets; any other URL is taken as socket.io, as its SDK does. */
const CLOUD = ['wss://socket.novu.co', 'wss://eu.socket.novu.co', 'https://ws.novu.co', 'https://eu.ws.novu.co'];
const CLOUD_URL: Record<string, string> = { 'https://ws.novu.co': 'wss://socket.novu.co', 'https://eu.ws.novu.co': 'wss://eu.socket.novu.co' };

let warned = false;

/** The settings, or `undefined` when real time is off (said once in the server log). */
export function realtimeOn(settings: RealtimeSettings): (RealtimeSettings & { applicationIdentifier: string; socketUrl: string }) | undefined {
  const { applicationIdentifier, socketUrl } = settings;
  // A path is the app's own origin (the browser resolves it): the reference service behind the app, say.
  if (applicationIdentifier && socketUrl && /^((wss?|https?):\/\/|\/(?!\/))/i.test(socketUrl)) return { ...settings, applicationIdentifier, socketUrl };
  if (!warned) {
    warned = true;
    console.info('createInboxProxy: real time is off (set `applicationIdentifier` and `socketUrl`, or INBOX_APPLICATION_IDENTIFIER and INBOX_SOCKET_URL): the inbox polls.');
  }
  return undefined;
}

export async function mintSession(options: {
  upstream: string;
  apiKey: string;
  subscriberId: string;
  settings: RealtimeSettings;
  fetch: typeof fetch;
  signal: AbortSignal;
  fail: (status: number, message: string) => Response;
  hidden: (status: number, what: string, detail: string) => Response;
}): Promise<Response> {
  const { fail, hidden } = options;
  const settings = realtimeOn(options.settings);
  // No content, not an error: a browser that asks anyway (its page older than the route's settings) polls.
  if (!settings) return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  const { applicationIdentifier, socketUrl } = settings;
  let answer: Response;
  try {
    answer = await options.fetch(`${options.upstream}/v1/inbox/session`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ applicationIdentifier, subscriber: { subscriberId: options.subscriberId }, subscriberHash: await hmacHex(options.apiKey, options.subscriberId) }),
      signal: options.signal,
      redirect: 'manual',
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') return fail(504, 'The notification service did not answer in time');
    return fail(502, 'The notification service could not be reached');
  }
  const text = await answer.text().catch(() => '');
  let token: unknown;
  try {
    const body = JSON.parse(text) as { data?: { token?: unknown }; token?: unknown };
    token = (body.data ?? body).token;
  } catch {
    token = undefined;
  }
  // A refusal (a wrong identifier, HMAC) is the developer's to read, in the server log.
  if (!answer.ok || typeof token !== 'string' || token === '' || token.length > 8_192) return hidden(502, 'The notification service did not give a session', `${answer.status}: ${text}`);
  const url = CLOUD_URL[socketUrl] ?? socketUrl;
  const type = settings.socketType ?? (CLOUD.includes(socketUrl) ? 'cloud' : 'self-hosted');
  const socketType = type === 'cloud' || type === 'websocket' ? 'websocket' : 'socket.io';
  return Response.json({ token, socketUrl: url, socketType }, { headers: { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } });
}
