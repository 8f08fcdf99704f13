/**
 * The proxy's payload check (`createInboxProxy({ payloadSchema })`): each notification of a feed
 * page is checked on your server, so the browser needs no schema (and no zod of your own in its
 * bundle). An item that fails is left out and named in the page's `PAYLOAD_CHECK_FIELD`, which
 * also tells a client given `payloadSchema: 'proxy'` that the page was checked.
 */
import { checkPayload, PAYLOAD_CHECK_FIELD } from '../client/check-payload';
import type { InvalidFeedItem } from '../client/feed-page';
import type { StandardSchemaV1 } from '../client/payload-schema';

/** A page with each item's payload checked (`payload` of a v1 feed item, `data` of a v2 notification); anything that is not a page, as it came. */
export async function withCheckedPayloads(body: unknown, schema: StandardSchemaV1, field: 'payload' | 'data' = 'payload'): Promise<unknown> {
  if (body === null || typeof body !== 'object' || !('data' in body) || !Array.isArray(body.data)) return body;
  const data: unknown[] = [];
  const invalidItems: InvalidFeedItem[] = [];
  for (const [index, item] of body.data.entries()) {
    // Not an object: the client's own check of the record reports it.
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      data.push(item);
      continue;
    }
    const checked = await checkPayload(item as Record<string, unknown>, index, schema, field);
    if ('issues' in checked) invalidItems.push(checked);
    else data.push(checked.item);
  }
  return { ...body, data, [PAYLOAD_CHECK_FIELD]: { invalidItems } };
}
