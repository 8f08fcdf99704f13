/** A list's filter in one form: equal filters give equal query keys, and empty parts are left out. */
import type { ListFilter } from './matches';

export function normalizeListFilter(filter: ListFilter): ListFilter {
  const { read, seen, archived, snoozed, severity, tags, data } = filter;
  const normal: ListFilter = { read, seen, archived, snoozed, severity: severity?.length ? [...severity].sort() : undefined, tags: tags?.length ? [...tags].sort() : undefined, data: data && Object.keys(data).length > 0 ? data : undefined };
  // Undefined fields out, so `{}` and `{ read: undefined }` are one key.
  return JSON.parse(JSON.stringify(normal)) as ListFilter;
}
