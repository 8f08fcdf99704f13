/** Runs a zod schema at the edge and turns its issues into readable ones. */
import type * as z from 'zod/mini';
import { InboxValidationError, type ValidationIssue } from './errors';

type Schema<T> = z.ZodMiniType<T>;

export function parseOrThrow<T>(operation: string, schema: Schema<T>, body: unknown, basePath: PropertyKey[] = []): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new InboxValidationError(operation, toIssues(result.error.issues, body, basePath), body);
}

export function toIssues(issues: readonly z.core.$ZodIssue[], root: unknown, basePath: PropertyKey[] = []): ValidationIssue[] {
  return issues.map((issue) => ({
    path: formatPath([...basePath, ...issue.path]),
    message: describeIssue(issue, valueAt(root, issue.path)),
  }));
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

function describeIssue(issue: z.core.$ZodIssue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined ? `required ${issue.expected} is missing` : `expected ${issue.expected}, received ${describe(value)}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, received ${describe(value)}`;
    case 'invalid_union':
      return `matches none of the allowed shapes (received ${describe(value)})`;
    default:
      return issue.message;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
