/**
 * What the proxy takes from the service's answer: JSON only, read as a stream up to a cap on the
 * decoded size, and of an error only the documented shape with a message the service is known
 * to send. Anything else (an HTML page, a stack trace, a connection string) stays in the server's
 * log under a request id; the browser gets a generic error naming that id.
 */

/** The body as text, `'too-large'` past `limit` decoded bytes (reading stops there), or `'cut-off'`. */
export async function readCapped(answer: Response, limit: number): Promise<string | 'too-large' | 'cut-off'> {
  if (!answer.body) return '';
  const reader = answer.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      size += value.byteLength;
      if (size > limit) {
        void reader.cancel().catch(() => undefined);
        return 'too-large';
      }
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    void reader.cancel().catch(() => undefined);
    return 'cut-off';
  }
}

export function isJson(answer: Response): boolean {
  return /^application\/(?:[\w.+-]*\+)?json\b/i.test(answer.headers.get('content-type') ?? '');
}

/**
 * The service's messages that may reach a browser: its validation messages (class-validator's
 * "`field` must ..."), the not-found and refusal messages of the routes the proxy serves, and
 * its authentication, rate-limit and idempotency messages. The client reads some of them
 * ("Subscriber not found" is a new user's empty inbox; idempotency and workflow_not_found get
 * their own hints).
 */
const KNOWN_MESSAGES: RegExp[] = [
  /^[\w.[\]-]+ (?:must|should) [\w\s,.:'"()-]+$/,
  /^(?:subscriber|message|integration|workflow)\b[^]*\bnot (?:been )?found\b/i,
  /\bnot found for (?:this environment|id)\b/i,
  /^Cannot (?:GET|POST|PATCH|PUT|DELETE) \/[\w/.:-]*$/,
  /^(?:API Key not found|Missing authorization header|API rate limit exceeded|workflow_not_found|messageId is required|Request body is not valid JSON)$/,
  /^Invalid authentication scheme\b/,
  /^Invalid payload\b/,
  /\bidempotency-key\b/i,
  /^Channel [\w, ]+ does not support primary$/,
  /\bcannot be changed\b|\bcan not be updated$/,
  /^Request body is larger than \d+ bytes$/,
  /^Request body nests deeper than \d+ levels$/,
];

const MAX_MESSAGE = 300;

function known(message: unknown): message is string {
  return (
    typeof message === 'string' &&
    message.length <= MAX_MESSAGE &&
    // One plain line, no address of any kind.
    !/\p{Cc}|:\/\//u.test(message) &&
    KNOWN_MESSAGES.some((pattern) => pattern.test(message))
  );
}

/**
 * An error answer's body for the browser: the status, its reason, and the service's message(s)
 * when every one of them is known; else `undefined` (the caller answers generically).
 */
export function publicError(status: number, text: string, reason: string): { statusCode: number; message: string | string[]; error: string } | undefined {
  if (status >= 500) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const message = body !== null && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  if (known(message)) return { statusCode: status, message, error: reason };
  if (Array.isArray(message) && message.length > 0 && message.length <= 20 && message.every(known)) return { statusCode: status, message, error: reason };
  return undefined;
}

/** A set-primary answer without the integration's `credentials`: a browser never needs a provider's secrets. */
export function withoutCredentials(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  if (record.data !== null && typeof record.data === 'object' && !Array.isArray(record.data)) return { ...record, data: withoutCredentials(record.data) };
  const rest = { ...record };
  delete rest.credentials;
  return rest;
}
