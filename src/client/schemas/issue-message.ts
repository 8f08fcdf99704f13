/** The text of a validation issue: what was expected and what came, readable on its own. */
import type * as z from 'zod/mini';
import { describe } from '../arguments';

export function issueMessage(issue: z.core.$ZodRawIssue): string {
  const { input } = issue;
  switch (issue.code) {
    case 'invalid_type':
      return input === undefined ? `required ${issue.expected} is missing` : `expected ${issue.expected}, received ${describe(input)}`;
    case 'invalid_value': {
      const list = issue.values.map((value) => JSON.stringify(value)).join(', ');
      return input === undefined ? `required value is missing (one of ${list})` : `expected one of ${list}, received ${describe(input)}`;
    }
    case 'invalid_union':
      return input === undefined ? 'required value is missing' : `matches none of the allowed shapes (received ${describe(input)})`;
    default:
      return `${issue.code.replace(/_/g, ' ')} (received ${describe(input)})`;
  }
}
