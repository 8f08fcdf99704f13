/**
 * A notification's payload checked by a Standard Schema: by the client, or by `createInboxProxy`
 * on your server (which then says so in each feed page, under `PAYLOAD_CHECK_FIELD`).
 */
import type { ValidationIssue } from './errors';
import type { InvalidFeedItem } from './feed-page';
import type { StandardIssue, StandardSchemaV1 } from './payload-schema';
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

/** One notification's payload checked by the schema: the item with the schema's output, or what is wrong. */
export async function checkPayload(item: Record<string, unknown>, index: number, schema: StandardSchemaV1): Promise<{ item: Record<string, unknown> } | InvalidFeedItem> {
  const result = await schema['~standard'].validate(item.payload);
  if (result.issues) return { index, id: typeof item._id === 'string' ? item._id : undefined, issues: result.issues.map((issue) => payloadIssue(index, issue)) };
  return { item: { ...item, payload: result.value } };
}

function payloadIssue(index: number, issue: StandardIssue): ValidationIssue {
  const path = (issue.path ?? []).map((segment) => (typeof segment === 'object' ? segment.key : segment));
  return { path: formatPath(['data', index, 'payload', ...path]), message: issue.message };
}
