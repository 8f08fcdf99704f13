/**
 * The v2 reads: `GET /v2/subscribers/{id}/notifications` (a page by cursor or offset, every filter)
 * and `GET .../notifications/count` (up to 30 filters, each count stopping at 100).
 */
import { SEVERITIES } from '../../client/schemas/index';
import { HttpError, isPlainObject, validationError } from '../http-util';
import { toInboxNotification } from '../inbox-notification';
import { matchesFilter, newestFirst, parseDataFilter, refuseUnreadArchived, tagGroups, TAGS_RULE, type NotificationFilter } from '../notification-filter';
import { integerParam } from '../query-params';
import { isObjectId } from '../slug';
import { findSubscriber, type Route, type ServiceState } from './context';
import { subscriberOr404, V2 } from './notification-common';

const isSeverity = (value: unknown) => (SEVERITIES as readonly unknown[]).includes(value);

/** The service counts at most this many of each filter. */
const MAX_COUNT = 100;

/** A query boolean as the service reads it: absent or empty is no filter, `true` is true, anything else false. */
function flag(value: string | null): boolean | undefined {
  return value === null || value === '' ? undefined : value === 'true';
}

function listFilter(query: URLSearchParams, problems: string[]): NotificationFilter {
  const severity = query.getAll('severity');
  if (!severity.every(isSeverity)) problems.push(`each value in severity must be one of the following values: ${SEVERITIES.join(', ')}`);
  const contextKeys = query.getAll('contextKeys');
  const tags = query.getAll('tags');
  return {
    read: flag(query.get('read')),
    seen: flag(query.get('seen')),
    archived: flag(query.get('archived')),
    snoozed: flag(query.get('snoozed')),
    tags: tags.length > 0 ? [tags] : undefined,
    severity: severity.length > 0 ? severity : undefined,
    // 0 is no bound, as the service's transform has it.
    createdGte: integerParam(query.get('createdGte'), 'createdGte', Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, 0, problems) || undefined,
    createdLte: integerParam(query.get('createdLte'), 'createdLte', Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, 0, problems) || undefined,
    contextKeys: contextKeys.length > 0 ? contextKeys : undefined,
  };
}

export function notificationListRoutes(state: ServiceState): Route[] {
  return [
    {
      method: 'GET',
      pattern: new RegExp(`${V2}$`),
      run({ params, url, base }) {
        const query = url.searchParams;
        const problems: string[] = [];
        const limit = integerParam(query.get('limit'), 'limit', 1, 100, 10, problems);
        const offset = integerParam(query.get('offset'), 'offset', 0, Number.MAX_SAFE_INTEGER, 0, problems);
        const after = query.get('after') || undefined;
        if (after !== undefined && !isObjectId(after)) problems.push('The after cursor must be a valid MongoDB ObjectId');
        const filter = listFilter(query, problems);
        if (problems.length > 0) throw validationError(problems);
        const subscriber = subscriberOr404(state, params[0] ?? '');
        refuseUnreadArchived(filter);
        const data = parseDataFilter(query.get('data'));
        const matching = state.data.messages
          .filter((m) => m._subscriberId === subscriber._id && m.channel === 'in_app' && matchesFilter(m, { ...filter, data }))
          .sort(newestFirst);
        let start = offset;
        if (after !== undefined) {
          // The cursor is the message itself; one that no longer exists fails the query (a 500 on the service).
          const cursor = state.data.messages.find((m) => m._id === after);
          if (!cursor) throw new Error('Internal server error, contact support and provide them with the errorId');
          start = matching.findIndex((m) => newestFirst(cursor, m) < 0);
          if (start === -1) start = matching.length;
        }
        const page = matching.slice(start, start + limit);
        const echo = Object.fromEntries(
          Object.entries({ tags: filter.tags?.[0], read: filter.read, archived: filter.archived, snoozed: filter.snoozed, seen: filter.seen, data, severity: filter.severity, createdGte: filter.createdGte, createdLte: filter.createdLte }).filter(
            ([, value]) => value !== undefined,
          ),
        );
        return { status: 200, body: { data: page.map((m) => toInboxNotification(state, m, base)), hasMore: matching.length > start + limit, filter: echo } };
      },
    },
    {
      method: 'GET',
      pattern: new RegExp(`${V2}/count$`),
      run({ params, url }) {
        const raw = url.searchParams.get('filters');
        if (raw === null) throw validationError(['filters should not be null or undefined']);
        let filters: unknown;
        try {
          filters = JSON.parse(raw);
        } catch {
          throw new HttpError(400, 'Invalid filters, the JSON object should be provided.');
        }
        if (!Array.isArray(filters)) throw validationError(['filters must be an array']);
        const problems: string[] = [];
        if (filters.length > 30) problems.push('filters must contain no more than 30 elements');
        filters.forEach((filter, index) => {
          if (!isPlainObject(filter)) return problems.push(`nested property filters must be either object or array`);
          for (const name of ['read', 'seen', 'archived', 'snoozed']) {
            if (filter[name] !== undefined && typeof filter[name] !== 'boolean') problems.push(`filters.${index}.${name} must be a boolean value`);
          }
          const severity = filter.severity === undefined ? [] : Array.isArray(filter.severity) ? filter.severity : [filter.severity];
          if (!severity.every(isSeverity)) problems.push(`filters.${index}.severity must be one of the following values: ${SEVERITIES.join(', ')}`);
          if (filter.tags !== undefined && !tagGroups(filter.tags)) problems.push(TAGS_RULE);
          return undefined;
        });
        if (problems.length > 0) throw validationError(problems);
        const subscriberId = params[0] ?? '';
        const subscriber = findSubscriber(state, subscriberId);
        if (!subscriber) throw new HttpError(400, `Subscriber ${subscriberId} doesn't exist in environment ${state.data.environmentId}`);
        const counts = (filters as Record<string, unknown>[]).map((sent) => {
          const tags = sent.tags === undefined ? undefined : tagGroups(sent.tags);
          const severity = sent.severity === undefined ? undefined : ([] as unknown[]).concat(sent.severity) as string[];
          // The counts are not scoped by context: the route does not pass the keys on.
          const filter: NotificationFilter = { read: sent.read as boolean | undefined, seen: sent.seen as boolean | undefined, archived: sent.archived as boolean | undefined, snoozed: sent.snoozed as boolean | undefined, tags, severity, data: isPlainObject(sent.data) ? sent.data : undefined };
          refuseUnreadArchived(filter);
          let count = 0;
          for (const m of state.data.messages) if (count < MAX_COUNT && m._subscriberId === subscriber._id && m.channel === 'in_app' && matchesFilter(m, filter)) count++;
          return { count, filter: sent };
        });
        return { status: 200, body: counts };
      },
    },
  ];
}
