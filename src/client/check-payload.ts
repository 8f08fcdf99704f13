/**
 * A notification's payload checked by a Standard Schema: by the client, or by `createInboxProxy`
 * on your server (which then says so in each feed page, under `PAYLOAD_CHECK_FIELD`).
 */
import type { InvalidFeedItem } from './feed-page';
import type { StandardSchemaV1 } from './payload-schema';
import { arrayOf, looseObject, nullable, num, opt, str } from './schemas/define';
import { formatPath } from './validate';

/** What `createInboxProxy({ payloadSchema })` adds to each feed page it passes on. */
export const PAYLOAD_CHECK_FIELD = 'inboxKitPayloadCheck';

/** What `createInboxProxy({ payloadSchema })` adds to a feed page: the items it left out, and that it checked. */
export const payloadCheckSchema = /* @__PURE__ */ looseObject({
  inboxKitPayloadCheck: opt(
    looseObject({
      invalidItems: arrayOf(looseObject({ index: num, id: opt(nullable(str)), issues: arrayOf(looseObject({ path: str, message: str })) })),
    }),
  ),
});

/**
 * One notification's payload checked by the schema: the item with the schema's output, or what is
 * wrong. `field`: where the payload is, `payload` on a v1 feed item, `data` on a v2 notification.
 */
export async function checkPayload(
  item: Record<string, unknown>,
  index: number,
  schema: StandardSchemaV1,
  field: 'payload' | 'data',
): Promise<{ item: Record<string, unknown> } | InvalidFeedItem> {
  const result = await schema['~standard'].validate(item[field]);
  if (result.issues) {
    // Each issue's path under the item's: `data[3].payload.title`.
    const issues = result.issues.map(({ path, message }) => ({ path: formatPath(['data', index, field, ...(path ?? []).map((segment) => (typeof segment === 'object' ? segment.key : segment))]), message }));
    return { index, id: idOf(item), issues };
  }
  return { item: { ...item, [field]: result.value } };
}

/** A v1 item's `_id`, a v2 notification's `id`. */
export function idOf(item: unknown): string | undefined {
  const { _id, id } = Object(item) as { _id?: unknown; id?: unknown };
  return [_id, id].find((one): one is string => typeof one === 'string');
}
