/**
 * Who the signed-in user is on the service (their internal `_id`), for telling their messages
 * from others'. Learned from their feed, or asked for with `GET /v1/subscribers/{id}`: at most
 * once a request, inside the request's time bound, and counted by the caller's rate limit.
 */
import type { Ownership } from './own-messages';
import { readBody } from './read-body';
import { isJson } from './upstream-answer';

/** A subscriber record is a few kilobytes: more is not read. */
const MAX_SUBSCRIBER_BYTES = 64 * 1024;

/** Internal ids remembered per proxy. */
const MAX_REMEMBERED_IDS = 10_000;

export interface LookUp {
  upstream: string;
  apiKey: string;
  fetch: typeof fetch;
  /** The request's time bound, shared with its upstream call. */
  signal: AbortSignal;
  /** Counts the look-up against the user's limit; false when it may not be made. */
  allowed: () => Promise<boolean>;
}

/** Thrown when an answer needs the user's internal id and it cannot be had: whose its messages are is unknown. */
export class OwnershipUnknown extends Error {
  override readonly name = 'OwnershipUnknown';
}

export function createOwnershipCache() {
  const internalIds = new Map<string, string>();

  function remember(key: string, internalId: string): void {
    if (internalIds.get(key) === internalId) return;
    internalIds.delete(key);
    internalIds.set(key, internalId);
    // Oldest first in a Map: forget the oldest once there are too many.
    if (internalIds.size > MAX_REMEMBERED_IDS) internalIds.delete(internalIds.keys().next().value ?? '');
  }

  /** One request's view: its look-up made once, its failure kept, so a long answer cannot repeat it. */
  return function ownership(subscriberId: string, lookUp: LookUp): Ownership {
    // Per service and subscriber: the upstream may be read anew for each request.
    const key = `${lookUp.upstream}\n${subscriberId}`;
    let asked: Promise<string> | undefined;
    return {
      subscriberId,
      learn: (internalId) => remember(key, internalId),
      internalId: () => {
        const known = internalIds.get(key);
        if (known !== undefined) return Promise.resolve(known);
        asked ??= ask(subscriberId, lookUp).then((found) => {
          remember(key, found);
          return found;
        });
        return asked;
      },
    };
  };
}

/**
 * One read of the service for the proxy's own checks: counted by the user's limit, inside the
 * request's time bound, JSON only and at most `maxBytes`. Anything else is `OwnershipUnknown`,
 * naming `what` was read.
 */
export async function lookUpJson(path: string, maxBytes: number, what: string, { upstream, apiKey, fetch, signal, allowed }: LookUp): Promise<unknown> {
  if (!(await allowed())) throw new OwnershipUnknown(`the rate limit leaves no room to read ${what}`);
  try {
    const answer = await fetch(`${upstream}${path}`, { headers: { Accept: 'application/json', Authorization: `ApiKey ${apiKey}` }, signal, redirect: 'manual' });
    if (!answer.ok || !isJson(answer)) {
      void answer.body?.cancel().catch(() => undefined);
      throw new OwnershipUnknown(`${what} answered ${answer.status} ${answer.headers.get('content-type')}`);
    }
    const text = await readBody(answer, maxBytes);
    if (text === 'too-large' || text === 'too-slow' || text === 'cut-off') throw new OwnershipUnknown(`${what}: the answer was ${text}`);
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw error instanceof OwnershipUnknown ? error : new OwnershipUnknown(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function ask(subscriberId: string, lookUp: LookUp): Promise<string> {
  const body = (await lookUpJson(`/v1/subscribers/${encodeURIComponent(subscriberId)}`, MAX_SUBSCRIBER_BYTES, 'the subscriber look-up', lookUp)) as
    | { _id?: unknown; subscriberId?: unknown; data?: { _id?: unknown; subscriberId?: unknown } }
    | null;
  const subscriber = body?.data !== undefined ? body.data : body;
  if (typeof subscriber?._id === 'string' && subscriber.subscriberId === subscriberId) return subscriber._id;
  throw new OwnershipUnknown('the subscriber look-up did not name this subscriber');
}
