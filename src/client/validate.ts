/** Runs a schema at the edge: the value, or an `InboxValidationError` with readable issues. */
import type * as z from 'zod/mini';
import { InboxValidationError, type ValidationIssue } from './errors';

export function parseOrThrow<T>(operation: string, schema: z.ZodMiniType<T>, body: unknown): T {
  const result = schema.safeParse(body, JITLESS);
  if (result.success) return result.data;
  throw new InboxValidationError(operation, toIssues(result.error.issues), body);
}

/** Issues with their paths written as `data[2].cta.type`, under `basePath`. */
export function toIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[], basePath: readonly PropertyKey[] = []): ValidationIssue[] {
  return issues.map(({ path, message }) => ({ path: formatPath([...basePath, ...path]), message }));
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += (out ? '.' : '') + String(key);
  }
  return out;
}

/**
 * zod's parse without its compiled fast path (a `new Function` per object schema): an inbox parses
 * each record shape a few times, too few for compiling to pay. The bench showed no difference
 * either way at first paint; the parse itself stays off eval (zod still probes for it once, when it
 * builds a schema).
 */
export const JITLESS = { jitless: true } as const;
