/**
 * Where the demo's proxy sends requests: the built-in reference service, or, with
 * `INBOX_UPSTREAM_URL`, `INBOX_API_KEY` and `INBOX_SUBSCRIBERS`, a deployment of the real service.
 */
export type DemoConfig =
  | { kind: 'reference' }
  | {
      kind: 'upstream';
      /** Base URL of the deployed service, e.g. https://api.novu.co. */
      upstream: string;
      /** Its secret API key: used by this server only. */
      apiKey: string;
      /** Subscriber ids the demo lets you sign in as; the first is the default. */
      subscribers: string[];
    };

/** The configuration from the environment, or a message saying what is missing or wrong. */
export function demoConfig(env: Record<string, string | undefined>): DemoConfig | { error: string } {
  const upstream = env.INBOX_UPSTREAM_URL?.trim();
  if (!upstream) return { kind: 'reference' };
  if (!/^https?:\/\/[^/]+/i.test(upstream)) return { error: `INBOX_UPSTREAM_URL must be the http(s) base URL of the service, received ${JSON.stringify(upstream)}.` };
  const apiKey = env.INBOX_API_KEY?.trim();
  if (!apiKey) return { error: 'INBOX_API_KEY is required with INBOX_UPSTREAM_URL: the secret API key of that environment (it stays on this server).' };
  const subscribers = (env.INBOX_SUBSCRIBERS ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (subscribers.length === 0) return { error: 'INBOX_SUBSCRIBERS is required with INBOX_UPSTREAM_URL: the subscriber ids to sign in as, e.g. INBOX_SUBSCRIBERS=alice,bob.' };
  return { kind: 'upstream', upstream: upstream.replace(/\/+$/, ''), apiKey, subscribers };
}
