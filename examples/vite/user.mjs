/**
 * Who is signed in: a `user` cookie naming a subscriber, `sub_ada` when there is none.
 * A stand-in for your app's session; read by the browser app and by the /api/inbox route.
 */
export function userOf(cookie) {
  return /(?:^|;\s*)user=([\w.@-]+)/.exec(cookie ?? '')?.[1] ?? 'sub_ada';
}
