/** The demo's "session": a cookie naming one of the seeded subscribers. */
import { SEEDED_SUBSCRIBER_IDS } from 'inbox-kit/testing';

export const DEFAULT_USER = SEEDED_SUBSCRIBER_IDS[0] ?? 'sub_ada';

/**
 * The signed-in subscriber for a `Cookie` header: the first seeded one when there is no
 * `demo_user` cookie, null (signed out) when it names no seeded subscriber or is not valid
 * percent-encoding.
 */
export function userOf(cookie: string | null | undefined): string | null {
  const match = /(?:^|;\s*)demo_user=([^;]+)/.exec(cookie ?? '');
  if (!match?.[1]) return DEFAULT_USER;
  let id: string;
  try {
    id = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return SEEDED_SUBSCRIBER_IDS.includes(id) ? id : null;
}
