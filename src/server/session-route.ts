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
 * Whether the service checks the session's HMAC, once a session showed it, by service and application
 * (`hmacKey`; both are read at each request): one proxy's. The service's answer does not say; a
 * session asked without the hash does, once: minted, HMAC is off (and the proxy warns); refused
 * (whatever the service says why) and then minted signed, it is on, and the proxy signs from then on.
 */
export type HmacSeen = Map<string, boolean>;

/**
 * Whether the proxy finds out if the service checks the HMAC (`'probe'`, the default: its first session
 * of each service and application is asked without the hash), or signs every session from the first
 * (`'on'`: HMAC is on at the service; no session is refused to find out, and nothing is checked).
 */
export type HmacSetting = 'probe' | 'on';

const hmacKey = (upstream: string, applicationIdentifier: string) => `${upstream}\n${applicationIdentifier}`;

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
  hmac: HmacSetting;
  /** The proxy's server log (its `log` option). */
  log: (message: string) => void;
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
  const key = hmacKey(options.upstream, applicationIdentifier);
  const signed = options.hmac === 'on' || hmacSeen.has(key);
  let asked = await ask(signed);
  if (!signed && !(asked instanceof Response)) {
    if (tokenOf(asked) !== undefined) {
      // Two first sessions at once: one warning.
      if (!hmacSeen.has(key)) options.log(HMAC_OFF_WARNING);
      hmacSeen.set(key, false);
    } else {
      // Refused: the service's reason is its own (a 400 or a 401, worded as it likes), so the same session is asked signed, once.
      const refusal = asked.answer.status;
      asked = await ask(true);
      // Minted signed after a refusal (not after a failure such as a 5xx, which says nothing of HMAC): it is on.
      if (tokenOf(asked) !== undefined && refusal >= 400 && refusal < 500 && refusal !== 429) hmacSeen.set(key, true);
    }
  }
  if (asked instanceof Response) return asked;
  const token = tokenOf(asked);
  // A refusal (a wrong identifier, HMAC) is the developer's to read, in the server log.
  if (token === undefined) return hidden(502, 'The notification service did not give a session', `${asked.answer.status}: ${asked.text}`);
  const url = CLOUD_URL[socketUrl] ?? socketUrl;
  const type = settings.socketType ?? (CLOUD.includes(socketUrl) ? 'cloud' : 'self-hosted');
  const socketType = type === 'cloud' || type === 'websocket' ? 'websocket' : 'socket.io';
  return Response.json({ token, socketUrl: url, socketType }, { headers: { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } });
}

/** The session's token in a successful answer of the service, or undefined. */
function tokenOf(asked: { answer: Response; text: string } | Response): string | undefined {
  if (asked instanceof Response || !asked.answer.ok) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(asked.text);
  } catch {
    return undefined;
  }
  const envelope = isRecord(body) && isRecord(body.data) ? body.data : body;
  const token = isRecord(envelope) ? envelope.token : undefined;
  return typeof token === 'string' && token !== '' && token.length <= 8_192 ? token : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
