/** A feed page from the wire: the page checked as a whole, then each item (and its payload) on its own. */
import type { ValidationIssue } from './errors';
import { isPlainObject } from './arguments';
import type { StandardIssue, StandardSchemaV1 } from './payload-schema';
import { feedItemSchema, feedPageSchema, type FeedItem, type FreePayload } from './schemas/index';
import { formatPath, parseOrThrow, toIssues } from './validate';

/** A feed item the client had to leave out because it does not match the spec (or your `payloadSchema`). */
export interface InvalidFeedItem {
  /** Its index in the page the service sent. */
  index: number;
  /** Its `_id`, when it has a readable one. */
  id: string | undefined;
  issues: ValidationIssue[];
}

export interface FeedPage<P = FreePayload> {
  data: FeedItem<P>[];
  hasMore: boolean;
  page: number;
  /** As the service reports it: the requested limit on the deployed service, the items returned in the spec. Not a count. */
  pageSize: number;
  /** As the service reports it; may be absent, and the deployed service reports at most the page size. Not a total. */
  totalCount: number | undefined;
  /** Items left out of `data` because they do not match the spec. Empty when all is well. */
  invalidItems: InvalidFeedItem[];
}

export async function parseFeedPage<P>(operation: string, body: unknown, payloadSchema: StandardSchemaV1 | undefined): Promise<FeedPage<P>> {
  const page = parseOrThrow(operation, feedPageSchema, body);
  const data: FeedItem<P>[] = [];
  const invalidItems: InvalidFeedItem[] = [];
  for (const [index, raw] of page.data.entries()) {
    const id = isPlainObject(raw) && typeof raw._id === 'string' ? raw._id : undefined;
    const item = feedItemSchema.safeParse(raw);
    if (!item.success) {
      invalidItems.push({ index, id, issues: toIssues(item.error.issues, ['data', index]) });
      continue;
    }
    if (!payloadSchema) {
      data.push(item.data as FeedItem<P>);
      continue;
    }
    const payload = await payloadSchema['~standard'].validate(item.data.payload);
    if (payload.issues) {
      invalidItems.push({ index, id, issues: payload.issues.map((issue) => payloadIssue(index, issue)) });
    } else {
      data.push({ ...item.data, payload: payload.value } as FeedItem<P>);
    }
  }
  return { data, hasMore: page.hasMore, page: page.page, pageSize: page.pageSize, totalCount: page.totalCount, invalidItems };
}

function payloadIssue(index: number, issue: StandardIssue): ValidationIssue {
  const path = (issue.path ?? []).map((segment) => (typeof segment === 'object' ? segment.key : segment));
  return { path: formatPath(['data', index, 'payload', ...path]), message: issue.message };
}
