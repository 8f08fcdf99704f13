/**
 * `client.notifications`: the service's v2 subscriber-notifications API
 * (`/v2/subscribers/{id}/notifications`), named as `@novu/api` names it. With `api: 'auto'` a
 * service without v2 routes is served through the v1 operations where v1 has them
 * (`v1-notifications.ts`); what v1 lacks (archive, snooze, delete, counts) throws an
 * `InboxError` with code `unsupported`.
 */
import { fail, requireId } from './arguments';
import { InboxApiError, InboxValidationError } from './errors';
import { parseItems, type InvalidFeedItem, type PayloadCheck } from './feed-page';
import type { RequestOptions, RequestSpec, Transport } from './http';
import type { PayloadFilter } from './payload-schema';
import {
  inboxNotificationSchema,
  notificationCountsSchema,
  notificationsPageSchema,
  type FreePayload,
  type InboxNotification,
  type NotificationCount,
  type Severity,
} from './schemas/index';
import { parseOrThrow } from './validate';

/** Which dialect of the service the client speaks. `'auto'`: v2, or v1 once the service shows it has no v2 routes. */
export type InboxApi = 'auto' | 'v2' | 'v1';

/** What the service can do, by the dialect it speaks: v1 has none of these. */
export interface InboxCapabilities {
  api: 'v2' | 'v1';
  archive: boolean;
  snooze: boolean;
  delete: boolean;
  /** Exact counts for several filters in one request (`notifications.count`). */
  counts: boolean;
  /** Paging by `after` (the last id), which does not shift when the list changes. */
  cursor: boolean;
  /** The list's `severity`, `createdGte`/`createdLte`, `contextKeys` and `archived`/`snoozed: true` filters, and bulk filters. */
  filters: boolean;
  /** The inbox's route mints real time's sessions (`createInboxProxy` with a socket): known from its answers. */
  realtime?: boolean;
}

export interface ListNotificationsParams<P = FreePayload> {
  subscriberId: string;
  /** 1 to 100. Default 10. */
  limit?: number;
  /** The `id` of the last notification of the page before: the next page, unshifted by new arrivals. */
  after?: string;
  /** Notifications to skip (ignored with `after`; on v1, a multiple of `limit`). */
  offset?: number;
  read?: boolean;
  seen?: boolean;
  /** Without it, archived notifications are listed too. */
  archived?: boolean;
  /** Without it, snoozed notifications are listed too. */
  snoozed?: boolean;
  severity?: readonly Severity[];
  /** Notifications of workflows with any of these tags. */
  tags?: readonly string[];
  /** Only notifications whose `data` holds these values (equal, at most 2 levels deep). */
  data?: PayloadFilter<P>;
  /** Created at or after this time (a Date or Unix ms). */
  createdGte?: Date | number;
  createdLte?: Date | number;
  /** Only notifications of exactly these contexts (`"type:id"`). */
  contextKeys?: readonly string[];
}

export interface NotificationsPage<P = FreePayload> {
  data: InboxNotification<P>[];
  /** More notifications match after this page (ask with `after` set to the last one's `id`). */
  hasMore: boolean;
  /** The filter the service applied, as it reports it. */
  filter: Record<string, unknown>;
  /** Items left out of `data` because they do not match the record (or your `payloadSchema`). */
  invalidItems: InvalidFeedItem[];
}

/** One filter of `notifications.count`. */
export interface NotificationCountFilter {
  read?: boolean;
  seen?: boolean;
  archived?: boolean;
  snoozed?: boolean;
  /** Any of these tags. */
  tags?: readonly string[];
  severity?: readonly Severity[];
}

/** Which notifications a bulk operation touches: all of the subscriber's, or those matching every field given. */
export interface BulkFilter {
  /** Notifications of workflows with any of these tags. */
  tags?: readonly string[];
  /** Notifications whose `data` holds these values. */
  data?: Record<string, unknown>;
  contextKeys?: readonly string[];
}

export interface NotificationParams {
  subscriberId: string;
  notificationId: string;
}

type Change = (params: NotificationParams, options?: RequestOptions) => Promise<InboxNotification<FreePayload>>;
type ActionChange = (params: NotificationParams & { actionType: 'primary' | 'secondary' }, options?: RequestOptions) => Promise<InboxNotification<FreePayload>>;
type BulkChange = (params: BulkFilter & { subscriberId: string }, options?: RequestOptions) => Promise<void>;

/**
 * The v2 operations. `P` types the `data` of listed notifications (checked by `payloadSchema`); a
 * change answers with the notification as the service now holds it, its `data` free-form, as v1's
 * mark-as answers do. Operations marked v2 only throw `unsupported` on a v1 service.
 */
export interface NotificationOperations<P = FreePayload> {
  /** A page of the subscriber's notifications, newest first; archived and snoozed ones too unless filtered. */
  list(params: ListNotificationsParams<P>, options?: RequestOptions): Promise<NotificationsPage<P>>;
  /** Exact counts, one per filter (1 to 30 filters), in one request; the service stops counting at 100. v2 only. */
  count(params: { subscriberId: string; filters: readonly NotificationCountFilter[] }, options?: RequestOptions): Promise<NotificationCount[]>;
  markAsRead: Change;
  /** Also takes it out of the archive, as the service does. */
  markAsUnread: Change;
  /** Archiving also marks it read. v2 only. */
  archive: Change;
  /** v2 only. */
  unarchive: Change;
  /**
   * Hides the notification until `snoozeUntil` (at least a minute ahead; the service's plan sets the
   * longest), when it comes back unread and first in the list. v2 only.
   */
  snooze(params: NotificationParams & { snoozeUntil: Date | string }, options?: RequestOptions): Promise<InboxNotification<FreePayload>>;
  /** v2 only. */
  unsnooze: Change;
  /** Records a click of the notification's primary or secondary button (and marks it read). */
  completeAction: ActionChange;
  revertAction: ActionChange;
  /** Deletes the notification for good. v2 only. */
  delete(params: NotificationParams, options?: RequestOptions): Promise<void>;
  /** Marks these notifications (or, without ids, those matching the filter) seen. */
  markAsSeen(params: BulkFilter & { subscriberId: string; notificationIds?: readonly string[] }, options?: RequestOptions): Promise<void>;
  markAllAsRead: BulkChange;
  /** Archives (and marks read) every matching notification. v2 only. */
  archiveAll: BulkChange;
  /** Archives the read ones. v2 only. */
  archiveAllRead: BulkChange;
  /** v2 only. */
  deleteAll: BulkChange;
}

/** What a service that speaks v2 (`true`) or only v1 can do. */
export const capabilitiesOf = (v2: boolean): InboxCapabilities => ({ api: v2 ? 'v2' : 'v1', archive: v2, snooze: v2, delete: v2, counts: v2, cursor: v2, filters: v2 });

/** A service (or an older proxy) without the v2 routes: its router's 404, not a resource's. */
const noRoute = (error: unknown) =>
  error instanceof InboxApiError && (error.status === 404 || error.status === 405) && error.messages.some((m) => /^(?:Cannot [A-Z]+ |No inbox operation)/.test(m));

/** Every operation's parameters, as the operations read them. */
export type Params = NotificationParams &
  BulkFilter &
  ListNotificationsParams & { actionType?: unknown; snoozeUntil?: unknown; notificationIds?: unknown; filters?: unknown };

/**
 * Each operation: its method and the path after `/notifications`, where `@` is the notification's
 * id and `*` the button. `list`, `count` and a change of one notification (PATCH) answer with what
 * they read or changed; a delete and a bulk change (POST) with nothing.
 */
const OPERATIONS: Record<string, string> = {
  list: 'GET ',
  count: 'GET /count',
  markAsRead: 'PATCH @/read',
  markAsUnread: 'PATCH @/unread',
  archive: 'PATCH @/archive',
  unarchive: 'PATCH @/unarchive',
  snooze: 'PATCH @/snooze',
  unsnooze: 'PATCH @/unsnooze',
  completeAction: 'PATCH @/actions/*/complete',
  revertAction: 'PATCH @/actions/*/revert',
  delete: 'DELETE @',
  markAsSeen: 'POST /seen',
  markAllAsRead: 'POST /read',
  archiveAll: 'POST /archive',
  archiveAllRead: 'POST /read-archive',
  deleteAll: 'POST /delete',
};

export interface Dialect {
  notifications: NotificationOperations<never>;
  /** Whether the service has shown it has v1 only (`true`), v2 (`false`), or not yet (`undefined`). */
  v1: () => boolean | undefined;
}

/** What answers an operation on a service without v2 (the v1 stand-ins, `viaV1`). */
export type V1Fallback = (name: string, operation: string, params: Params, options?: RequestOptions) => Promise<unknown>;

export function notificationOperations(transport: Transport, v1Fallback: V1Fallback, api: InboxApi, payloadCheck: PayloadCheck): Dialect {
  // Remembered per client: once the service shows it has no v2 routes, every call goes to v1.
  let v1 = api === 'auto' ? undefined : api === 'v1';
  const notifications: Record<string, (params: Params, options?: RequestOptions) => Promise<unknown>> = {};

  for (const [name, spec] of Object.entries(OPERATIONS)) {
    const [method, suffix] = spec.split(' ') as [RequestSpec['method'], string];
    /** The v2 call. */
    const v2 = async (operation: string, p: Params, options?: RequestOptions): Promise<unknown> => {
      const { snoozeUntil } = p;
      const ms = (time: Date | number | undefined) => (time === undefined ? undefined : +time);
      const answer = await transport.request({
        ...options,
        operation,
        method,
        // The button first: an id may hold a `*` (encodeURIComponent leaves it), never a `@` or a `$`.
        path: `/v2/subscribers/${encodeURIComponent(p.subscriberId)}/notifications${suffix.replace('*', String(p.actionType)).replace('@', `/${encodeURIComponent(p.notificationId)}`)}`,
        query:
          name === 'list'
            ? {
                limit: p.limit ?? 10,
                after: p.after,
                offset: p.offset,
                read: p.read,
                seen: p.seen,
                archived: p.archived,
                snoozed: p.snoozed,
                severity: p.severity,
                tags: p.tags,
                data: p.data && JSON.stringify(p.data),
                createdGte: ms(p.createdGte),
                createdLte: ms(p.createdLte),
                contextKeys: p.contextKeys,
              }
            : name === 'count'
              ? { filters: JSON.stringify(p.filters) }
              : undefined,
        body:
          method === 'POST'
            ? { notificationIds: p.notificationIds, tags: p.tags, data: p.data && JSON.stringify(p.data), contextKeys: p.contextKeys }
            : method === 'GET' || snoozeUntil === undefined
              ? undefined
              : { snoozeUntil: new Date(snoozeUntil as string).toISOString() },
      }).catch((error: unknown) => {
        // A delete that finds nothing after an attempt that may have deleted it: gone is what it asked for.
        if (name === 'delete' && error instanceof InboxApiError && error.status === 404 && error.mayHaveApplied) return;
        throw error;
      });
      if (name === 'list') {
        const page = parseOrThrow(operation, notificationsPageSchema, answer);
        // More than a page holds is not a page: refused before any item is checked.
        if (page.data.length > 100) throw new InboxValidationError(operation, [{ path: 'data', message: `${page.data.length} items; a page holds 100` }], undefined);
        return { ...(await parseItems(operation, answer, page.data, inboxNotificationSchema, payloadCheck, 'data')), hasMore: page.hasMore, filter: page.filter ?? {} };
      }
      if (name === 'count') return parseOrThrow(operation, notificationCountsSchema, answer);
      if (method === 'PATCH') return parseOrThrow(operation, inboxNotificationSchema, answer);
    };
    /** The v2 call, or its v1 stand-in when the service has no v2 (`'auto'`). */
    notifications[name] = async (params, options) => {
      const operation = `notifications.${name}`;
      // What would make a wrong request is refused before it is sent: ids (they are path segments), the
      // button, the snooze time and the counts' filters. Ranges and filter values are the service's to
      // judge: its 422 names the field and the rule ("limit must not be greater than 100").
      requireId(operation, 'subscriberId', params?.subscriberId);
      if (suffix.includes('@')) requireId(operation, 'notificationId', params.notificationId);
      if (params.after !== undefined) requireId(operation, 'after', params.after);
      if (suffix.includes('*') && params.actionType !== 'primary' && params.actionType !== 'secondary') fail(operation, 'actionType', 'primary or secondary', params.actionType);
      if (name === 'snooze' && Number.isNaN(new Date(params.snoozeUntil as string).getTime())) fail(operation, 'snoozeUntil', 'a Date or an ISO date-time', params.snoozeUntil);
      if (name === 'count' && !(Array.isArray(params.filters) && params.filters.length > 0 && params.filters.length <= 30)) fail(operation, 'filters', 'an array of 1 to 30 filters such as [{ read: false }]', params.filters);
      const fallback = () => v1Fallback(name, operation, params, options);
      if (v1) return fallback();
      try {
        const result = await v2(operation, params, options);
        v1 = false;
        return result;
      } catch (error) {
        // Another call may have learned it first: v1 is then where this one goes too.
        if (v1 === false || !noRoute(error)) throw error;
        v1 = true;
        return fallback();
      }
    };
  }

  return {
    notifications: notifications as unknown as NotificationOperations<never>,
    v1: () => v1,
  };
}
