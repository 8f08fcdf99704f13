/**
 * What of a v2 answer reaches the browser: each notification as the fields of the service's
 * `InboxNotificationDto` and nothing else, a page as its notifications, a boolean `hasMore` and the
 * filter the browser asked for, and counts as numbers beside the filters the browser sent. An
 * upstream cannot carry anything else (another subscriber's notifications under a field of its
 * own) through the proxy. Ownership is checked before (own-messages.ts).
 */

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The named fields of a record, those present; anything that is not a record, as it is (the client's schema refuses it). */
function pick(value: unknown, fields: readonly string[]): unknown {
  if (!isRecord(value)) return value;
  return Object.fromEntries(fields.filter((field) => Object.hasOwn(value, field)).map((field) => [field, value[field]]));
}

const link = (value: unknown) => pick(value, ['url', 'target']);
const button = (value: unknown) => (isRecord(value) ? { ...(pick(value, ['label', 'isCompleted']) as Json), ...(value.redirect === undefined ? {} : { redirect: link(value.redirect) }) } : value);

const FIELDS = [
  'id', 'transactionId', 'subject', 'body', 'isRead', 'isSeen', 'isArchived', 'isSnoozed', 'snoozedUntil', 'deliveredAt', 'createdAt',
  'readAt', 'firstSeenAt', 'archivedAt', 'avatar', 'channelType', 'tags', 'data', 'severity',
] as const;

/** One notification: the DTO's fields, its nested records reduced to theirs. `data` is the notification's own. */
export function v2Notification(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const nested: Json = {};
  if (value.to !== undefined) nested.to = pick(value.to, ['id', 'subscriberId', 'firstName', 'lastName', 'avatar']);
  if (value.primaryAction !== undefined) nested.primaryAction = button(value.primaryAction);
  if (value.secondaryAction !== undefined) nested.secondaryAction = button(value.secondaryAction);
  if (value.redirect !== undefined) nested.redirect = link(value.redirect);
  if (value.workflow !== undefined) nested.workflow = pick(value.workflow, ['id', 'identifier', 'name', 'critical', 'severity', 'tags']);
  return { ...(pick(value, FIELDS) as Json), ...nested };
}

/** A single notification's answer, bare or in its envelope. */
export function v2One(body: unknown): unknown {
  return isRecord(body) && isRecord(body.data) ? { data: v2Notification(body.data) } : v2Notification(body);
}

/** The filter the service echoes, rebuilt from what the browser asked (the query the proxy forwarded). */
function filterOf(query: URLSearchParams): Json {
  const filter: Json = {};
  const tags = query.getAll('tags');
  if (tags.length > 0) filter.tags = tags;
  for (const flag of ['read', 'archived', 'snoozed', 'seen']) {
    const value = query.get(flag);
    if (value) filter[flag] = value === 'true';
  }
  try {
    const data: unknown = JSON.parse(query.get('data') ?? 'null');
    if (isRecord(data)) filter.data = data;
  } catch {
    // The service refuses it before answering a page.
  }
  const severity = query.getAll('severity');
  if (severity.length > 0) filter.severity = severity;
  for (const bound of ['createdGte', 'createdLte']) {
    const value = Number.parseInt(query.get(bound) ?? '', 10);
    if (value) filter[bound] = value;
  }
  return filter;
}

/** A page: its notifications (already the user's own), whether there are more, and the filter asked for. */
export function v2Page(body: unknown, query: URLSearchParams): unknown {
  if (!isRecord(body) || !Array.isArray(body.data)) return body;
  return { data: body.data.map(v2Notification), hasMore: body.hasMore === true, filter: filterOf(query) };
}

/** Counts, one per filter the browser sent, each beside that filter; anything else is not a count answer. */
export function v2Counts(body: unknown, query: URLSearchParams): { data: { count: number; filter: unknown }[] } {
  const list: unknown = Array.isArray(body) ? body : isRecord(body) ? body.data : undefined;
  const sent: unknown = JSON.parse(query.get('filters') ?? '[]');
  if (!Array.isArray(list) || !Array.isArray(sent) || list.length !== sent.length) throw new TypeError('not a count answer for the filters sent');
  return {
    data: list.map((entry: unknown, index) => {
      if (!isRecord(entry) || typeof entry.count !== 'number') throw new TypeError('not a count');
      return { count: entry.count, filter: sent[index] };
    }),
  };
}
