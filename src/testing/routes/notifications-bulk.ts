/**
 * The v2 bulk changes, each 204 with no body: `POST .../notifications/seen` (by ids, or by filter),
 * `/read`, `/archive`, `/read-archive` and `/delete`, filtered by `tags`, `data` (a JSON string) and
 * `contextKeys` (any overlap). Like the service, they do not look at the channel.
 */
import { isPlainObject, validationError } from '../http-util';
import type { StoredMessage } from '../model';
import { matchesFilter, parseDataFilter, strings, tagGroups, TAGS_RULE, type NotificationFilter } from '../notification-filter';
import { isObjectId } from '../slug';
import type { Route, ServiceState } from './context';
import { see, subscriberOr404, V2 } from './notification-common';

/** The body's filter, checked as the route's DTO checks it. */
function bulkFilter(body: unknown, withIds: boolean): { filter: NotificationFilter; ids: string[] | undefined } {
  const raw = isPlainObject(body) ? body : {};
  const problems: string[] = [];
  if (withIds && raw.notificationIds !== undefined) {
    if (!Array.isArray(raw.notificationIds)) problems.push('notificationIds must be an array');
    else if (!raw.notificationIds.every((id) => typeof id === 'string' && isObjectId(id))) problems.push('each value in notificationIds must be a mongodb id');
  }
  if (raw.tags !== undefined && !tagGroups(raw.tags)) problems.push(TAGS_RULE);
  if (raw.data !== undefined && typeof raw.data !== 'string') problems.push('data must be a string');
  if (raw.contextKeys !== undefined && !strings(raw.contextKeys)) problems.push('each value in contextKeys must be a string');
  if (problems.length > 0) throw validationError(problems);
  return {
    ids: withIds ? (raw.notificationIds as string[] | undefined) : undefined,
    filter: { tags: raw.tags === undefined ? undefined : tagGroups(raw.tags), data: parseDataFilter(raw.data), contextKeys: raw.contextKeys as string[] | undefined, anyContext: true },
  };
}

export function notificationBulkRoutes(state: ServiceState): Route[] {
  /** A bulk route: the subscriber's messages that match, changed by `apply`. */
  const bulk = (path: string, apply: (matching: StoredMessage[], at: string) => void, extra: NotificationFilter = {}): Route => ({
    method: 'POST',
    pattern: new RegExp(`${V2}/${path}$`),
    run({ params, body }) {
      const { filter } = bulkFilter(body, false);
      const subscriber = subscriberOr404(state, params[0] ?? '');
      apply(
        state.data.messages.filter((m) => m._subscriberId === subscriber._id && matchesFilter(m, { ...filter, ...extra })),
        state.now(),
      );
      return { status: 204, body: undefined };
    },
  });
  const archive = (matching: StoredMessage[], at: string) => {
    for (const m of matching) {
      see(m, at);
      m.read = true;
      m.lastReadDate = at;
      m.archived = true;
      m.archivedAt = at;
    }
  };

  return [
    {
      method: 'POST',
      pattern: new RegExp(`${V2}/seen$`),
      run({ params, body }) {
        const { filter, ids } = bulkFilter(body, true);
        // No ids to mark: done, before the subscriber is even looked up.
        if (ids && ids.length === 0) return { status: 204, body: undefined };
        const subscriber = subscriberOr404(state, params[0] ?? '');
        const at = state.now();
        for (const m of state.data.messages) {
          if (m._subscriberId !== subscriber._id) continue;
          // With ids, the filter's tags and data do not count; unknown ids are passed over.
          if (ids ? ids.includes(m._id) && matchesFilter(m, { contextKeys: filter.contextKeys, anyContext: true }) : matchesFilter(m, filter)) see(m, at);
        }
        return { status: 204, body: undefined };
      },
    },
    bulk('read', (matching, at) => {
      for (const m of matching) {
        see(m, at);
        m.read = true;
        m.lastReadDate = at;
      }
    }),
    bulk('archive', archive),
    bulk('read-archive', archive, { read: true }),
    bulk('delete', (matching) => {
      state.data.messages = state.data.messages.filter((m) => !matching.includes(m));
    }),
  ];
}
