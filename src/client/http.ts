/**
 * The transport: headers, timeouts, abort, retries with backoff, idempotency
 * keys and the `{data}` envelope. Knows nothing about the operations.
 */
import { fail } from './arguments';
import {
  InboxAbortError,
  InboxApiError,
  InboxArgumentError,
  InboxError,
  InboxNetworkError,
  InboxTimeoutError,
  InboxValidationError,
  describeCause,
} from './errors';

export type HeadersOption = HeadersInit | (() => HeadersInit | Promise<HeadersInit>);

export interface RetryOptions {
  /** Retries after the first attempt. Default 2. */
  retries?: number;
  /** First backoff delay in ms, doubled on each retry, with jitter. Default 300. */
  baseDelayMs?: number;
  /** Longest backoff delay in ms. Default 5000. */
  maxDelayMs?: number;
  /** A `Retry-After` longer than this (ms) is not waited for: the error is thrown instead. Default 30000. */
  maxRetryAfterMs?: number;
}

export interface TransportOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  headers?: HeadersOption | undefined;
  fetch?: typeof fetch | undefined;
  timeoutMs?: number | undefined;
  retry?: RetryOptions | false | undefined;
}

/** Per-call options accepted by every client method. */
export interface RequestOptions {
  /** Aborts the request (and any pending retry). */
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number;
  /**
   * For POST and PATCH: the idempotency-key to send, 1 to 255 visible ASCII characters.
   * Default: a new random key per call, reused by its retries.
   */
  idempotencyKey?: string;
  /** Sent with `keepalive`, so it completes after the page is closed (a change made just before). */
  keepalive?: boolean;
}

export interface RequestSpec extends RequestOptions {
  operation: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  /** An array is sent as the key repeated, as the service reads `severity` and `contextKeys`. */
  query?: Record<string, string | number | boolean | readonly string[] | undefined>;
  body?: unknown;
}

export interface Transport {
  readonly baseUrl: string;
  request(spec: RequestSpec): Promise<unknown>;
}

export function createTransport(options: TransportOptions): Transport {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const retry = options.retry === false ? { retries: 0 } : (options.retry ?? {});
  const retries = retry.retries ?? 2;
  const baseDelayMs = retry.baseDelayMs ?? 300;
  const maxDelayMs = retry.maxDelayMs ?? 5_000;
  const maxRetryAfterMs = retry.maxRetryAfterMs ?? 30_000;

  async function request(spec: RequestSpec): Promise<unknown> {
    const { operation, signal } = spec;
    if (baseUrl.startsWith('/') && typeof location === 'undefined') {
      throw new InboxArgumentError(
        operation,
        'baseUrl',
        `is a path, which only a browser resolves; on a server use the service's URL (see prefetchInbox).`,
      );
    }
    // An array is sent as the key repeated; an undefined value is left out.
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(spec.query ?? {})) {
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(key, String(one));
    }
    const search = query.toString();
    const url = `${baseUrl}${spec.path}${search ? `?${search}` : ''}`;
    const timeoutMs = spec.timeoutMs ?? options.timeoutMs ?? 10_000;
    const mutates = spec.method !== 'GET';
    // One key per call, reused by every retry of it, so the service applies it once.
    const idempotencyKey = mutates ? (spec.idempotencyKey ?? newIdempotencyKey()) : undefined;
    if (spec.idempotencyKey !== undefined && !/^[\x21-\x7e]{1,255}$/.test(spec.idempotencyKey)) {
      // Shown as a string, cut at 40 characters.
      fail(operation, 'idempotencyKey', '1 to 255 visible ASCII characters (no spaces)', String(spec.idempotencyKey));
    }
    // Undefined without a body (JSON.stringify(undefined) is undefined).
    const body: string | undefined = JSON.stringify(spec.body);

    const headersFor = async () => {
      let headers: Headers;
      try {
        // Headers refuses values it cannot send (a newline, a non-Latin-1 character): the same failure.
        headers = new Headers(typeof options.headers === 'function' ? await options.headers() : options.headers);
      } catch (error) {
        throw new InboxError(
          'headers_failed',
          `${operation}: your \`headers\` function failed, so no request was sent: ${describeCause(error)}. Fix it and retry.`,
          { cause: error },
        );
      }
      headers.set('Accept', 'application/json');
      if (body !== undefined) headers.set('Content-Type', 'application/json');
      if (options.apiKey) headers.set('Authorization', `ApiKey ${options.apiKey}`);
      if (idempotencyKey) headers.set('idempotency-key', idempotencyKey);
      return headers;
    };

    // Whether an earlier attempt may have reached the service: then no later status proves the change was not applied.
    let unclearBefore = false;
    // A mutation is retried only under an idempotency-key, so the service applies it once.
    const safe = !mutates || !!idempotencyKey;
    try {
      for (let attempt = 0; ; attempt++) {
        let retryAfterMs: number | undefined;
        try {
          if (signal?.aborted) throw new InboxAbortError(operation, signal.reason);
          // One request and its body, under the timeout and the caller's signal: slow `headers` and a
          // body that stalls half-way time out too.
          const controller = new AbortController();
          let timedOut = false;
          const timer = setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs);
          const onAbort = () => controller.abort(signal?.reason);
          signal?.addEventListener('abort', onAbort, { once: true });
          let response: Response;
          let text: string;
          let sent = false;
          try {
            // The headers, or the abort (of the timeout or the caller) if it comes first.
            const headers = await Promise.race([headersFor(), new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error)))]);
            sent = true;
            response = await doFetch(url, { method: spec.method, body, headers, signal: controller.signal, keepalive: spec.keepalive });
            text = await response.text();
          } catch (error) {
            if (signal?.aborted) throw new InboxAbortError(operation, signal.reason);
            if (timedOut) throw new InboxTimeoutError(operation, sent ? url : undefined, timeoutMs);
            if (error instanceof InboxError) throw error;
            throw new InboxNetworkError(operation, url, error);
          } finally {
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
          }
          let parsed: unknown;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            // An error's body may be text; a success's must be JSON.
            if (response.ok) {
              // No header, or an empty one: "no content type".
              throw new InboxValidationError(
                operation,
                [{ path: '', message: `expected a JSON body, received ${response.headers.get('Content-Type') || 'no content type'}: ${JSON.stringify(text.slice(0, 80))}` }],
                text,
              );
            }
            parsed = text;
          }
          // The deployed service wraps bodies as `{"data": ...}`; the spec has them bare. No record of the
          // spec consists of a lone `data` field, so an object whose only key is `data` is an envelope (a
          // parsed JSON array's keys are its indexes, so an array is never taken for one).
          if (response.ok) return parsed && typeof parsed === 'object' && Object.keys(parsed).join() === 'data' ? (parsed as { data: unknown }).data : parsed;
          throw new InboxApiError({
            operation,
            method: spec.method,
            url,
            status: response.status,
            statusText: response.statusText,
            body: parsed,
            headers: response.headers,
            retryAfterMs: parseRetryAfter(response.headers.get('Retry-After')),
            mayHaveApplied: mutates && (response.status >= 500 || response.status === 409 || (unclearBefore && response.headers.get('idempotency-replay') !== 'true')),
          });
        } catch (error) {
          const api = error instanceof InboxApiError;
          // Only a status, a network error or a timeout may be worth another attempt.
          if (!api && !(error instanceof InboxNetworkError || error instanceof InboxTimeoutError)) throw error;
          unclearBefore ||= mutates && (!api || error.mayHaveApplied);
          retryAfterMs = api ? error.retryAfterMs : undefined;
          // 409 is "same idempotency-key still in flight": worth waiting for only under that key.
          const retryable = api ? error.status === 429 || (error.status >= 500 && safe) || (error.status === 409 && !!idempotencyKey) : safe;
          if (!retryable || attempt >= retries || (retryAfterMs ?? 0) > maxRetryAfterMs) throw error;
        }
        const backoff = Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
        // Half of it, plus up to the other half at random.
        const jittered = (backoff * (1 + Math.random())) / 2;
        // The wait ends early when the caller aborts: the next attempt then stops at its abort check.
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', done);
            resolve();
          };
          const timer = setTimeout(done, signal?.aborted ? 0 : Math.max(retryAfterMs ?? 0, jittered));
          signal?.addEventListener('abort', done);
        });
      }
    } catch (error) {
      // Whatever ends the call after such an attempt (an abort, a failing `headers`) leaves its outcome unknown.
      if (unclearBefore && error instanceof InboxError && !(error instanceof InboxApiError)) Object.assign(error, { mayHaveApplied: true });
      throw error;
    }
  }

  return { baseUrl, request };
}

/** `Retry-After` as seconds or an HTTP date, in ms. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (!value?.trim()) return undefined;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
  return Number.isNaN(ms) ? undefined : Math.max(0, ms);
}

/** A random idempotency key (a UUID where the context allows it). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  // Insecure contexts (plain http on a LAN address) lack randomUUID.
  return c.randomUUID?.() ?? Array.from(c.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
