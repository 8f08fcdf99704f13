/** The signed-in user: here a `user` cookie (default `sub_ada`); in your app, your session. */
export function signedInUser(): string {
  return /(?:^|;\s*)user=([\w.@-]+)/.exec(document.cookie)?.[1] ?? 'sub_ada';
}
