/** The `payload` filter of the feed: how it is sent, and how it matches. */

/** Base64 of the UTF-8 JSON, as the service expects for the `payload` filter. */
export function encodePayloadFilter(payload: Record<string, unknown>): string {
  return btoa(Array.from(new TextEncoder().encode(JSON.stringify(payload)), (byte) => String.fromCharCode(byte)).join(''));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Whether a stored payload matches a filter: every leaf of `filter` equals the
 * value at the same path of `value` (a partial deep match; arrays by index).
 */
export function partialMatch(filter: unknown, value: unknown): boolean {
  if (Array.isArray(filter)) {
    return Array.isArray(value) && filter.every((item, index) => partialMatch(item, value[index]));
  }
  if (isObject(filter)) {
    return isObject(value) && Object.entries(filter).every(([key, item]) => partialMatch(item, value[key]));
  }
  return filter === value;
}
