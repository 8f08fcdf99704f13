/** Argument checks shared by the client's operations: a clear error before any request. */
import { InboxArgumentError } from './errors';

export function requireId(operation: string, argument: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new InboxArgumentError(operation, argument, `must be a non-empty string, received ${value === '' ? 'an empty string' : String(value)}.`);
  }
  // Encoded or not, "." and ".." are dot segments: the URL would name another resource.
  if (value === '.' || value === '..') {
    throw new InboxArgumentError(operation, argument, `cannot be ${JSON.stringify(value)}: it would change the request's path.`);
  }
  return value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
