/** The demo's "session": a cookie naming one of the seeded subscribers. */
import { SEEDED_SUBSCRIBER_IDS } from 'inbox-kit/testing';

export const DEFAULT_USER = SEEDED_SUBSCRIBER_IDS[0] ?? 'sub_ada';

/**
 * The signed-in subscriber for a `Cookie` header: the first of `people` (the seeded subscribers,
 * or `INBOX_SUBSCRIBERS` against a deployment) when there is no `demo_user` cookie, null (signed
 * out) when it names nobody of them or is not valid percent-encoding.
 */
export function userOf(cookie: string | null | undefined, people: readonly string[] = SEEDED_SUBSCRIBER_IDS): string | null {
  const match = /(?:^|;\s*)demo_user=([^;]+)/.exec(cookie ?? '');
  if (!match?.[1]) return people[0] ?? null;
  let id: string;
  try {
    id = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return people.includes(id) ? id : null;
}
