/**
 * The reference notification service: an in-memory implementation of the
 * whole interface, as one Fetch-API handler `(Request) => Promise<Response>`.
 * MSW and Node's http server are thin adapters over it.
 *
 * Where the spec says "not shown" it follows shared/DESIGN.md.
 */
import { partialMatch } from '../client/payload';
import { CHANNELS, type Channel, type FeedItem, type Integration, type Message, type PreferenceChannels, type PreferenceOverride, type Preferences } from '../client/schemas/index';
import { avatarSvg } from './avatars';
import { deliverInApp } from './deliver';
import { createSeedData, type SeedOptions } from './fixtures';
import { errorResult, HttpError, isPlainObject, toResponse, type Result } from './http-util';
import type { ServiceData, StoredMessage, StoredSubscriber, StoredWorkflow } from './model';
import { createRandom } from './random';

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
  /** Wrap non-paged bodies as `{"data": ...}`, as the deployed service does. Default false. */
  envelope?: boolean;
  /** Report `totalCount` as the page size, as the deployed service sometimes does. Default false. */
  unreliableTotalCount?: boolean;
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
  /** Clock for timestamps and rate limits. Default `Date.now`. */
  clock?: () => number;
  /**
   * Where browsers reach this service's avatars, e.g. `/service` behind your app's own origin.
   * Default: the origin and mount path of each request.
   */
  publicBaseUrl?: string;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  replayed: boolean;
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
  /** The service's truth for a subscriber's feed (newest first), without paging. */
  feedOf(subscriberId: string, filter?: { read?: boolean; seen?: boolean; payload?: Record<string, unknown> }): FeedItem[];
}

const DEFAULT_API_KEY = 'sk_test_inbox_kit';
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PATCH, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept, idempotency-key',
  'Access-Control-Expose-Headers': 'Idempotency-Replay, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset',
  'Access-Control-Max-Age': '600',
};

interface Context {
  request: Request;
  url: URL;
  /** Origin and mount prefix, for URLs the service hands out (avatars). */
  base: string;
  params: string[];
  body: unknown;
}

interface Route {
  method: string;
  pattern: RegExp;
  run(ctx: Context): Result | Promise<Result>;
}

interface IdempotencyRecord {
  fingerprint: string;
  expiresAt: number;
  result: Result | undefined;
}

export function createReferenceService(options: ReferenceServiceOptions = {}): ReferenceService {
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  const clock = options.clock ?? Date.now;
  const maxBodyBytes = options.maxBodyBytes ?? 100_000;
  const seed = () => createSeedData({ ...options, now: options.now ?? clock() });

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

  // ------------------------------------------------------------ lookups

  function subscriberOr404(subscriberId: string): StoredSubscriber {
    const subscriber = data.subscribers.find((s) => s.subscriberId === subscriberId && !s.deleted);
    if (!subscriber) throw new HttpError(404, `Subscriber "${subscriberId}" was not found`);
    return subscriber;
  }

  function workflowByIdOrIdentifier(id: string): StoredWorkflow | undefined {
    return data.workflows.find((w) => w._id === id || w.identifier === id);
  }

  function messagesOf(subscriber: StoredSubscriber): StoredMessage[] {
    return data.messages
      .filter((m) => m._subscriberId === subscriber._id && m.channel === 'in_app')
      .sort((a, b) => (a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
  }

  function filterFeed(list: StoredMessage[], filter: { read?: boolean | undefined; seen?: boolean | undefined; payload?: Record<string, unknown> | undefined }) {
    return list.filter(
      (m) =>
        (filter.read === undefined || m.read === filter.read) &&
        (filter.seen === undefined || m.seen === filter.seen) &&
        (filter.payload === undefined || partialMatch(filter.payload, m.payload)),
    );
  }

  // ------------------------------------------------------------ projections

  function resolveUrl(value: string | null | undefined, base: string): string | null | undefined {
    return typeof value === 'string' && value.startsWith('/avatars/') ? `${base}${value}` : value;
  }

  /** The fields a feed item and a message share. */
  function commonFields(m: StoredMessage) {
    return {
      _id: m._id,
      _templateId: m._templateId,
      _environmentId: data.environmentId,
      _messageTemplateId: m._messageTemplateId,
      _organizationId: data.organizationId,
      _notificationId: m._notificationId,
      _subscriberId: m._subscriberId,
      _feedId: null,
      transactionId: m.transactionId,
      templateIdentifier: m.templateIdentifier,
      providerId: 'novu',
      content: m.content,
      ...(m.subject !== undefined ? { subject: m.subject } : {}),
      channel: m.channel,
      read: m.read,
      seen: m.seen,
      cta: structuredClone(m.cta),
      status: m.status,
      payload: structuredClone(m.payload),
      overrides: structuredClone(m.overrides),
    };
  }

  function toFeedItem(m: StoredMessage, base: string): FeedItem {
    const actorSubscriber = m.actorSubscriber
      ? { ...m.actorSubscriber, ...(m.actorSubscriber.avatar ? { avatar: resolveUrl(m.actorSubscriber.avatar, base) ?? '' } : {}) }
      : undefined;
    return {
      ...commonFields(m),
      _jobId: m._jobId,
      createdAt: m.createdAt,
      updatedAt: m.updatedAt,
      actor: { type: m.actor.type, data: resolveUrl(m.actor.data, base) ?? null },
      ...(actorSubscriber ? { subscriber: actorSubscriber } : {}),
      deviceTokens: null,
      data: null,
      tags: [...m.tags],
    };
  }

  function toMessage(m: StoredMessage): Message {
    return {
      ...commonFields(m),
      createdAt: m.createdAt,
      deliveredAt: [m.createdAt],
      ...(m.lastSeenDate ? { lastSeenDate: m.lastSeenDate } : {}),
      ...(m.lastReadDate ? { lastReadDate: m.lastReadDate } : {}),
    };
  }

  /** Which channels a workflow can deliver on: those of its active steps. */
  function activeChannels(workflow: StoredWorkflow): Channel[] {
    return CHANNELS.filter((channel) => workflow.steps.some((step) => step.active && step.channel === channel));
  }

  /**
   * One channel of one workflow for one subscriber: whether it is on, and the layer that set it.
   * The most specific layer wins, as in the deployed service's preference merge:
   * a channel the organization locked for the workflow (`workflowOverride`: the template's value, whatever
   * the subscriber chose) > the subscriber's choice for this workflow > the subscriber's global choice
   * (both `subscriber`) > the template's default (`template`) > on.
   * The preferences read-out and delivery both ask this, so what the subscriber sees is what is delivered.
   */
  function channelPreference(subscriber: StoredSubscriber, workflow: StoredWorkflow, channel: Channel): { enabled: boolean; source: PreferenceOverride['source'] } {
    const template = workflow.preferenceSettings[channel] ?? true;
    if (workflow.locked?.includes(channel)) return { enabled: template, source: 'workflowOverride' };
    const chosen = subscriber.preferences.workflows[workflow._id]?.[channel] ?? subscriber.preferences.global[channel];
    return chosen === undefined ? { enabled: template, source: 'template' } : { enabled: chosen, source: 'subscriber' };
  }

  function preferencesOf(subscriber: StoredSubscriber): Preferences {
    const globalChannels: PreferenceChannels = {};
    for (const channel of CHANNELS) globalChannels[channel] = subscriber.preferences.global[channel] ?? true;
    return {
      global: { enabled: true, channels: globalChannels },
      workflows: data.workflows
        .filter((workflow) => !workflow.critical)
        .map((workflow) => {
          const channels: PreferenceChannels = {};
          const overrides: PreferenceOverride[] = [];
          for (const channel of activeChannels(workflow)) {
            const { enabled, source } = channelPreference(subscriber, workflow, channel);
            channels[channel] = enabled;
            overrides.push({ channel, source });
          }
          return {
            enabled: true,
            channels,
            overrides,
            workflow: {
              slug: workflow.identifier,
              identifier: workflow.identifier,
              name: workflow.name,
              updatedAt: workflow.updatedAt,
            },
          };
        }),
    };
  }

  /** Whether the subscriber's preferences let this workflow reach them on this channel (critical workflows ignore them). */
  function allows(subscriber: StoredSubscriber, workflow: StoredWorkflow, channel: Channel): boolean {
    return workflow.critical || channelPreference(subscriber, workflow, channel).enabled;
  }

  // ------------------------------------------------------------ operations

  const routes: Route[] = [
    {
      method: 'GET',
      pattern: /^(.*)\/v1\/subscribers\/([^/]+)\/notifications\/feed$/,
      run({ params, url, base }) {
        const subscriberId = params[0] ?? '';
        const query = url.searchParams;
        const problems: string[] = [];
        const page = integerParam(query.get('page'), 'page', 0, Number.MAX_SAFE_INTEGER, 0, problems);
        const limit = integerParam(query.get('limit'), 'limit', 1, 100, 10, problems);
        const read = booleanParam(query.get('read'), 'read', problems);
        const seen = booleanParam(query.get('seen'), 'seen', problems);
        if (problems.length > 0) throw new HttpError(400, problems);
        const payload = decodePayloadFilter(query.get('payload'));
        const subscriber = subscriberOr404(subscriberId);
        const matching = filterFeed(messagesOf(subscriber), { read, seen, payload });
        const slice = matching.slice(page * limit, page * limit + limit);
        return {
          status: 200,
          body: {
            totalCount: options.unreliableTotalCount ? slice.length : matching.length,
            hasMore: matching.length > page * limit + slice.length,
            data: slice.map((m) => toFeedItem(m, base)),
            pageSize: slice.length,
            page,
          },
        };
      },
    },
    {
      method: 'POST',
      pattern: /^(.*)\/v1\/integrations\/([^/]+)\/set-primary$/,
      run({ params }) {
        const integration = data.integrations.find((i) => i._id === params[0] && !i.deleted);
        if (!integration) throw new HttpError(404, `Integration "${params[0] ?? ''}" was not found`);
        if (integration.channel !== 'email' && integration.channel !== 'sms') {
          throw new HttpError(400, `Channel ${integration.channel} does not support primary`);
        }
        for (const other of data.integrations) {
          if (other !== integration && other.channel === integration.channel && other._environmentId === integration._environmentId && other.active && other.primary) {
            other.primary = false;
          }
        }
        integration.active = true;
        integration.primary = true;
        integration.conditions = [];
        return { status: 200, body: structuredClone(integration) satisfies Integration };
      },
    },
    {
      method: 'GET',
      pattern: /^(.*)\/v2\/subscribers\/([^/]+)\/preferences$/,
      run({ params }) {
        return { status: 200, body: preferencesOf(subscriberOr404(params[0] ?? '')) };
      },
    },
    {
      method: 'PATCH',
      pattern: /^(.*)\/v2\/subscribers\/([^/]+)\/preferences$/,
      run({ params, body }) {
        const subscriber = subscriberOr404(params[0] ?? '');
        if (options.preferenceUpdates === false) {
          throw new HttpError(403, 'Preferences are managed by your organization and cannot be changed here');
        }
        if (!isPlainObject(body)) throw new HttpError(400, ['body must be an object with `channels` and optional `workflowId`']);
        const { channels, workflowId } = body;
        const problems: string[] = [];
        if (!isPlainObject(channels)) problems.push('channels must be an object');
        else {
          for (const [channel, value] of Object.entries(channels)) {
            if (!(CHANNELS as readonly string[]).includes(channel)) problems.push(`channels.${channel} is not a channel (${CHANNELS.join(', ')})`);
            else if (typeof value !== 'boolean') problems.push(`channels.${channel} must be a boolean value`);
          }
        }
        if (workflowId !== undefined && (typeof workflowId !== 'string' || workflowId === '')) problems.push('workflowId must be a non-empty string');
        if (problems.length > 0 || !isPlainObject(channels)) throw new HttpError(400, problems);
        const changes = channels as PreferenceChannels;
        if (typeof workflowId === 'string') {
          const workflow = workflowByIdOrIdentifier(workflowId);
          if (!workflow) throw new HttpError(404, `Workflow "${workflowId}" was not found`);
          if (workflow.critical) throw new HttpError(400, `Workflow "${workflow.identifier}" is critical: its preferences cannot be changed`);
          const locked = Object.keys(changes).filter((channel) => workflow.locked?.some((c) => c === channel));
          if (locked.length > 0) {
            throw new HttpError(400, `Channel ${locked.join(', ')} of workflow "${workflow.identifier}" is set by your organization and cannot be changed`);
          }
          subscriber.preferences.workflows[workflow._id] = { ...subscriber.preferences.workflows[workflow._id], ...changes };
        } else {
          subscriber.preferences.global = { ...subscriber.preferences.global, ...changes };
        }
        subscriber.updatedAt = now();
        return { status: 200, body: preferencesOf(subscriber) };
      },
    },
    {
      method: 'POST',
      pattern: /^(.*)\/v1\/subscribers\/([^/]+)\/messages\/mark-as$/,
      run({ params, body }) {
        const subscriber = subscriberOr404(params[0] ?? '');
        const problems: string[] = [];
        const raw = isPlainObject(body) ? body : {};
        const ids = typeof raw.messageId === 'string' ? [raw.messageId] : Array.isArray(raw.messageId) ? raw.messageId : undefined;
        if (!ids || ids.length === 0 || ids.some((id) => typeof id !== 'string' || id === '')) problems.push('messageId should not be empty');
        const markAs = raw.markAs;
        if (markAs !== 'read' && markAs !== 'unread' && markAs !== 'seen' && markAs !== 'unseen') {
          problems.push('markAs must be one of the following values: read, seen, unread, unseen');
        }
        if (problems.length > 0) throw new HttpError(400, problems);
        const at = now();
        const changed: Message[] = [];
        for (const id of new Set(ids as string[])) {
          // Unknown ids and other subscribers' messages are skipped, never returned.
          const message = data.messages.find((m) => m._id === id && m._subscriberId === subscriber._id);
          if (!message) continue;
          if (markAs === 'read') {
            message.read = true;
            message.seen = true;
            message.lastReadDate = at;
            message.lastSeenDate = at;
          } else if (markAs === 'unread') {
            message.read = false;
          } else if (markAs === 'seen') {
            message.seen = true;
            message.lastSeenDate = at;
          } else {
            message.seen = false;
          }
          message.updatedAt = at;
          changed.push(toMessage(message));
        }
        return { status: 201, body: changed };
      },
    },
    {
      method: 'POST',
      pattern: /^(.*)\/v1\/events\/trigger\/broadcast$/,
      run({ body }) {
        if (!isPlainObject(body)) throw new HttpError(400, ['name should not be empty', 'payload must be an object']);
        const problems: string[] = [];
        if (typeof body.name !== 'string' || body.name.trim() === '') problems.push('name should not be empty');
        if (!isPlainObject(body.payload)) problems.push('payload must be an object');
        if (body.overrides !== undefined && !isPlainObject(body.overrides)) problems.push('overrides must be an object');
        if (body.transactionId !== undefined && (typeof body.transactionId !== 'string' || body.transactionId === '')) {
          problems.push('transactionId must be a non-empty string');
        }
        if (problems.length > 0 || typeof body.name !== 'string' || !isPlainObject(body.payload)) throw new HttpError(400, problems);
        return broadcast({
          name: body.name,
          payload: body.payload,
          overrides: isPlainObject(body.overrides) ? body.overrides : undefined,
          transactionId: typeof body.transactionId === 'string' ? body.transactionId : undefined,
          actor: body.actor,
          tenant: body.tenant,
        });
      },
    },
  ];

  interface BroadcastBody {
    name: string;
    payload: Record<string, unknown>;
    overrides: Record<string, unknown> | undefined;
    transactionId: string | undefined;
    actor?: unknown;
    tenant?: unknown;
  }

  function broadcast(body: BroadcastBody): Result {
    const workflow = data.workflows.find((w) => w.identifier === body.name);
    if (!workflow) throw new HttpError(422, 'workflow_not_found');
    const transactionId = body.transactionId ?? crypto.randomUUID();
    const answer = (status: string, error?: string[]): Result => ({
      status: 200,
      body: { acknowledged: true, status, ...(error ? { error } : {}), transactionId },
    });
    if (transactions.has(transactionId)) {
      return answer('error', [`transactionId "${transactionId}" was already used: the event was not delivered again`]);
    }
    if (typeof body.tenant === 'string' && !data.tenants.some((t) => t.identifier === body.tenant)) {
      return answer('no_tenant_found', [`Tenant "${body.tenant}" was not found`]);
    }
    if (!workflow.active) return answer('trigger_not_active');
    if (workflow.steps.length === 0) return answer('no_workflow_steps_defined');
    if (!workflow.steps.some((step) => step.active)) return answer('no_workflow_active_steps_defined');

    // Recipients are the subscribers that exist before this event (a new actor is not one of them).
    const recipients = data.subscribers.filter((s) => !s.deleted);
    let actor: StoredMessage['actorSubscriber'];
    if (typeof body.actor === 'string') {
      const found = data.subscribers.find((s) => s.subscriberId === body.actor);
      if (!found) return answer('invalid_recipients', [`actor "${body.actor}" is not a subscriber; pass an actor object to create one`]);
      actor = feedSubscriberOf(found);
    } else if (isPlainObject(body.actor)) {
      if (typeof body.actor.subscriberId !== 'string' || body.actor.subscriberId === '') {
        throw new HttpError(400, ['actor.subscriberId should not be empty']);
      }
      actor = feedSubscriberOf(upsertSubscriber(body.actor));
    }
    if (isPlainObject(body.tenant) && typeof body.tenant.identifier === 'string' && !data.tenants.some((t) => t.identifier === (body.tenant as { identifier: string }).identifier)) {
      data.tenants.push({ identifier: body.tenant.identifier, name: typeof body.tenant.name === 'string' ? body.tenant.name : body.tenant.identifier, data: isPlainObject(body.tenant.data) ? body.tenant.data : {} });
    }

    transactions.add(transactionId);
    const inApp = workflow.steps.some((step) => step.active && step.channel === 'in_app') && workflow.inApp;
    if (inApp) {
      const createdAt = now();
      for (const subscriber of recipients) {
        if (!allows(subscriber, workflow, 'in_app')) continue;
        data.messages.push(
          deliverInApp({
            workflow,
            subscriber,
            payload: structuredClone(body.payload),
            overrides: structuredClone(body.overrides ?? {}),
            transactionId,
            createdAt,
            actor,
            ids: { message: newId(), notification: newId(), job: newId(), messageTemplate: newId() },
          }),
        );
      }
    }
    return answer('processed');
  }

  function feedSubscriberOf(subscriber: StoredSubscriber): NonNullable<StoredMessage['actorSubscriber']> {
    return {
      _id: subscriber._id,
      subscriberId: subscriber.subscriberId,
      ...(subscriber.firstName ? { firstName: subscriber.firstName } : {}),
      ...(subscriber.lastName ? { lastName: subscriber.lastName } : {}),
      ...(subscriber.avatar ? { avatar: subscriber.avatar } : {}),
    };
  }

  function upsertSubscriber(actor: Record<string, unknown>): StoredSubscriber {
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    const existing = data.subscribers.find((s) => s.subscriberId === actor.subscriberId);
    if (existing) return existing;
    const at = now();
    const created: StoredSubscriber = {
      _id: newId(),
      subscriberId: String(actor.subscriberId),
      firstName: text(actor.firstName),
      lastName: text(actor.lastName),
      email: text(actor.email),
      avatar: text(actor.avatar),
      _organizationId: data.organizationId,
      _environmentId: data.environmentId,
      deleted: false,
      createdAt: at,
      updatedAt: at,
      preferences: { global: {}, workflows: {} },
    };
    data.subscribers.push(created);
    return created;
  }

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
    };
    if (rateWindow.count > limit) {
      throw new HttpError(429, `Too many requests: at most ${limit} per ${windowMs} ms`, { ...headers, 'Retry-After': String(resetSeconds) });
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
    const finish = (result: Result, extra: Record<string, string> = {}) => {
      requests.push({ method, path, status: result.status, replayed });
      let body = result.body;
      const isFeed = /\/notifications\/feed$/.test(path);
      if (options.envelope && result.status < 400 && body !== undefined && !isFeed) body = { data: body };
      return toResponse({ ...result, body }, { ...corsHeaders, ...rateHeaders, ...extra });
    };

    const shot = takeOneShot(method, path);
    try {
      authenticate(request);
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
      if (!route) throw new HttpError(404, `Cannot ${method} ${path}`);
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
              throw new HttpError(422, `Request with idempotency-key "${idempotencyKey}" was already used for a different request; use a new key`);
            }
            if (!known.result) {
              throw new HttpError(409, `Request with idempotency-key "${idempotencyKey}" is still being processed; retry after 1 second`, { 'Retry-After': '1' });
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
          requests.push({ method, path, status: 0, replayed });
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
        result = errorResult(error.status, error.messages, path, error.headers);
      }
      if (record) record.result = result;
      const dropAfter = shot?.drop === 'after' || (!shot && faultRandom.chance(faults.dropAfterRate ?? 0));
      if (dropAfter) {
        requests.push({ method, path, status: 0, replayed });
        return Response.error();
      }
      return finish(result);
    } catch (error) {
      if (record && idempotencyKey) idempotency.delete(`${apiKey}:${idempotencyKey}`);
      if (error instanceof HttpError) return finish(errorResult(error.status, error.messages, path, error.headers));
      return finish(errorResult(500, error instanceof Error ? error.message : 'Internal server error', path));
    }
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
    feedOf(subscriberId, filter = {}) {
      const subscriber = data.subscribers.find((s) => s.subscriberId === subscriberId);
      if (!subscriber) return [];
      return filterFeed(messagesOf(subscriber), filter).map((m) => toFeedItem(m, ''));
    },
  };
}

// ------------------------------------------------------------ parsing helpers

function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new HttpError(400, `Path parameter "${value}" is not valid percent-encoding`);
  }
}

function integerParam(raw: string | null, name: string, min: number, max: number, fallback: number, problems: string[]): number {
  if (raw === null || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw)) {
    problems.push(`${name} must be an integer number`);
    return fallback;
  }
  const value = Number(raw);
  if (value < min) problems.push(`${name} must not be less than ${min}`);
  if (value > max) problems.push(`${name} must not be greater than ${max}`);
  return value;
}

function booleanParam(raw: string | null, name: string, problems: string[]): boolean | undefined {
  if (raw === null || raw === '') return undefined;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  problems.push(`${name} must be a boolean value`);
  return undefined;
}

const PAYLOAD_ERROR = 'Invalid payload, the JSON object should be encoded to base64 string.';

/** The `payload` query parameter: base64 of UTF-8 JSON. `{}` means no filter. */
export function decodePayloadFilter(raw: string | null): Record<string, unknown> | undefined {
  if (raw === null || raw === '') return undefined;
  let parsed: unknown;
  try {
    const binary = atob(raw.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new HttpError(400, PAYLOAD_ERROR);
  }
  if (!isPlainObject(parsed)) throw new HttpError(400, PAYLOAD_ERROR);
  return Object.keys(parsed).length === 0 ? undefined : parsed;
}
