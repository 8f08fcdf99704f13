/**
 * A connection to the service: the options checked once, and the transport that sends with
 * them. Clients remember theirs, so an admin client can be made from an inbox client.
 */
import { fail } from './arguments';
import { InboxArgumentError, InboxBrowserApiKeyError } from './errors';
import { createTransport, type HeadersOption, type RetryOptions, type Transport } from './http';

export interface ConnectionOptions {
  /**
   * Where the service lives: the service itself on a server
   * (`https://api.example.com`), or your `createInboxProxy` route in a browser
   * (`/api/inbox`). Paths such as `/v1/...` are appended.
   */
  baseUrl: string;
  /** The secret API key, sent as `Authorization: ApiKey <key>`. Server-side only (see `dangerouslyAllowBrowser`). */
  apiKey?: string;
  /** Extra headers, or a function (may be async) called before every request, e.g. for your app's session token. */
  headers?: HeadersOption;
  /** A fetch implementation. Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** Time allowed for one attempt, in ms. Default 10000. */
  timeoutMs?: number;
  /** Retry policy for network errors, 5xx and 429, or `false` for none. Default: 2 retries, 300 ms doubling backoff with jitter. */
  retry?: RetryOptions | false;
  /** Allow `apiKey` in a browser. Default false: the key would be readable by every visitor. */
  dangerouslyAllowBrowser?: boolean;
}

export function connect(operation: string, options: ConnectionOptions): Transport {
  const { baseUrl, timeoutMs } = Object(options) as Partial<ConnectionOptions>;
  if (typeof baseUrl !== 'string' || !baseUrl.trim()) {
    throw new InboxArgumentError(operation, 'baseUrl', "is required: the service's URL, or your createInboxProxy route.");
  }
  // A path such as `/api/inbox` is your proxy route on the page's origin. It is accepted anywhere, so
  // a provider can render on the server; requests need a browser to resolve it (see http.ts).
  if (!/^(https?:\/)?\//i.test(baseUrl)) {
    fail(operation, 'baseUrl', 'an http(s) URL, or a path such as "/api/inbox" in a browser', baseUrl);
  }
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    fail(operation, 'timeoutMs', 'a positive number of milliseconds', timeoutMs);
  }
  return createTransport(options);
}

/** `connect`, with an `apiKey` checked too: the inbox's own client (`createBrowserClient`) is given none. */
export function connectWithKey(operation: string, options: ConnectionOptions): Transport {
  const transport = connect(operation, options);
  const { apiKey } = options;
  if (apiKey !== undefined && !(typeof apiKey === 'string' && /^[\x21-\x7e]+$/.test(apiKey))) {
    throw new InboxArgumentError(
      operation,
      'apiKey',
      apiKey === '' ? 'is empty: is its environment variable set?' : 'must be the key as issued: visible ASCII, no spaces or line breaks.',
    );
  }
  if (apiKey !== undefined && typeof window !== 'undefined' && typeof document !== 'undefined' && !options.dangerouslyAllowBrowser) {
    throw new InboxBrowserApiKeyError();
  }
  return transport;
}

const transports = new WeakMap<object, Transport>();

/** Remembers the transport a client sends with. */
export function remember<C extends object>(client: C, transport: Transport): C {
  transports.set(client, transport);
  return client;
}

/** The transport of a client made by `createInboxClient` or `createInboxAdminClient`, if it is one. */
export function transportOf(client: object): Transport | undefined {
  return transports.get(client);
}
