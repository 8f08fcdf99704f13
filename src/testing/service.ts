/**
 * The reference notification service: an in-memory imitation of the deployed service's API, as
 * one Fetch-API handler `(Request) => Promise<Response>`. MSW and Node's http server are thin
 * adapters over it. This file is the pipeline every request goes through (authentication, rate
 * limit, idempotency, injected faults, the `{data}` envelope); the operations are in `routes/`.
 *
 * By default it answers as the deployed service does (checked against its source and its
 * official SDK, `@novu/api`); `mode: 'spec'` answers as the spec reads literally.
 */
import type { FeedItem, FreePayload } from '../client/schemas/index';
import { avatarSvg } from './avatars';
import { createSeedData, type SeedOptions } from './fixtures';
import { errorResult, HttpError, isPlainObject as isRecord, toResponse, type Result } from './http-util';
import type { ServiceData } from './model';
import { toFeedItem } from './projections';
import { decodeParam } from './query-params';
import { createRandom } from './random';
import { broadcastRoutes } from './routes/broadcast';
import type { Route, ServiceMode, ServiceState } from './routes/context';
import { feedRoutes, filterFeed, messagesOf } from './routes/feed';
import { integrationRoutes } from './routes/integrations';
import { messageRoutes } from './routes/messages';
import { notificationChangeRoutes } from './routes/notification-changes';
import { wakeSnoozed } from './routes/notification-common';
import { notificationBulkRoutes } from './routes/notifications-bulk';
import { notificationListRoutes } from './routes/notifications-list';
import { preferenceRoutes } from './routes/preferences';
import { sessionRoutes } from './routes/session';
import { subscriberRoutes } from './routes/subscribers';
import { createRealtime, type SocketFrame } from './realtime';
import { jsonDepth, MAX_JSON_DEPTH } from './json-depth';

export type { ServiceMode } from './routes/context';

export interface FaultOptions {
  /** Delay before each API request is processed, in ms: fixed, or a [min, max] range. */
  latencyMs?: number | [number, number];
  /** Share (0 to 1) of API requests answered with `errorStatus` before anything is applied. */
  errorRate?: number;
  /** Status of injected errors. Default 503. */
  errorStatus?: number;
  /** Share of API requests whose connection is dropped before anything is applied. */
  dropRate?: number;
  /** Share of API requests that are applied, then lose their response (the connection drops). */
  dropAfterRate?: number;
}

/** One injected fault for the next matching request. */
export interface OneShotFault {
  /** Answer with this status (and the service's error body) before applying anything. */
  status?: number;
  /** `before`: drop the connection before applying; `after`: apply, then drop the response. */
  drop?: 'before' | 'after';
  /** Extra delay for this request, in ms. */
  latencyMs?: number;
  /** `Retry-After` seconds sent with `status`. */
  retryAfter?: number;
  /** Only requests with this method. */
  method?: string;
  /** Only requests whose path contains this string or matches this pattern. */
  path?: string | RegExp;
}

export interface ReferenceServiceOptions extends SeedOptions {
  /** The API key clients must send as `Authorization: ApiKey <key>`. Default `sk_test_inbox_kit`. */
  apiKey?: string;
  /**
   * `'deployed'` (default): answer as the deployed service does: `{data}` envelope, feed `pageSize`
   * = the limit and `totalCount` at most the limit, 400 for a subscriber it does not know, 201 for
   * set-primary and broadcast, preferences of active workflows only, `workflowId` by `_id` or slug.
   * `'spec'`: as the spec reads literally: bare bodies, `pageSize` = items returned, the true
   * `totalCount`, 404 for an unknown subscriber, 200 for set-primary and broadcast.
   */
  mode?: ServiceMode;
  /** Wrap non-paged bodies as `{"data": ...}`. Default: on in `'deployed'` mode, off in `'spec'`. */
  envelope?: boolean;
  /**
   * Mark-as answers with messages of other subscribers when their ids are sent (unchanged), as the
   * deployed service does. Default: on in `'deployed'` mode. `createInboxProxy` filters them out.
   */
  leakForeignMessages?: boolean;
  /**
   * Serve the v2 subscriber-notifications API (`/v2/subscribers/{id}/notifications`). Default: on in
   * `'deployed'` mode, off in `'spec'`. `false` in `'deployed'` mode: a deployment older than that
   * API, which answers its routes with the router's 404.
   */
  notificationsV2?: boolean;
  /** Serve `POST .../messages/mark-all`. Default true; false answers 404, as a service without it. */
  markAll?: boolean;
  /** Allow at most `limit` API requests per `windowMs` per key; then 429. Default off. */
  rateLimit?: { limit: number; windowMs: number } | false;
  /** Faults injected into API requests. Default none. */
  faults?: FaultOptions;
  /** Accept `PATCH .../preferences`. When false it answers 403, for the read-only UI. Default true. */
  preferenceUpdates?: boolean;
  /** Answer CORS preflights and allow any origin. Default true. */
  cors?: boolean;
  /** Largest request body accepted, in bytes. Default 100 000. */
  maxBodyBytes?: number;
  /**
   * The longest snooze accepted, in ms; longer is refused with 402, as the service's plan limit is.
   * Default 24 hours: its free plan, which is also what an organisation without a plan and a
   * self-hosted one get; its paid plans allow 90 days.
   */
  maxSnoozeMs?: number;
  /** Clock for timestamps and rate limits. Default `Date.now`. */
  clock?: () => number;
  /**
   * Where browsers reach this service's avatars, e.g. `/service` behind your app's own origin.
   * Default: the origin and mount path of each request.
   */
  publicBaseUrl?: string;
  /** The environment's public identifier, which `POST /v1/inbox/session` asks for. Default `inbox-kit-reference`. */
  applicationIdentifier?: string;
  /** HMAC on the in-app integration: a session then needs `subscriberHash` (see `createInboxProxy`). Default false. */
  hmac?: boolean;
  /** How long a session's token opens the socket, in ms. Default 15 days, as the service's. */
  sessionTtlMs?: number;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  replayed: boolean;
  /** The idempotency key the request carried, if any. */
  idempotencyKey?: string | undefined;
  /** The request changed something (a write the service applied; a replay applies nothing). */
  applied?: boolean;
}

export interface ReferenceService {
  /** Answers one request. Returns `Response.error()` for an injected dropped connection. */
  handle(request: Request): Promise<Response>;
  readonly apiKey: string;
  /** The live records; tests may read and change them. */
  readonly data: ServiceData;
  /** Every API request answered, oldest first. */
  readonly requests: RequestLogEntry[];
  setFaults(faults: FaultOptions): void;
  /** Queue a fault for the next matching API request (`times` requests in a row). */
  injectFault(fault: OneShotFault, times?: number): void;
  /** Back to the seed data, with no faults, no idempotency keys and an empty request log. */
  reset(): void;
  /** The environment's public identifier (sessions are minted for it). */
  readonly applicationIdentifier: string;
  /**
   * The socket's side: the frames of the subscriber a session token was minted for, sent to `send`
   * until the returned function is called or the token expires, by the service's clock (then
   * `expired` is called, once: the socket is to be closed); `undefined` when the token is unknown or
   * expired.
   */
  listen(token: string, send: (frame: SocketFrame) => void, expired?: () => void): (() => void) | undefined;
  /** The subscriberId a session token was minted for, while it is valid. */
  sessionOf(token: string): string | undefined;
  /** The service's truth for a subscriber's feed (newest first), without paging. */
  feedOf(subscriberId: string, filter?: { read?: boolean; seen?: boolean; payload?: Record<string, unknown> }): FeedItem<FreePayload>[];
}

const DEFAULT_API_KEY = 'sk_test_inbox_kit';
const SESSION_PATH = /\/v1\/inbox\/session$/;
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept, idempotency-key',
  'Access-Control-Expose-Headers': 'Idempotency-Key, Idempotency-Replay, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy',
  'Access-Control-Max-Age': '600',
};

interface IdempotencyRecord {
  fingerprint: string;
  expiresAt: number;
  result: Result | undefined;
}

export function createReferenceService(options: ReferenceServiceOptions = {}): ReferenceService {
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  const mode: ServiceMode = options.mode ?? 'deployed';
  const envelope = options.envelope ?? mode === 'deployed';
  const clock = options.clock ?? Date.now;
  const maxBodyBytes = options.maxBodyBytes ?? 100_000;
  const applicationIdentifier = options.applicationIdentifier ?? 'inbox-kit-reference';
  const seed = () => {
    const seeded = createSeedData({ ...options, now: options.now ?? clock() });
    for (const integration of seeded.integrations) if (integration.channel === 'in_app') integration.credentials = { ...integration.credentials, hmac: options.hmac === true };
    return seeded;
  };

  let data = seed();
  let faults: FaultOptions = { ...options.faults };
  let oneShots: OneShotFault[] = [];
  let idempotency = new Map<string, IdempotencyRecord>();
  let rateWindow = { start: 0, count: 0 };
  let transactions = new Set<string>();
  const requests: RequestLogEntry[] = [];
  const faultRandom = createRandom((options.seed ?? 1) * 7919);
  const idRandom = createRandom((options.seed ?? 1) * 104_729);
  const newId = () => idRandom.hex(24);
  const now = () => new Date(clock()).toISOString();

  const state: ServiceState = {
    get data() {
      return data;
    },
    mode,
    leakForeignMessages: options.leakForeignMessages ?? mode === 'deployed',
    preferenceUpdates: options.preferenceUpdates !== false,
    get transactions() {
      return transactions;
    },
    now,
    clock,
    maxSnoozeMs: options.maxSnoozeMs ?? 86_400_000,
    newId,
  };
  const session = sessionRoutes(state, { apiKey, applicationIdentifier, ttlMs: options.sessionTtlMs ?? 15 * 86_400_000 });
  const realtime = createRealtime(state, session.sessions);
  const routes: Route[] = [
    ...session.routes,
    ...feedRoutes(state),
    ...subscriberRoutes(state),
    ...integrationRoutes(state),
    ...preferenceRoutes(state),
    ...messageRoutes(state, { markAll: options.markAll !== false }),
    ...broadcastRoutes(state),
    // The v2 subscriber-notifications API: the deployed service's; the spec has v1 only.
    ...((options.notificationsV2 ?? mode === 'deployed') ? [...notificationListRoutes(state), ...notificationChangeRoutes(state), ...notificationBulkRoutes(state)] : []),
  ];

  // ------------------------------------------------------------ pipeline

  function authenticate(request: Request): void {
    const header = request.headers.get('Authorization');
    if (!header) throw new HttpError(401, 'Missing authorization header');
    const [scheme = '', ...rest] = header.trim().split(/\s+/);
    if (scheme !== 'ApiKey') throw new HttpError(401, `Invalid authentication scheme: "${scheme}"`);
    if (rest.join(' ') !== apiKey) throw new HttpError(401, 'API Key not found');
  }

  function rateLimit(): Record<string, string> {
    if (!options.rateLimit) return {};
    const { limit, windowMs } = options.rateLimit;
    const t = clock();
    if (t - rateWindow.start >= windowMs) rateWindow = { start: t, count: 0 };
    rateWindow.count++;
    const resetSeconds = Math.max(1, Math.ceil((rateWindow.start + windowMs - t) / 1000));
    const headers = {
      'RateLimit-Limit': String(limit),
      'RateLimit-Remaining': String(Math.max(0, limit - rateWindow.count)),
      'RateLimit-Reset': String(resetSeconds),
      'RateLimit-Policy': `${limit};w=${Math.max(1, Math.round(windowMs / 1000))};comment="fixed window";category="global";cost="single"`,
    };
    if (rateWindow.count > limit) {
      throw new HttpError(429, 'API rate limit exceeded', { ...headers, 'Retry-After': String(resetSeconds) });
    }
    return headers;
  }

  function takeOneShot(method: string, path: string): OneShotFault | undefined {
    const index = oneShots.findIndex(
      (f) =>
        (f.method === undefined || f.method.toUpperCase() === method) &&
        (f.path === undefined || (typeof f.path === 'string' ? path.includes(f.path) : f.path.test(path))),
    );
    return index === -1 ? undefined : oneShots.splice(index, 1)[0];
  }

  async function readJson(request: Request): Promise<{ text: string; body: unknown }> {
    const text = await request.text();
    if (new TextEncoder().encode(text).length > maxBodyBytes) throw new HttpError(413, `Request body is larger than ${maxBodyBytes} bytes`);
    if (text === '') return { text, body: undefined };
    if (jsonDepth(text) > MAX_JSON_DEPTH) throw new HttpError(400, `Request body nests deeper than ${MAX_JSON_DEPTH} levels`);
    try {
      return { text, body: JSON.parse(text) as unknown };
    } catch {
      throw new HttpError(400, 'Request body is not valid JSON');
    }
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const corsHeaders: Record<string, string> = options.cors === false ? {} : CORS_HEADERS;
    if (method === 'OPTIONS' && options.cors !== false) return new Response(null, { status: 204, headers: corsHeaders });

    const avatar = /\/avatars\/([\w-]+)\.svg$/.exec(url.pathname);
    if (avatar && method === 'GET') {
      const name = avatar[1] ?? '';
      // Own names only: `constructor`, `__proto__` and the like are unknown avatars, not prototype members.
      const spec = Object.hasOwn(data.avatars, name) ? data.avatars[name] : undefined;
      if (!spec) return toResponse(errorResult(404, 'Avatar not found', url.pathname), corsHeaders);
      return new Response(avatarSvg(spec), {
        headers: {
          ...corsHeaders,
          'Content-Type': 'image/svg+xml',
          'Cache-Control': 'public, max-age=86400',
          'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
        },
      });
    }

    const path = url.pathname;
    let replayed = false;
    let idempotencyKey: string | undefined;
    let record: IdempotencyRecord | undefined;
    let rateHeaders: Record<string, string> = {};
    let applied = false;
    const finish = (result: Result, extra: Record<string, string> = {}) => {
      requests.push({ method, path, status: result.status, replayed, idempotencyKey, applied });
      const body = envelope && result.status < 400 ? wrap(result.body) : result.body;
      const echo: Record<string, string> = idempotencyKey !== undefined ? { 'Idempotency-Key': idempotencyKey } : {};
      return toResponse({ ...result, body }, { ...corsHeaders, ...rateHeaders, ...echo, ...extra });
    };

    const shot = takeOneShot(method, path);
    const before = method === 'GET' ? undefined : realtime.before();
    try {
      // A browser's session is the one route without the API key.
      if (!SESSION_PATH.test(path)) authenticate(request);
      rateHeaders = rateLimit();
      let params: string[] = [];
      let base = '';
      const route = routes.find((r) => {
        if (r.method !== method) return false;
        const match = r.pattern.exec(path);
        if (!match) return false;
        base = options.publicBaseUrl?.replace(/\/+$/, '') ?? `${url.origin}${match[1] ?? ''}`;
        params = match.slice(2).map((p) => decodeParam(p));
        return true;
      });
      // The router's words name the URL with its query, as Express gives it.
      if (!route) throw new HttpError(404, `Cannot ${method} ${path}${url.search}`);
      wakeSnoozed(state);
      const { text, body } = method === 'GET' ? { text: '', body: undefined } : await readJson(request);

      if (method === 'POST' || method === 'PATCH') {
        idempotencyKey = request.headers.get('idempotency-key') ?? undefined;
        if (idempotencyKey !== undefined) {
          if (idempotencyKey.length > 255) throw new HttpError(400, 'idempotency-key must be at most 255 characters');
          const fingerprint = `${method} ${path}${url.search}\n${text}`;
          const scoped = `${apiKey}:${idempotencyKey}`;
          const known = idempotency.get(scoped);
          if (known && known.expiresAt > clock()) {
            if (known.fingerprint !== fingerprint) {
              // The deployed service's words (its idempotency interceptor).
              throw new HttpError(422, `Request with key "${idempotencyKey}" is being reused for a different body`);
            }
            if (!known.result) {
              throw new HttpError(409, `Request with key "${idempotencyKey}" is currently being processed. Please retry after 1 second`, { 'Retry-After': '1' });
            }
            replayed = true;
            return finish(known.result, { 'Idempotency-Replay': 'true' });
          }
          record = { fingerprint, expiresAt: clock() + IDEMPOTENCY_TTL_MS, result: undefined };
          idempotency.set(scoped, record);
        }
      }

      const latency = shot?.latencyMs ?? pickLatency(faults.latencyMs);
      if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));

      const dropBefore = shot?.drop === 'before' || (!shot && faultRandom.chance(faults.dropRate ?? 0));
      const injectedStatus = shot?.status ?? (!shot && faultRandom.chance(faults.errorRate ?? 0) ? (faults.errorStatus ?? 503) : undefined);
      if (dropBefore || injectedStatus !== undefined) {
        if (record && idempotencyKey) idempotency.delete(`${apiKey}:${idempotencyKey}`);
        record = undefined;
        if (dropBefore) {
          requests.push({ method, path, status: 0, replayed, idempotencyKey, applied });
          return Response.error();
        }
        const retryAfter: Record<string, string> = shot?.retryAfter !== undefined ? { 'Retry-After': String(shot.retryAfter) } : {};
        return finish(errorResult(injectedStatus ?? 503, 'Injected fault: the service is unavailable', path, retryAfter));
      }

      let result: Result;
      try {
        result = await route.run({ request, url, base, params, body });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        result = errorResult(error.status, error.messages, path, error.headers, error.fields);
      }
      if (record) record.result = result;
      applied = method !== 'GET' && result.status < 400;
      if (applied && before) realtime.changed(before, base);
      const dropAfter = shot?.drop === 'after' || (!shot && faultRandom.chance(faults.dropAfterRate ?? 0));
      if (dropAfter) {
        requests.push({ method, path, status: 0, replayed, idempotencyKey, applied });
        return Response.error();
      }
      return finish(result);
    } catch (error) {
      if (record && idempotencyKey) idempotency.delete(`${apiKey}:${idempotencyKey}`);
      if (error instanceof HttpError) return finish(errorResult(error.status, error.messages, path, error.headers, error.fields));
      return finish(errorResult(500, error instanceof Error ? error.message : 'Internal server error', path));
    }
  }

  /**
   * The deployed service's response interceptor: a result with a truthy `data` that is not an
   * entity (no `_id`/`id`) passes as it is (the feed page); anything else becomes `{data: ...}`.
   */
  function wrap(body: unknown): unknown {
    if (body === undefined) return body;
    if (isRecord(body) && body.data && !body._id && !body.id) return body;
    return { data: body };
  }

  function pickLatency(latency: FaultOptions['latencyMs']): number {
    if (latency === undefined) return 0;
    if (typeof latency === 'number') return latency;
    const [min, max] = latency;
    return min + faultRandom.next() * (max - min);
  }

  return {
    handle,
    apiKey,
    get data() {
      return data;
    },
    requests,
    setFaults(next) {
      faults = { ...next };
    },
    injectFault(fault, times = 1) {
      for (let i = 0; i < times; i++) oneShots.push({ ...fault });
    },
    reset() {
      data = seed();
      faults = { ...options.faults };
      oneShots = [];
      idempotency = new Map();
      rateWindow = { start: 0, count: 0 };
      transactions = new Set();
      requests.length = 0;
    },
    applicationIdentifier,
    listen: realtime.listen,
    sessionOf: (token) => session.sessions.subscriberOf(token)?.subscriberId,
    feedOf(subscriberId, filter = {}) {
      const subscriber = data.subscribers.find((s) => s.subscriberId === subscriberId);
      if (!subscriber) return [];
      return filterFeed(messagesOf(state, subscriber), filter).map((m) => toFeedItem(state, m, '') as FeedItem<FreePayload>);
    },
  };
}

