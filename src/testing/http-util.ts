/** Small Fetch-API helpers for the reference service. */

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? 'Error';
}

/** A service result before it becomes a Response (kept for idempotent replay). */
export interface Result {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** The service's error body: `{statusCode, timestamp, path, message, error}`. */
export function errorResult(status: number, message: string | string[], path: string, headers?: Record<string, string>, fields?: Record<string, unknown>): Result {
  return {
    status,
    body: { statusCode: status, timestamp: new Date().toISOString(), path, message, error: statusText(status), ...fields },
    ...(headers ? { headers } : {}),
  };
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string | string[],
    readonly headers?: Record<string, string>,
    /** More fields of the error body. */
    readonly fields?: Record<string, unknown>,
  ) {
    super(Array.isArray(messages) ? messages.join('; ') : messages);
  }
}

/**
 * The v2 routes' validation error (their global pipe): 422 "Validation Error", the rules broken
 * listed under `errors.general.messages`.
 */
export function validationError(messages: string[]): HttpError {
  return new HttpError(422, 'Validation Error', undefined, { errors: { general: { messages, value: 'No Value Recorded' } } });
}

/** A v2 command's own check (an id in the path): 422 naming the command and the field. */
export function commandError(command: string, field: string, message: string, value: unknown): HttpError {
  return new HttpError(422, `Validation failed for ${command}: ${field}: ${message}`, undefined, { errors: { [field]: { messages: [message], value } } });
}

export function toResponse(result: Result, extraHeaders: Record<string, string> = {}): Response {
  const headers = new Headers({ ...extraHeaders, ...result.headers });
  if (result.body === undefined) return new Response(null, { status: result.status, statusText: statusText(result.status), headers });
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(result.body), { status: result.status, statusText: statusText(result.status), headers });
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
