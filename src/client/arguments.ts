/** Argument checks shared by the client's operations: a clear error before any request. */
import { InboxArgumentError } from './errors';

/**
 * A value as a message shows it, short and never the whole of a large one: a string quoted (cut at
 * 40 characters), an array by its length, "an object", anything else as String() writes it.
 */
export function describe(value: unknown): string {
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return isPlainObject(value) ? 'an object' : String(value);
}

/** Refuses an argument: "`argument` must be <expected>, received <value>." */
export function fail(operation: string, argument: string, expected: string, value: unknown): never {
  throw new InboxArgumentError(operation, argument, `must be ${expected}, received ${describe(value)}.`);
}

export function requireId(operation: string, argument: string, value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) fail(operation, argument, 'a non-empty string', value);
  // Encoded or not, "." and ".." are dot segments: the URL would name another resource.
  if (value === '.' || value === '..') {
    throw new InboxArgumentError(operation, argument, `cannot be ${describe(value)}: it would change the request's path.`);
  }
  return value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
