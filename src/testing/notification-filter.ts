/**
 * Which messages a v2 filter selects, as the service's message repository builds its query: the
 * subscriber's messages, each given condition ANDed; `archived` and `snoozed` absent select both.
 * Used by the list, the counts and the bulk routes, with the service's own error messages.
 */
import { HttpError, isPlainObject } from './http-util';
import type { StoredMessage } from './model';

export interface NotificationFilter {
  read?: boolean | undefined;
  seen?: boolean | undefined;
  archived?: boolean | undefined;
  snoozed?: boolean | undefined;
  /** Groups of tags: a message matches when it has one of each group's (`['a', 'b']` is one group, any of them). */
  tags?: string[][] | undefined;
  severity?: string[] | undefined;
  /** Flattened to dot paths, each matched by equality on `message.data`. */
  data?: Record<string, unknown> | undefined;
  /** Unix ms, inclusive. */
  createdGte?: number | undefined;
  createdLte?: number | undefined;
  /** Exactly these contexts (list and single routes); see `anyContext` for the bulk routes. */
  contextKeys?: string[] | undefined;
  /** The bulk routes match any overlap of contexts, not the exact set. */
  anyContext?: boolean;
}

const BAD_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export const TAGS_RULE = 'tags must be string[] (OR), { or: string[] }, or { and: [{ or: string[] }, ...] } (AND of OR-groups)';

/**
 * A tags filter in the forms the service takes, as groups: `string[]` (any of them), `{ or: string[] }`,
 * or `{ and: [{ or: string[] }, ...] }` (one of each group); `undefined` for anything else.
 */
/** A list of strings. */
export function strings(list: unknown): list is string[] {
  return Array.isArray(list) && list.every((item) => typeof item === 'string');
}

export function tagGroups(value: unknown): string[][] | undefined {
  if (strings(value)) return [value];
  if (!isPlainObject(value)) return undefined;
  if (strings(value.or)) return [value.or];
  if (Array.isArray(value.and) && value.and.every((group) => isPlainObject(group) && strings(group.or))) return value.and.map((group) => (group as { or: string[] }).or);
  return undefined;
}

/** The `data` filter: a JSON object string, at most two levels deep, scalar values of at most 256 characters. */
export function parseDataFilter(raw: unknown): Record<string, unknown> | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(raw));
  } catch {
    throw new HttpError(400, 'Invalid JSON format for data parameter');
  }
  if (!isPlainObject(parsed)) throw new HttpError(400, 'Data must be an object');
  const check = (value: Record<string, unknown>, depth: number) => {
    for (const [key, inner] of Object.entries(value)) {
      if (Array.isArray(inner)) throw new HttpError(400, 'Arrays are not supported in data filter');
      if (isPlainObject(inner)) {
        if (depth >= 2) throw new HttpError(400, 'Maximum nesting level exceeded (2 levels max)');
        check(inner, depth + 1);
      } else if (typeof inner === 'string' && inner.length > 256) {
        throw new HttpError(400, `String value for ${key} exceeds 256 characters`);
      } else if (inner !== null && typeof inner === 'object') {
        throw new HttpError(400, `Value for ${key} must be a scalar (string, number, boolean, or null)`);
      }
    }
  };
  check(parsed, 1);
  return parsed;
}

/** `{a: {b: 1}}` as `[['a.b', 1]]`; keys that would reach the query's operators or prototypes are dropped. */
function flatten(value: Record<string, unknown>, prefix = ''): [string, unknown][] {
  return Object.entries(value).flatMap(([key, inner]) => {
    if (key.startsWith('$') || key.startsWith('.') || BAD_KEYS.has(key)) return [];
    const path = `${prefix}${key}`;
    return isPlainObject(inner) ? flatten(inner, `${path}.`) : [[path, inner] as [string, unknown]];
  });
}

function at(data: Record<string, unknown> | undefined, path: string): unknown {
  let value: unknown = data;
  for (const key of path.split('.')) value = isPlainObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
  return value;
}

export function matchesFilter(m: StoredMessage, filter: NotificationFilter): boolean {
  const created = Date.parse(m.createdAt);
  const contexts = m.contextKeys ?? [];
  const wanted = filter.contextKeys;
  return (
    (filter.read === undefined || m.read === filter.read) &&
    (filter.seen === undefined || m.seen === filter.seen) &&
    (filter.archived === undefined || (m.archived ?? false) === filter.archived) &&
    (filter.snoozed === undefined || !!m.snoozedUntil === filter.snoozed) &&
    (!filter.tags || filter.tags.every((group) => group.length === 0 || group.some((tag) => m.tags.includes(tag)))) &&
    // `none` also selects messages sent without a severity.
    (!filter.severity || filter.severity.includes(m.severity ?? 'none')) &&
    // Equality as the store has it: `null` also matches a field that is not there.
    (!filter.data || flatten(filter.data).every(([path, value]) => at(m.data, path) === value || (value === null && at(m.data, path) === undefined))) &&
    (!filter.createdGte || created >= filter.createdGte) &&
    (!filter.createdLte || created <= filter.createdLte) &&
    (!wanted ||
      (filter.anyContext
        ? wanted.length === 0 || wanted.some((key) => contexts.includes(key))
        : wanted.length === contexts.length && wanted.every((key) => contexts.includes(key))))
  );
}

/** Both routes that read refuse this combination. */
export function refuseUnreadArchived(filter: NotificationFilter): void {
  if (filter.read === false && filter.archived === true) throw new HttpError(400, 'Filtering for unread and archived notifications is not supported.');
}

/** Newest first, ties by id: the service's `{createdAt: -1, _id: -1}`. */
export function newestFirst(a: StoredMessage, b: StoredMessage): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a._id === b._id ? 0 : a._id < b._id ? 1 : -1;
}
