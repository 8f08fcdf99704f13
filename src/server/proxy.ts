/**
 * `createInboxProxy`: the route of your app that the kit's browser code talks
 * to. It signs requests with the API key (which never reaches a browser), pins
 * every subscriber-scoped path to the signed-in user, passes on only the user's
 * own messages whatever the service answers, and lets admin operations through
 * only when you authorize them.
 */
import type { StandardSchemaV1 } from '../client/payload-schema';
import { withCheckedPayloads } from './checked-payloads';
import { withoutForeignMessages } from './own-messages';
import { createOwnershipCache, OwnershipUnknown, type LookUp } from './ownership';
import { createMemoryRateLimitStore, isStoreFailure, RateLimitStoreFailure, type RateLimitStore } from './rate-limit';
import { ROUTES, type Route } from './proxy-routes';

/**
 * A literal segment wins over a parameter (`.../notifications/count` is the count, not a
 * notification): routes with more literal segments are tried first.
 */
const literals = (route: Route) => route.pattern.filter((part) => !part.startsWith(':')).length;
const RANKED_ROUTES = [...ROUTES].sort((a, b) => literals(b) - literals(a));
import { readBody } from './read-body';
import { isSnoozedByUser } from './snoozed-check';
import { isJson, publicError, withoutCredentials } from './upstream-answer';
import { v2Counts, v2One, v2Page } from './v2-answers';
import { createMarkEverything } from './mark-everything';
import { answerOverV1, internalClient, isNoRoute, SPEAKS_HEADER, TRANSLATION_CEILING } from './v1-translation';
import { hexOf } from './hex';
import { mintSession, realtimeOn, REALTIME_HEADER, type HmacSeen, type HmacSetting, type RealtimeSettings, type SocketType } from './session-route';
import { createUpstreamMeter, type Refusal, type UpstreamMeter } from './upstream-meter';

/** A setting read when a request comes (so a build needs no secrets): a value, or a function that gives it. */
export type RequestTimeSetting = string | undefined | (() => string | undefined);

export interface InboxProxyOptions {
  /** Base URL of the notification service, e.g. `https://api.example.com`. Default: `process.env.INBOX_UPSTREAM_URL`, read at each request. */
  upstream?: RequestTimeSetting;
  /** The secret API key, sent upstream as `Authorization: ApiKey <key>`. Default: `process.env.INBOX_API_KEY`, read at each request. */
  apiKey?: RequestTimeSetting;
  /** The signed-in user's subscriber id, from your session; null when nobody is signed in (401). */
  authenticate: (request: Request) => string | null | undefined | Promise<string | null | undefined>;
  /** Whether this user may set primary integrations and broadcast. Default: nobody may. */
  authorizeAdmin?: (request: Request, subscriberId: string) => boolean | Promise<boolean>;
  /** The path the proxy is mounted at, e.g. `/api/inbox`. Default: found from the request (the part before `/v1/` or `/v2/`). */
  basePath?: string;
  /** Largest request body accepted, in bytes. Default 64 KiB. */
  maxBodyBytes?: number;
  /** Time allowed for the upstream answer, in ms. Default 10000. */
  timeoutMs?: number;
  /** A fetch implementation for upstream calls. Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** Time allowed to receive a request body, in ms: a body that trickles in is refused (408). Default 10000. */
  bodyTimeoutMs?: number;
  /**
   * Requests per signed-in user in a sliding window, so one user (or a script with their cookie)
   * cannot spend the API key's quota for everybody; past it, 429 with `Retry-After` to that user
   * only. What the proxy sends to the service counts: a request that makes three requests upstream
   * counts three (at most three over a v1-only service). Default 300 a minute, kept in this process's memory; give a shared `store` when the app
   * runs on several instances, or `false` to turn it off. `allUsers`: an optional cap on all users
   * together in the same window, below the service's own limit for the API key, so a crowd of users
   * is slowed here before the service refuses everyone. Default none.
   */
  rateLimit?: { limit?: number; windowMs?: number; store?: RateLimitStore; allUsers?: number } | false;
  /**
   * Origins besides the route's own whose pages may send changes (a separate front-end origin).
   * Changes from any other site are refused (403), so a cookie session cannot be used by another
   * site's page (cross-site request forgery). `'*'` turns the check off.
   */
  allowedOrigins?: readonly string[] | '*';
  /**
   * Whether a change may come with a `Cookie` but with neither `Sec-Fetch-Site` nor `Origin`, which
   * every current browser sends. Default false: such a request is refused (403), since a cookie
   * session is what cross-site request forgery abuses. A change without a cookie (a token in a
   * header, a server-to-server call) is not affected.
   */
  allowMissingOrigin?: boolean;
  /** Largest decoded answer read from the service, in bytes; past it, 502. Default 4 MiB (a full feed page is well under 1 MiB). */
  maxUpstreamBytes?: number;
  /** Where the proxy writes what the browser must not see (an upstream's error text), with its request id. Default `console.error`. */
  log?: (message: string) => void;
  /**
   * Real time: the environment's public application identifier, with which the proxy mints each
   * user's socket session (HMAC included, with `apiKey`). Turn HMAC on at the service in production:
   * without it anyone who knows the identifier can mint any subscriber's token (the proxy warns once
   * when the service mints a session without it). Default: `process.env.INBOX_APPLICATION_IDENTIFIER`,
   * read at each request. Without it, or without `socketUrl`, the inbox polls.
   */
  applicationIdentifier?: RequestTimeSetting;
  /**
   * Real time: whether the service checks the session's HMAC. `'probe'` (default): the proxy's first
   * session for each service and application identifier is asked without the HMAC, to find out (minted:
   * HMAC is off, and the proxy warns once through `log`; refused: it asks again signed, and signs from
   * then on), so each new instance of the app pays one refused session. `'on'`: every session is signed
   * from the first, with no probe and no warning: set it once HMAC is on at the service.
   */
  hmac?: HmacSetting;
  /**
   * Real time: the service's socket, e.g. `wss://socket.novu.co` (the cloud; `wss://eu.socket.novu.co` in
   * the EU), a self-hosted service's ws URL, or a path on your app's origin. Add its origin to your
   * CSP's `connect-src`. Default: `process.env.INBOX_SOCKET_URL`, read at each request.
   */
  socketUrl?: RequestTimeSetting;
  /**
   * How the socket speaks: `'cloud'` (a plain WebSocket) or `'self-hosted'` (socket.io, for which the
   * browser needs the `socket.io-client` package). Default: as the service's SDK chooses, `'cloud'` for
   * its cloud URLs and `'self-hosted'` for any other; `process.env.INBOX_SOCKET_TYPE` when set.
   */
  socketType?: SocketType;
  /**
   * Your notifications' payload schema (zod, or any Standard Schema; the one in `Register`): each
   * feed page's payloads are checked here, an item that fails is left out and reported, and the
   * browser's `<InboxProvider payloadSchema="proxy">` needs no schema of its own.
   */
  payloadSchema?: StandardSchemaV1;
}

/** Response headers worth passing back to the browser. */
const PASS_BACK = ['retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy', 'idempotency-key', 'idempotency-replay'];

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Every answer: not cached, and never sniffed as anything but what it says it is. */
const ALWAYS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

function fail(status: number, message: string, extra: HeadersInit = {}): Response {
  const headers = new Headers(ALWAYS);
  for (const [name, value] of new Headers(extra)) if (name !== 'content-type') headers.set(name, value);
  return Response.json({ statusCode: status, message, error: STATUS_TEXT[status] ?? 'Error' }, { status, headers });
}

/** Decodes one path segment once; anything that could change the path after decoding is refused. */
function decodeSegment(raw: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (decoded === '' || decoded === '.' || decoded === '..') return undefined;
  for (const char of decoded) {
    const code = char.charCodeAt(0);
    // Slashes, backslashes, a second layer of percent-encoding, control characters.
    if (char === '/' || char === '\\' || char === '%' || code < 0x20 || code === 0x7f) return undefined;
  }
  return decoded;
}

function read(setting: RequestTimeSetting, variable: string): string | undefined {
  const value = typeof setting === 'function' ? setting() : setting !== undefined ? setting : (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[variable];
  return value?.trim() || undefined;
}

/** Upstream and key as they are now, or what is wrong with them (for the developer's log only). */
function readSettings(options: InboxProxyOptions): { upstream: string; apiKey: string } | { problem: string } {
  let upstream: string | undefined;
  let apiKey: string | undefined;
  try {
    upstream = read(options.upstream, 'INBOX_UPSTREAM_URL');
    apiKey = read(options.apiKey, 'INBOX_API_KEY');
  } catch (error) {
    return { problem: `reading its settings threw: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!upstream || !/^https?:\/\//i.test(upstream)) {
    return { problem: upstream ? `\`upstream\` must be the http(s) base URL of the notification service, received ${JSON.stringify(upstream)}.` : '`upstream` is not set: pass it, or set INBOX_UPSTREAM_URL in the server environment.' };
  }
  if (!apiKey) return { problem: '`apiKey` is not set: pass it, or set INBOX_API_KEY in the server environment (never in browser code).' };
  return { upstream: upstream.replace(/\/+$/, ''), apiKey };
}

const reported = new Set<string>();

/** The developer reads what is wrong in the server log; the browser learns only that the route cannot serve. */
function misconfigured(problem: string): Response {
  if (!reported.has(problem)) {
    reported.add(problem);
    console.error(`createInboxProxy: ${problem}`);
  }
  return Response.json(
    { statusCode: 500, message: 'The notification route is not configured. Its server log says why.', error: 'Internal Server Error' },
    { status: 500, headers: ALWAYS },
  );
}

/**
 * A Fetch-API handler, `(request: Request) => Promise<Response>`, for Node's
 * http server (`toNodeListener`), Express, Next.js route handlers and Hono.
 */
/** How long a service without v2 is not asked its v2 routes again (an upgrade shows within it). */
const V1_REMEMBERED_MS = 10 * 60_000;

export function createInboxProxy(options: InboxProxyOptions): (request: Request) => Promise<Response> {
  if (!options || typeof options.authenticate !== 'function') {
    throw new TypeError('createInboxProxy: `authenticate(request)` is required: it returns the signed-in user’s subscriber id, or null.');
  }
  for (const name of ['upstream', 'apiKey'] as const) {
    const value: unknown = options[name];
    if (value !== undefined && typeof value !== 'string' && typeof value !== 'function') {
      throw new TypeError(`createInboxProxy: \`${name}\` must be a string or a function that returns one.`);
    }
  }
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024;
  const maxUpstreamBytes = options.maxUpstreamBytes ?? 4 * 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const ownership = createOwnershipCache();
  const bodyTimeoutMs = options.bodyTimeoutMs ?? 10_000;
  const log = options.log ?? ((message: string) => console.error(message));
  const rateLimit = options.rateLimit === false ? undefined : { limit: 300, windowMs: 60_000, ...options.rateLimit, store: options.rateLimit?.store ?? createMemoryRateLimitStore() };

  /** Whether the store failed its last hit: an outage is logged once, when it starts, not on every request. */
  let storeFailing = false;

  /**
   * Counts a request under `key`; the seconds to wait when it is over `limit`. A store that fails
   * (a shared Redis down) throws `RateLimitStoreFailure`, answered 503: letting every request
   * through uncounted would hand the API key's quota to whoever keeps asking.
   */
  async function overLimit(key: string, limit: number | undefined): Promise<number | undefined> {
    if (!rateLimit || limit === undefined) return undefined;
    let counted: { count: number; resetAt: number };
    try {
      counted = await rateLimit.store.hit(key, rateLimit.windowMs, limit);
    } catch (error) {
      if (!storeFailing) log(`createInboxProxy: the rate-limit store failed, so requests are answered 503 until it works again: ${error instanceof Error ? error.message : String(error)}`);
      storeFailing = true;
      throw new RateLimitStoreFailure(error);
    }
    storeFailing = false;
    const { count, resetAt } = counted;
    return count > limit ? Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)) : undefined;
  }

  /** Counts a request of the user's against their limit, then against all users' (a key no subscriber id can make). */
  async function overLimits(subscriberId: string): Promise<number | undefined> {
    return (await overLimit(`inbox-kit:${subscriberId}`, rateLimit?.limit)) ?? (await overLimit('inbox-kit-all-users', rateLimit?.allUsers));
  }

  const tooMany = (wait: number) => fail(429, 'Too many requests from you: try again shortly', { 'Retry-After': String(wait) });

  /** The answer to a request whose next upstream request a limit or its ceiling refuses. */
  function refused(refusal: Refusal): Response {
    if (refusal === 'ceiling') return fail(503, `One request may make at most ${TRANSLATION_CEILING} requests to the notification service over v1; this one needs more`);
    return tooMany(refusal.retryAfter);
  }

  /** What the browser must not see goes to the server's log; the browser gets its request id. */
  function hidden(status: number, what: string, detail: string, headers?: Headers): Response {
    const id = crypto.randomUUID();
    log(`createInboxProxy: request ${id}: ${what}: ${detail.slice(0, 2_000)}`);
    return fail(status, `${what} (request ${id})`, headers);
  }

  /** What of a successful answer the browser gets: the user's own messages (payloads checked), or an integration without its credentials. */
  async function passOn(route: Route, text: string, subscriberId: string, lookUp: LookUp, headers: Headers, query: URLSearchParams): Promise<string | Response> {
    try {
      const parsed: unknown = JSON.parse(text);
      if (route.integration) return JSON.stringify(withoutCredentials(parsed));
      if (route.v2 === 'counts') return JSON.stringify(v2Counts(parsed, query));
      let own = await withoutForeignMessages(parsed, ownership(subscriberId, lookUp));
      if (own === undefined) return fail(404, 'Message not found', headers);
      if (route.v2) own = route.v2 === 'page' ? v2Page(own, query) : v2One(own);
      return JSON.stringify(route.payloads && options.payloadSchema ? await withCheckedPayloads(own, options.payloadSchema, route.payloads) : own);
    } catch (error) {
      // The store counting a look-up failed: answered 503 as any count it fails (see overLimit).
      if (isStoreFailure(error)) throw error;
      // The service may have applied a change: answering "nothing of yours" would hide it, so the
      // answer says the outcome is unknown, and the client sends it again under its key.
      if (error instanceof OwnershipUnknown) return hidden(502, 'Which of these messages are yours could not be checked; send the request again', error.message, headers);
      // Not JSON, or nested too deep to be written out again.
      return hidden(502, 'The notification service answered with JSON that cannot be passed on', `${String(error)}: ${text}`, headers);
    }
  }

  // Over v1: what the service said of its mark-all route, and each "mark all" under way, kept for all requests.
  const markEverything = createMarkEverything();
  /** Whether the service checks the session's HMAC, once a session showed it (see session-route.ts). */
  const hmacSeen: HmacSeen = new Map();
  /** Until when the service is taken to have no v2 routes (it answered one with its router's 404). */
  let v1Until = 0;
  // Every answer says whether this route mints real time's sessions: the browser loads the socket's code only then.
  return async (request: Request) => {
    let response: Response;
    try {
      response = await serve(request);
    } catch (error) {
      if (!isStoreFailure(error)) throw error;
      response = fail(503, 'Requests cannot be counted against the rate limit right now: try again shortly');
    }
    if (realtimeOn(realtimeSettings())) response.headers.set(REALTIME_HEADER, 'on');
    return response;
  };

  function realtimeSettings(): RealtimeSettings {
    return { applicationIdentifier: read(options.applicationIdentifier, 'INBOX_APPLICATION_IDENTIFIER'), socketUrl: read(options.socketUrl, 'INBOX_SOCKET_URL'), socketType: options.socketType ?? (read(undefined, 'INBOX_SOCKET_TYPE') as SocketType | undefined) };
  }

  /**
   * One request. `internal`: a request of the proxy's own (the v2-over-v1 answers, see
   * v1-translation.ts) for a user already signed in, checked by the request it serves and counted
   * on that request's meter.
   */
  async function serve(request: Request, internal?: { subscriberId: string; meter: UpstreamMeter }): Promise<Response> {
    const settings = readSettings(options);
    if ('problem' in settings) return misconfigured(settings.problem);
    const { upstream, apiKey } = settings;
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    let path = url.pathname;
    if (options.basePath) {
      const base = options.basePath.replace(/\/+$/, '');
      if (!path.startsWith(`${base}/`)) return fail(404, 'Not an inbox route');
      path = path.slice(base.length);
    } else {
      const at = path.search(/\/v[12]\//);
      if (at === -1) return fail(404, 'Not an inbox route');
      path = path.slice(at);
    }

    const rawSegments = path.split('/').slice(1);
    const segments = rawSegments.map(decodeSegment);
    if (segments.some((segment) => segment === undefined)) return fail(400, 'Malformed path');
    const matching = RANKED_ROUTES.filter(
      (candidate) =>
        candidate.pattern.length === segments.length && candidate.pattern.every((part, index) => part.startsWith(':') || part === segments[index]),
    );
    if (matching.length === 0) return fail(404, `No inbox operation at ${path}`);
    const route = matching.find((candidate) => candidate.methods.includes(method));
    if (!route) return fail(405, `${method} is not allowed here`, { Allow: [...new Set(matching.flatMap((candidate) => candidate.methods))].join(', ') });

    // Changes come only from the app's own pages (cross-site request forgery with a cookie session).
    if (!internal && method !== 'GET' && method !== 'HEAD' && !fromAllowedOrigin(request, options)) {
      return fail(403, 'Changes to notifications are accepted only from this site’s own pages');
    }
    const subscriberId = internal ? internal.subscriberId : await options.authenticate(request);
    if (!subscriberId) return fail(401, 'Sign in to see your notifications');
    const wait = internal ? undefined : await overLimits(subscriberId);
    if (wait !== undefined) return tooMany(wait);
    // Every request it sends upstream counts too, not only this one.
    const meter = internal?.meter ?? createUpstreamMeter(() => overLimits(subscriberId));
    const idIndex = route.pattern.indexOf(':subscriber');
    const pathId = idIndex === -1 ? undefined : segments[idIndex];
    if (route.access === 'subscriber' && pathId !== subscriberId) {
      return fail(403, 'You can only read and change your own notifications');
    }
    if (route.access === 'admin' && !(await options.authorizeAdmin?.(request, subscriberId))) {
      return fail(403, 'This operation needs an administrator');
    }
    if (route.access === 'session') {
      return mintSession({ upstream, apiKey, subscriberId, settings: realtimeSettings(), fetch: doFetch, signal: AbortSignal.timeout(timeoutMs), fail, hidden, charge: () => meter.charge(), refused, hmacSeen, hmac: options.hmac ?? 'probe', log });
    }

    const headers = new Headers({ Accept: 'application/json', Authorization: `ApiKey ${apiKey}` });
    const key = request.headers.get('idempotency-key');
    if (key !== null) {
      if (key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) return fail(400, 'idempotency-key must be 1 to 200 visible ASCII characters');
      // Every user shares the API key upstream: a key one user chose must not collide with another's.
      headers.set('idempotency-key', `${await scopeOf(subscriberId)}:${key}`);
    }
    let body: string | undefined;
    if (method !== 'GET') {
      const text = await readBody(request, maxBodyBytes, bodyTimeoutMs);
      if (text === 'too-large') return fail(413, `Request body is larger than ${maxBodyBytes} bytes`);
      if (text === 'too-slow') return fail(408, `Request body did not arrive within ${bodyTimeoutMs} ms`);
      if (text === 'cut-off') return fail(400, 'Request body was cut off');
      if (text !== '') {
        if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) return fail(415, 'Send JSON (Content-Type: application/json)');
        body = text;
        headers.set('Content-Type', 'application/json');
      }
    }

    const search = new URLSearchParams();
    // Repeated keys stay repeated (`severity`, `contextKeys`, `tags`).
    for (const name of route.query ?? []) for (const value of url.searchParams.getAll(name)) search.append(name, value);
    const target = `${upstream}/${segments.map((segment) => encodeURIComponent(segment ?? '')).join('/')}${search.size > 0 ? `?${search.toString()}` : ''}`;

    // A browser that speaks only v2, and a service without v2: the proxy answers over v1.
    const overV1 = !internal && request.headers.get(SPEAKS_HEADER) === 'v2' && segments[0] === 'v2' && segments[3] === 'notifications';
    const answerItself = () => {
      const mount = `${url.origin}${url.pathname.slice(0, url.pathname.length - path.length)}`;
      // A fixed ceiling, whatever the browser asks: the v2 request it tried first included.
      meter.limitTo(TRANSLATION_CEILING);
      const client = internalClient(mount, (inner) => serve(inner, { subscriberId, meter }));
      return answerOverV1(client, markEverything, meter, subscriberId, method, segments as string[], url.searchParams, body, key ?? undefined);
    };
    // Known to have no v2: not asked again for a while (a request each time would double every one).
    if (overV1 && Date.now() < v1Until) return answerItself();

    // One time bound for the whole exchange: the call, its answer, and any look-up it needs.
    const signal = AbortSignal.timeout(timeoutMs);
    const lookUp: LookUp = { upstream, apiKey, fetch: doFetch, signal, allowed: async () => (await meter.charge()) === undefined };
    if (route.precheck === 'snoozed') {
      const notificationId = segments[route.pattern.indexOf(':notification')] ?? '';
      try {
        if (!(await isSnoozedByUser(subscriberId, notificationId, lookUp))) {
          return fail(404, `Could not find a snoozed notification with id '${notificationId}'. The notification may not exist or may not be in a snoozed state.`);
        }
      } catch (error) {
        if (isStoreFailure(error)) throw error;
        if (signal.aborted) return fail(504, `The notification service did not answer within ${timeoutMs} ms`);
        return hidden(502, 'Whether this notification is yours could not be checked; send the request again', String(error));
      }
    }
    const refusal = await meter.charge();
    if (refusal) return refused(refusal);
    let answer: Response;
    try {
      answer = await doFetch(target, { method, headers, body, signal, redirect: 'manual' });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') return fail(504, `The notification service did not answer within ${timeoutMs} ms`);
      return fail(502, 'The notification service could not be reached');
    }
    const passBack = new Headers(ALWAYS);
    for (const name of PASS_BACK) {
      const value = answer.headers.get(name);
      if (value !== null) passBack.set(name, value);
    }
    // The browser sees its own key back, not the scoped one.
    const echoed = passBack.get('idempotency-key');
    if (echoed !== null && key !== null) passBack.set('idempotency-key', echoed.endsWith(`:${key}`) ? key : echoed);
    if (answer.status >= 300 && answer.status < 400) {
      void answer.body?.cancel().catch(() => undefined);
      return hidden(502, 'The notification service answered with a redirect', `${answer.status} to ${answer.headers.get('location')}`);
    }
    let text = await readBody(answer, maxUpstreamBytes);
    if (text === 'too-large') return fail(502, `The notification service’s answer was larger than ${maxUpstreamBytes} bytes`);
    // Its time is the request's signal: a late answer is cut off.
    if (text === 'cut-off' || text === 'too-slow') return signal.aborted ? fail(504, `The notification service did not answer within ${timeoutMs} ms`) : fail(502, 'The notification service’s answer was cut off');
    if (!answer.ok) {
      if (overV1 && isNoRoute(answer.status, text)) {
        // Only the list or its count missing says the service has no v2 (a v2 service may lack a newer route).
        if (method === 'GET' && (segments.length === 4 || (segments.length === 5 && segments[4] === 'count'))) v1Until = Date.now() + V1_REMEMBERED_MS;
        return answerItself();
      }
      const shown = publicError(answer.status, text, STATUS_TEXT[answer.status] ?? 'Error');
      if (!shown) return hidden(answer.status, `The notification service answered ${answer.status}`, text, passBack);
      return Response.json(shown, { status: answer.status, headers: passBack });
    }
    if (text !== '' && !isJson(answer)) return hidden(502, 'The notification service answered with something other than JSON', text);
    if (route.empty) text = '';
    if (text !== '' && (route.messages || route.integration || route.v2)) {
      const passed = await passOn(route, text, subscriberId, lookUp, passBack, search);
      if (typeof passed !== 'string') return passed;
      text = passed;
    }
    if (text !== '') passBack.set('content-type', 'application/json; charset=utf-8');
    return new Response(text === '' ? null : text, { status: answer.status, headers: passBack });
  }
}

/** Whether a request that changes something comes from the route's own site, or an origin allowed. */
function fromAllowedOrigin(request: Request, { allowedOrigins: allowed, allowMissingOrigin }: InboxProxyOptions): boolean {
  if (allowed === '*') return true;
  const origin = request.headers.get('origin');
  if (origin !== null && allowed?.includes(origin)) return true;
  // Browsers say where a request comes from (Fetch Metadata); `none` is the user's own doing (the address bar).
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin' || site === 'none';
  // Neither: not a current browser. With a cookie, it could be a session used by another site.
  if (origin === null) return allowMissingOrigin === true || !request.headers.has('cookie');
  // An older browser: its Origin must be this host.
  try {
    const host = request.headers.get('x-forwarded-host') ?? new URL(request.url).host;
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** A short, stable, one-way tag of a subscriber id, to scope their idempotency keys. */
async function scopeOf(subscriberId: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(subscriberId));
  return hexOf(digest.slice(0, 8));
}
