/**
 * The v2 subscriber-notifications API over a service that has only v1, for a browser that speaks
 * only v2 and says so (`X-Inbox-Kit-Speaks: v2`). When the service answers a v2 route with its
 * router's 404, the proxy answers it itself through the client's v1 stand-ins, whose requests go
 * through the proxy's own v1 routes for the same signed-in user (so its ownership rules hold: a v1
 * mark-as may answer with another subscriber's message, which never passes). Counts are lists of
 * the first 100, counted (v1-counts.ts). The answer says `X-Inbox-Kit-Upstream: v1`: the list pages
 * by offset. What v1 cannot do (archive, snooze, delete, v2's other filters) is a 404 that says so.
 *
 * Whatever the browser asks, one of its requests makes at most `TRANSLATION_CEILING` requests to
 * the service (the v2 request tried first included), each counted against the user's limits.
 */
import { createInboxClient, type InboxClient } from '../client/client';
import { isPlainObject } from '../client/arguments';
import { InboxApiError, InboxArgumentError, InboxError, InboxValidationError } from '../client/errors';
import type { NotificationCountFilter } from '../client/notifications';
import { fromV1 } from '../client/v1-notifications';
import { countableOnV1 } from '../queries/count-plan';
import type { MarkEverything } from './mark-everything';
import type { Refusal, UpstreamMeter } from './upstream-meter';
import { countFrom, listsFor, readLists } from './v1-counts';

/** The header a browser sends that speaks only v2, and the one the proxy answers with over a v1 service. */
export const SPEAKS_HEADER = 'x-inbox-kit-speaks';
export const UPSTREAM_HEADER = 'x-inbox-kit-upstream';

/** The most requests to the service one browser request makes over v1. */
export const TRANSLATION_CEILING = 3;

/** The service's router answered that it has no such route (v2 on a v1-only service). */
export function isNoRoute(status: number, text: string): boolean {
  return (status === 404 || status === 405) && /"Cannot [A-Z]+ |^Cannot [A-Z]+ /.test(text);
}

/** A client of the proxy's own v1 routes for one user (`dispatch` serves a request as that user). */
export function internalClient(base: string, dispatch: (request: Request) => Promise<Response>): InboxClient {
  return createInboxClient({ baseUrl: base, api: 'v1', retry: false, fetch: (input, init) => dispatch(new Request(input, init)) });
}

/**
 * The answer to a v2 request (`segments` after the base, `query`, JSON `body`) over v1, through
 * `client` (see `internalClient`) for `subscriberId`, within what `meter` leaves (its requests are
 * counted on it); `idempotencyKey`: the browser's.
 */
export async function answerOverV1(
  client: InboxClient,
  markEverything: MarkEverything,
  meter: Pick<UpstreamMeter, 'reserve' | 'left'>,
  subscriberId: string,
  method: string,
  segments: readonly string[],
  query: URLSearchParams,
  body: string | undefined,
  idempotencyKey: string | undefined,
): Promise<Response> {
  const headers = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', [UPSTREAM_HEADER]: 'v1' };
  const json = (status: number, value: unknown, more: Record<string, string> = {}) => Response.json(value, { status, headers: { ...headers, ...more } });
  const limited = (refusal: Refusal) =>
    refusal === 'ceiling'
      ? json(503, { statusCode: 503, message: 'This needs more requests to the notification service than one request may make over v1.', error: 'Service Unavailable' })
      : json(429, { statusCode: 429, message: 'Too many requests from you: try again shortly', error: 'Too Many Requests' }, { 'Retry-After': String(refusal.retryAfter) });
  const refuse = (status: number, message: string) => json(status, { statusCode: status, message, error: status === 404 ? 'Not Found' : 'Bad Request' });
  const options = idempotencyKey ? { idempotencyKey } : {};
  const [, , , , notificationId, ...rest] = segments;
  const one = { subscriberId, notificationId: notificationId ?? '' };
  try {
    if (method === 'GET' && notificationId === undefined) {
      const unsupported = ['after', 'severity', 'tags', 'createdGte', 'createdLte', 'contextKeys'].filter((name) => query.has(name));
      if (unsupported.length > 0) return refuse(404, `Listing by ${unsupported.join(', ')} needs the v2 API; the notification service has v1 only (page by offset).`);
      const flag = (name: string) => (query.has(name) ? query.get(name) === 'true' : undefined);
      // No v1 notification is archived or snoozed: a list of those is empty.
      if (flag('archived') || flag('snoozed')) return json(200, { data: [], hasMore: false, filter: {} });
      const limit = Number(query.get('limit') ?? 10);
      const offset = Number(query.get('offset') ?? 0);
      if (!(Number.isInteger(limit) && Number.isInteger(offset) && limit >= 1 && limit <= 100 && offset >= 0 && offset % limit === 0)) {
        return refuse(400, 'Over v1 a list pages by offset, a whole number of pages of 1 to 100.');
      }
      const payload = filterObject(query.get('data') ?? undefined);
      const page = await client.getFeed({ subscriberId, page: offset / limit, limit, read: flag('read'), seen: flag('seen'), ...(payload ? { payload } : {}) }, options);
      // With what v1 says of the sender, the status and the buttons' results, which the inbox shows.
      return json(200, { data: page.data.map((item) => fromV1(item, subscriberId)), hasMore: page.hasMore, filter: { read: flag('read'), seen: flag('seen'), data: payload } });
    }
    if (method === 'GET' && notificationId === 'count') {
      const filters = JSON.parse(query.get('filters') ?? '[]') as NotificationCountFilter[];
      if (!Array.isArray(filters) || filters.some((filter) => !isPlainObject(filter))) return refuse(400, 'The filters are not a list of objects.');
      if (filters.some((filter) => Object.entries(filter).some(([name, value]) => !['read', 'seen', 'tags', 'severity'].includes(name) && !neverOnV1(name, value)))) {
        return refuse(404, 'Counting by other than read and seen needs the v2 API; the notification service has v1 only.');
      }
      // The lists are counted before any is read: a count the limit leaves no room for reads nothing.
      const lists = listsFor(filters.filter(countableOnV1), meter.left());
      const refusal = await meter.reserve(lists.length);
      if (refusal) return limited(refusal);
      const read = await readLists(client, subscriberId, lists, options);
      return json(
        200,
        filters.map((filter) => ({ count: countableOnV1(filter) ? countFrom(filter, read) : 0, filter })),
      );
    }
    const parsed = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    if (method === 'PATCH' && (rest[0] === 'read' || rest[0] === 'unread') && rest.length === 1) {
      return json(200, await (rest[0] === 'read' ? client.notifications.markAsRead(one, options) : client.notifications.markAsUnread(one, options)));
    }
    if (method === 'PATCH' && rest[0] === 'actions' && (rest[1] === 'primary' || rest[1] === 'secondary') && (rest[2] === 'complete' || rest[2] === 'revert')) {
      const change = rest[2] === 'complete' ? client.notifications.completeAction : client.notifications.revertAction;
      return json(200, await change({ ...one, actionType: rest[1] }, options));
    }
    if (method === 'POST' && (notificationId === 'seen' || notificationId === 'read')) {
      const ids = Array.isArray(parsed.notificationIds) ? (parsed.notificationIds as string[]) : undefined;
      const data = filterObject(parsed.data);
      if (parsed.tags !== undefined || parsed.contextKeys !== undefined) return refuse(404, 'Marking by tags or contexts needs the v2 API; the notification service has v1 only.');
      if (notificationId === 'seen') await client.notifications.markAsSeen({ subscriberId, ...(ids ? { notificationIds: ids } : {}) }, options);
      else {
        const { marked, done, retryAfter } = await markEverything(client, subscriberId, 'read', (count) => meter.reserve(count), data, idempotencyKey);
        if (retryAfter !== undefined) return limited({ retryAfter });
        // Cut short by the ceiling: under way, as the service says of a key in flight; the same request again goes on.
        if (!done) {
          const message = `Marked ${marked} so far; more are left: send the same request again, under the same idempotency-key, to go on.`;
          return json(409, { statusCode: 409, message, error: 'Conflict' }, { 'Retry-After': '1' });
        }
      }
      return new Response(null, { status: 204, headers });
    }
    return refuse(404, 'This needs the v2 API (archive, snooze, delete); the notification service has v1 only.');
  } catch (error) {
    if (error instanceof InboxApiError) {
      const retryAfter = error.headers.get('retry-after');
      return json(error.status, { statusCode: error.status, message: error.messages.length === 1 ? error.messages[0] : error.messages, error: error.statusText }, retryAfter === null ? {} : { 'Retry-After': retryAfter });
    }
    if (error instanceof InboxError && error.code === 'unsupported') return refuse(404, error.message);
    // The proxy's own v1 route left the notification out of the answer: not this user's (or gone).
    if (error instanceof InboxValidationError && /lacks notification/.test(error.message)) return refuse(404, 'Message not found');
    if (error instanceof SyntaxError) return refuse(400, 'A filter is not JSON');
    if (error instanceof InboxArgumentError) return refuse(400, error.message);
    throw error;
  }
}

/**
 * A filter that selects every v1 notification: none is ever archived or snoozed, so the inbox's
 * tabs (`archived: false, snoozed: false`) list and count over v1 as over v2.
 */
function neverOnV1(name: string, value: unknown): boolean {
  return (name === 'archived' || name === 'snoozed') && String(value) === 'false';
}

/** A `data` filter as v2 sends it (JSON of an object), or undefined; anything else is a SyntaxError (a 400). */
function filterObject(text: unknown): Record<string, unknown> | undefined {
  if (text === undefined || text === '') return undefined;
  const value: unknown = typeof text === 'string' ? JSON.parse(text) : undefined;
  if (!isPlainObject(value)) throw new SyntaxError('not an object');
  return value;
}
