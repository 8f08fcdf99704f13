/** A feed page from the wire: the page checked as a whole, then each item (and its payload) on its own. */
import type { ValidationIssue } from './errors';
import type * as z from 'zod/mini';
import type { StandardSchemaV1 } from './payload-schema';
import { InboxValidationError } from './errors';
import { feedItemSchema, feedPageSchema, type FeedItem, type FreePayload } from './schemas/index';
import { checkPayload, idOf, PAYLOAD_CHECK_FIELD, payloadCheckSchema } from './check-payload';
import { JITLESS, parseOrThrow, toIssues } from './validate';

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

/**
 * What checks each notification's payload: a schema here, `'proxy'` (your `createInboxProxy` was
 * given the schema and says so in each feed page), or nothing.
 */
export type PayloadCheck = StandardSchemaV1 | 'proxy' | undefined;

export async function parseFeedPage<P>(operation: string, body: unknown, payloadCheck: PayloadCheck): Promise<FeedPage<P>> {
  const page = parseOrThrow(operation, feedPageSchema, body);
  const { data, invalidItems } = await parseItems<FeedItem<P>>(operation, body, page.data, feedItemSchema, payloadCheck, 'payload');
  return { data, hasMore: page.hasMore, page: page.page, pageSize: page.pageSize, totalCount: page.totalCount, invalidItems };
}

/**
 * A page's items, each checked on its own: a malformed item (or one whose payload fails the schema)
 * is left out and reported, the rest are kept. `field` is where the payload is.
 */
export async function parseItems<T>(
  operation: string,
  body: unknown,
  items: unknown[],
  itemSchema: z.ZodMiniType<Record<string, unknown>>,
  payloadCheck: PayloadCheck,
  field: 'payload' | 'data',
): Promise<{ data: T[]; invalidItems: InvalidFeedItem[] }> {
  const data: T[] = [];
  const invalidItems: InvalidFeedItem[] = payloadCheck === 'proxy' ? checkedByProxy(operation, body) : [];
  const payloadSchema = payloadCheck === 'proxy' ? undefined : payloadCheck;
  for (const [index, raw] of items.entries()) {
    const item = itemSchema.safeParse(raw, JITLESS);
    if (!item.success) {
      invalidItems.push({ index, id: idOf(raw), issues: toIssues(item.error.issues, ['data', index]) });
      continue;
    }
    const checked = payloadSchema ? await checkPayload(item.data, index, payloadSchema, field) : { item: item.data };
    if ('issues' in checked) invalidItems.push(checked);
    else data.push(checked.item as T);
  }
  return { data, invalidItems };
}

/** The items the proxy left out; a page the proxy did not check is refused, so no unchecked payload passes for a typed one. */
function checkedByProxy(operation: string, body: unknown): InvalidFeedItem[] {
  const check = parseOrThrow(operation, payloadCheckSchema, body)[PAYLOAD_CHECK_FIELD];
  if (check) return check.invalidItems.map((item) => ({ index: item.index, id: item.id ?? undefined, issues: item.issues }));
  throw new InboxValidationError(operation, [{ path: PAYLOAD_CHECK_FIELD, message: 'missing: the payloads were not checked. Give createInboxProxy your payloadSchema (or the provider the schema).' }], body);
}
