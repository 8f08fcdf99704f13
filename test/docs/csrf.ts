/** A stand-in for an app's CSRF token source, for the client guide's browser example. */
export async function getCsrfToken(): Promise<string> {
  return 'csrf-token-of-the-session';
}
