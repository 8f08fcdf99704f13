/**
 * What of a v2 answer reaches the browser: each notification as the fields of the service's
 * `InboxNotificationDto` and nothing else, a page as its notifications, a boolean `hasMore` and the
 * filter the browser asked for, and counts as numbers beside the filters the browser sent. An
 * upstream cannot carry anything else (another subscriber's notifications under a field of its
 * own) through the proxy. Ownership is checked before (own-messages.ts).
 */

import { inboxNotificationSchema } from '../client/schemas/inbox-notification';
import { isRecord, type Json } from './own-messages';

/** What the proxy needs of a zod schema: its kind, and what it wraps or declares. */
interface Schema {
  _zod: { def: { type: string; innerType?: Schema; shape?: Record<string, Schema> } };
}

/** The fields an object schema declares, through `optional` and `nullable`; none for any other schema. */
function declaredShape(schema: Schema): Record<string, Schema> | undefined {
  let def = schema._zod.def;
  while ((def.type === 'optional' || def.type === 'nullable') && def.innerType) def = def.innerType._zod.def;
  return def.type === 'object' ? def.shape : undefined;
}

/**
 * A function keeping of a record the fields `schema` declares (and of nested records, theirs), so
 * the proxy passes exactly the client's record, whatever the service adds. `omit`: dotted paths
 * left out besides. Anything that is not a record passes as it is (the client's schema refuses it).
 */
function declared(schema: Schema, omit: readonly string[] = [], at = ''): (value: unknown) => unknown {
  const fields = Object.entries(declaredShape(schema) ?? {})
    .filter(([field]) => !omit.includes(at + field))
    .map(([field, inner]) => [field, declaredShape(inner) && declared(inner, omit, `${at}${field}.`)] as const);
  return (value) => (isRecord(value) ? Object.fromEntries(fields.filter(([field]) => Object.hasOwn(value, field)).map(([field, nested]) => [field, nested ? nested(value[field]) : value[field]])) : value);
}

/**
 * One notification: the `InboxNotificationDto`'s fields, its nested records reduced to theirs.
 * `data` is the notification's own; `workflow.data` is declared but never set by the service, and
 * a template's data is not the subscriber's to see.
 */
export const v2Notification = declared(inboxNotificationSchema as unknown as Schema, ['workflow.data']);

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
