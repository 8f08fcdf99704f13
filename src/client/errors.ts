/**
 * Typed errors of the inbox client. Every error is an `InboxError` with a
 * `code`, and every message says what to do next where there is something to do.
 */

export type InboxErrorCode =
  | 'api_error'
  | 'network_error'
  | 'timeout'
  | 'aborted'
  | 'invalid_response'
  | 'invalid_argument'
  | 'browser_api_key'
  | 'headers_failed'
  | 'unsupported';

/**
 * Base class of every error the client throws. The fields of these classes are `declare`d: each
 * constructor assigns them all, so a class-field definition of each would only be repeated code.
 */
export class InboxError extends Error {
  override readonly name: string = 'InboxError';
  declare readonly code: InboxErrorCode;
  /**
   * Set on a change's error when the service may have applied the change all the same (see
   * `InboxApiError.mayHaveApplied`): a network error or a timeout, or an abort after an attempt
   * that may have reached the service.
   */
  declare readonly mayHaveApplied?: boolean;

  constructor(code: InboxErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

export function isInboxError(error: unknown): error is InboxError {
  return error instanceof InboxError;
}

/** An argument was refused before any request was sent. */
export class InboxArgumentError extends InboxError {
  override readonly name = 'InboxArgumentError';
  /** The argument at fault, e.g. `limit` or `messageId`. */
  declare readonly argument: string;

  constructor(operation: string, argument: string, problem: string) {
    super('invalid_argument', `${operation}: \`${argument}\` ${problem}`);
    this.argument = argument;
  }
}

/** The service answered with a status outside 2xx. */
export class InboxApiError extends InboxError {
  override readonly name = 'InboxApiError';
  declare readonly status: number;
  declare readonly statusText: string;
  /** The service's message(s): one entry, or one per failed rule for validation errors. */
  declare readonly messages: string[];
  /** The parsed response body (JSON when the service sent JSON, else the text). */
  declare readonly body: unknown;
  declare readonly method: string;
  declare readonly url: string;
  /** How long the service asked us to wait (Retry-After), in milliseconds. */
  declare readonly retryAfterMs: number | undefined;
  declare readonly headers: Headers;
  /**
   * Whether the change may have been applied all the same: a 5xx or a 409 ("still being applied"),
   * or any status after an earlier attempt of the same call got no clear answer (that attempt may
   * have reached the service), unless the service replayed this answer under the call's key.
   * Always false for a read.
   */
  declare readonly mayHaveApplied: boolean;

  constructor(init: {
    operation: string;
    method: string;
    url: string;
    status: number;
    statusText: string;
    body: unknown;
    headers: Headers;
    retryAfterMs: number | undefined;
    mayHaveApplied: boolean;
  }) {
    const { operation, ...fields } = init;
    const messages = serviceMessages(init.body);
    const said = messages.join('; ') || init.statusText || 'no message';
    const hint = hintFor(init.status, init.retryAfterMs, messages);
    super('api_error', `${operation} failed with ${init.status}${init.statusText ? ` ${init.statusText}` : ''}: ${said}.${hint ? ` ${hint}` : ''}`);
    // Every field of `init` but the operation, which the message names.
    Object.assign(this, fields, { messages });
  }
}

/** The request never got an answer: DNS, refused connection, dropped connection, CORS. */
export class InboxNetworkError extends InboxError {
  override readonly name = 'InboxNetworkError';
  declare readonly url: string;

  constructor(operation: string, url: string, cause: unknown) {
    super(
      'network_error',
      `${operation} could not reach ${url}: ${describeCause(cause)}. Check \`baseUrl\` and that the service (or your proxy route) is up; in a browser, also CORS.`,
      { cause },
    );
    this.url = url;
  }
}

/** No answer within `timeoutMs`. */
export class InboxTimeoutError extends InboxError {
  override readonly name = 'InboxTimeoutError';
  declare readonly timeoutMs: number;

  /** `url` undefined: the time ran out in your `headers` function, before anything was sent. */
  constructor(operation: string, url: string | undefined, timeoutMs: number) {
    super(
      'timeout',
      `${operation} timed out after ${timeoutMs} ms waiting for ${url === undefined ? 'your `headers` function; nothing was sent. Check that it settles.' : `${url}; retry, or raise \`timeoutMs\`.`}`,
    );
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's AbortSignal fired. */
export class InboxAbortError extends InboxError {
  override readonly name = 'InboxAbortError';

  constructor(operation: string, reason: unknown) {
    super('aborted', `${operation} was aborted by its AbortSignal.`, { cause: reason });
  }
}

export interface ValidationIssue {
  /** Where in the response, e.g. `data[3].cta.type`. */
  path: string;
  message: string;
}

/** The response did not match the spec. */
export class InboxValidationError extends InboxError {
  override readonly name = 'InboxValidationError';
  declare readonly issues: ValidationIssue[];
  declare readonly body: unknown;

  /** `operation` is the client method that received `body`. */
  constructor(operation: string, issues: ValidationIssue[], body: unknown) {
    const list = issues
      .slice(0, 5)
      .map((issue) => `${issue.path || '(root)'}: ${issue.message}`)
      .join('; ');
    const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
    super(
      'invalid_response',
      `${operation}: the response does not match the service's spec: ${list}${more}. Is \`baseUrl\` the service, or a proxy that passes it on unchanged?`,
    );
    this.issues = issues;
    this.body = body;
  }
}

/** An API key was given to a client running in a browser. */
export class InboxBrowserApiKeyError extends InboxError {
  override readonly name = 'InboxBrowserApiKeyError';

  constructor() {
    super(
      'browser_api_key',
      "createInboxClient: every visitor can read an `apiKey` in a browser. Use a `createInboxProxy` route ('inbox-kit/server') as `baseUrl`, " +
        'or `dangerouslyAllowBrowser: true` on a page that is not public.',
    );
  }
}

/**
 * The service's words, kept short: a 10 MB `message` must not become a 10-million-character error
 * (at most 20 messages, each cut at 500 characters).
 */
function serviceMessages(body: unknown): string[] {
  // A text body is the message; a JSON one has `message`, a string or a list. The service's validation
  // errors say "Validation Error" and list the rules broken under `errors.general.messages`.
  const said =
    typeof body === 'string'
      ? body.trim() || []
      : body && typeof body === 'object' && 'message' in body
        ? ((body as { errors?: { general?: { messages?: unknown } } }).errors?.general?.messages ?? body.message)
        : [];
  return [said]
    .flat()
    .filter((m): m is string => typeof m === 'string')
    .slice(0, 20)
    .map((message) => (message.length > 500 ? `${message.slice(0, 500)}…` : message));
}

function hintFor(status: number, retryAfterMs: number | undefined, messages: string[]): string {
  if (status === 422) {
    // One message a line: a pattern cannot match across two of them. (broadcast adds its own hint for an unknown workflow.)
    return /reused for a different|idempotency/i.test(messages.join('\n')) ? 'The idempotency-key was used for another request; use a new key.' : '';
  }
  if (status === 429) return `Too many requests; retry${retryAfterMs === undefined ? ' later' : ` in ${Math.ceil(retryAfterMs / 1000)} s`}.`;
  return (
    {
      400: 'Fix what the service names.',
      401: 'Check the API key (in a browser, use your `createInboxProxy` route).',
      403: 'Not allowed for this user (a proxy allows their own subscriber only, and admin operations by `authorizeAdmin`).',
      404: 'Check the ids in the request.',
      409: 'Its idempotency-key is still in use; retry shortly.',
    }[status] ?? (status >= 500 ? 'The service failed; retry later.' : '')
  );
}

/** An error's message (and its cause's), or the value thrown. */
export function describeCause(cause: unknown): string {
  return cause instanceof Error ? cause.message + (cause.cause instanceof Error ? ` (${cause.cause.message})` : '') : String(cause);
}
