/**
 * What the proxy takes from the service's answer (read with `readBody`): JSON only, and of an
 * error only the documented shape with a message the service is known to send. Anything else (an HTML page, a stack trace, a connection string) stays in the server's
 * log under a request id; the browser gets a generic error naming that id.
 */

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
const ID = String.raw`[\w.:@-]{1,200}`;
const KNOWN_MESSAGES: RegExp[] = [
  // class-validator: "limit must not be greater than 100", "markAs must be one of the following values: read, seen, unread, unseen".
  /^[\w.[\]-]{1,80} (?:must|should) [\w ,.:'`()-]{1,160}$/,
  /^each value in [\w.]{1,80} must [\w ,.:'`()-]{1,160}$/,
  /^channels\.\w{1,40} is not a channel \([\w, ]{1,80}\)$/,
  new RegExp(String.raw`^Subscriber not found for this environment with the id: ${ID}\. Make sure to create a subscriber before (?:fetching the feed|trying to modify it)\.$`),
  new RegExp(String.raw`^Subscriber with the id: ${ID} was not found for this environment\. Make sure to create a subscriber before trying to modify it\.$`),
  new RegExp(String.raw`^Message with the id: ${ID} was not found for this environment\. Make sure to address correct message before trying to modify it\.$`),
  new RegExp(String.raw`^(?:Subscriber|Message|Integration|Workflow)(?: with id:?)? "?${ID}"? (?:was |is )?not found$`),
  new RegExp(String.raw`^Subscriber not found for id ${ID}$`),
  new RegExp(String.raw`^Request with key "${ID}" is (?:currently being processed\. Please retry after 1 second|being reused for a different body)$`),
  new RegExp(String.raw`^Critical workflow with id: ${ID} can not be updated$`),
  new RegExp(String.raw`^Channel [\w, ]{1,80} of workflow "${ID}" is set by your organization and cannot be changed$`),
  // The router's 404 names the URL with its query (`Cannot GET /v2/subscribers/x/notifications?limit=10`).
  /^Cannot (?:GET|POST|PATCH|PUT|DELETE) \/[\w/.:?=&%@,+~-]{1,300}$/,
  /^(?:API Key not found|Missing authorization header|API rate limit exceeded|workflow_not_found|messageId is required|Request body is not valid JSON|Invalid payload, the JSON object should be encoded to base64 string\.)$/,
  /^Invalid authentication scheme: "\w{1,40}"$/,
  /^idempotency-key must be at most 255 characters$/,
  /^Channel (?:email|sms|in_app|chat|push) does not support primary$/,
  /^Preferences are managed by your organization and cannot be changed here$/,
  /^Request body (?:is larger than \d+ bytes|nests deeper than \d+ levels)$/,
  // The v2 subscriber-notifications routes.
  new RegExp(String.raw`^Subscriber '${ID}' was not found$`),
  new RegExp(String.raw`^Subscriber ${ID} doesn't exist in environment [0-9a-f]{24}$`),
  new RegExp(String.raw`^Notification (?:with id: ${ID} is not found\.|id: '${ID}' not found)$`),
  new RegExp(String.raw`^Could not find a snoozed notification with id '${ID}'\. The notification may not exist or may not be in a snoozed state\.$`),
  /^Could not perform action on the (?:primary|secondary) button because it does not exist\.$/,
  /^Validation failed for \w{1,60}Command: \w{1,40}: [\w ,.:'`()-]{1,160}$/,
  /^(?:Filtering for unread and archived notifications is not supported\.|Invalid filters, the JSON object should be provided\.|Snooze time must be at least 60 seconds in the future|Snooze Duration Limit Exceeded|The after cursor must be a valid MongoDB ObjectId)$/,
  /^(?:Invalid JSON format for data parameter|Data must be an object|Arrays are not supported in data filter|Maximum nesting level exceeded \(2 levels max\))$/,
  /^(?:String value for|Value for) [\w.-]{1,80} (?:exceeds 256 characters|must be a scalar \(string, number, boolean, or null\))$/,
  /^tags must be string\[\] \(OR\), \{ or: string\[\] \}, or \{ and: \[\{ or: string\[\] \}, \.\.\.\] \} \(AND of OR-groups\)$/,
];

const MAX_MESSAGE = 300;

function known(message: unknown): message is string {
  return (
    typeof message === 'string' &&
    message.length <= MAX_MESSAGE &&
    // One plain line.
    !/\p{Cc}/u.test(message) &&
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
  // The v2 routes' validation errors say "Validation Error" and list the rules under `errors.general.messages`: those are the message.
  const record = body !== null && typeof body === 'object' ? (body as { message?: unknown; errors?: { general?: { messages?: unknown } } }) : undefined;
  const message = record?.message === 'Validation Error' && Array.isArray(record.errors?.general?.messages) ? record.errors.general.messages : record?.message;
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
