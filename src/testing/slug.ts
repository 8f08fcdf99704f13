/**
 * Workflow slugs as the deployed service builds them: `<name slugified>_wf_<_id in base 62>`,
 * e.g. `comment-reply_wf_2Xk9…`. Preferences name workflows by slug, and `PATCH .../preferences`
 * takes one (or the `_id`) as `workflowId`.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const OBJECT_ID = /^[0-9a-f]{24}$/;

export function workflowSlug(workflow: { _id: string; name: string }): string {
  return `${slugify(workflow.name)}_wf_${encodeBase62(workflow._id)}`;
}

/** The `_id` a slug names, or undefined when it is not a slug. */
export function idOfSlug(slug: string): string | undefined {
  const match = /_wf_([0-9A-Za-z]+)$/.exec(slug);
  if (!match?.[1]) return undefined;
  let value = 0n;
  for (const char of match[1]) value = value * 62n + BigInt(ALPHABET.indexOf(char));
  const hex = value.toString(16).padStart(24, '0');
  return OBJECT_ID.test(hex) ? hex : undefined;
}

export function isObjectId(value: string): boolean {
  return OBJECT_ID.test(value);
}

function encodeBase62(hex: string): string {
  let value = BigInt(`0x${hex}`);
  let out = '';
  while (value > 0n) {
    out = ALPHABET[Number(value % 62n)] + out;
    value /= 62n;
  }
  return out || '0';
}

function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
