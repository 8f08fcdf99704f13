/**
 * `POST <proxy>/v1/inbox/session`: real time's session, minted on the server for the signed-in user
 * with the key the proxy holds (the HMAC of their subscriberId), as the service's own SDK mints it
 * in the browser. The browser gets only `{ token, socketUrl, socketType }`: a token for that
 * subscriber's socket, and where the socket is. Without an application identifier and a socket URL,
 * real time is off: the route answers 204 with no session, the inbox polls, and the server log says so once.
 * A service with HMAC off mints a session for anyone who names a subscriber: the server log says so once (`HmacSeen`).
 */
import { hmacHex } from './hex';
import type { Refusal } from './upstream-meter';

/**
 * Whether the service checks the session's HMAC (`checks`), once a session showed it: one proxy's.
 * The service's answer does not say; a session asked without the hash does, once: minted, HMAC is
 * off (and the proxy warns); refused for its hash, it is on, and the proxy signs from then on.
 */
export interface HmacSeen {
  checks: boolean | undefined;
}

export const HMAC_OFF_WARNING =
  'createInboxProxy: the notification service minted a real-time session without the subscriber’s HMAC, so anyone who knows your application identifier can mint a socket token for any subscriber. Turn HMAC on for the in-app integration in production (the service signs with your API key, which the proxy already uses).';

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
  /** Counts each session request against the user's limits (see upstream-meter.ts). */
  charge: () => Promise<Refusal | undefined>;
  refused: (refusal: Refusal) => Response;
  hmacSeen: HmacSeen;
}): Promise<Response> {
  const { fail, hidden, hmacSeen } = options;
  const settings = realtimeOn(options.settings);
  // No content, not an error: a browser that asks anyway (its page older than the route's settings) polls.
  if (!settings) return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  const { applicationIdentifier, socketUrl } = settings;
  const ask = async (signed: boolean): Promise<{ answer: Response; text: string } | Response> => {
    const refusal = await options.charge();
    if (refusal) return options.refused(refusal);
    try {
      const subscriberHash = signed ? await hmacHex(options.apiKey, options.subscriberId) : undefined;
      const answer = await options.fetch(`${options.upstream}/v1/inbox/session`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ applicationIdentifier, subscriber: { subscriberId: options.subscriberId }, subscriberHash }),
        signal: options.signal,
        redirect: 'manual',
      });
      return { answer, text: await answer.text().catch(() => '') };
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') return fail(504, 'The notification service did not answer in time');
      return fail(502, 'The notification service could not be reached');
    }
  };
  // Until a session showed whether the service checks the HMAC, one is asked without it; then every
  // one is signed (harmless where it is off, and right once it is turned on).
  const signed = hmacSeen.checks !== undefined;
  let asked = await ask(signed);
  if (!signed && !(asked instanceof Response)) {
    if (asked.answer.ok) {
      // Two first sessions at once: one warning.
      if (hmacSeen.checks === undefined) console.warn(HMAC_OFF_WARNING);
      hmacSeen.checks = false;
    } else if (asked.answer.status === 400 && /HMAC/i.test(asked.text)) {
      hmacSeen.checks = true;
      asked = await ask(true);
    }
  }
  if (asked instanceof Response) return asked;
  const { answer, text } = asked;
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
