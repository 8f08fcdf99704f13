import { InboxApiError, InboxNetworkError, InboxTimeoutError } from '../client/index';

/**
 * The one recipe for optimistic mutations: apply the user's intent to the
 * cache at once, send it, then settle each key to what the service says, or
 * roll back only the keys this mutation still owns.
 *
 * Mutations touching the same key are sent one after another, so the service
 * applies them in the order the user made them and the last intent wins. One
 * that got no clear answer may still be applied later (the service got it and
 * is slow): before the next mutation on its keys goes, it is sent again under
 * the same idempotency keys until the service answers clearly, so it cannot
 * land after that next one.
 */

/** No clear answer: the service may have applied it, or may still (a 409 says it is applying it now). */
function unclear(error: unknown): boolean {
  if (error instanceof InboxApiError) return error.status >= 500 || error.status === 409;
  return error instanceof InboxNetworkError || error instanceof InboxTimeoutError;
}

export interface IntentQueueOptions<V> {
  /** The value of a key in the cache now, if the cache knows it. */
  read(key: string): V | undefined;
  /** Writes values into the cache (optimistic values, settled values, rollbacks). */
  write(changes: ReadonlyMap<string, V>): void;
  /**
   * Called when no mutation is in flight any more: refresh what may be stale.
   * `failed`: a mutation since the last call got no clear answer (a lost connection, a timeout, a
   * 5xx), so the service may have applied it or not. A refusal (a 4xx) is not: it was not applied.
   */
  settled(failed: boolean): void;
}

export interface IntentQueue<V> {
  /**
   * Applies `target` optimistically, waits for earlier mutations on the same
   * keys, then calls `send`, which returns the service's values per key.
   * `send` may be called again after an unclear answer, before a later mutation
   * on the same keys: it must then send again what the service has not
   * answered, under the same idempotency keys, so nothing is applied twice.
   */
  run<R>(target: ReadonlyMap<string, V>, send: () => Promise<{ result: R; values: ReadonlyMap<string, V> }>): Promise<R>;
  /** The values of keys with a mutation in flight: reapply them over data fetched meanwhile. */
  pending(): ReadonlyMap<string, V>;
  /**
   * Settles once every mutation sent so far has, and those with unclear answers
   * were sent again (so a change to all of them goes after them).
   */
  idle(): Promise<void>;
}

/** A mutation with an unclear answer: its keys, and how to send it again. */
interface Unsettled {
  keys: readonly string[];
  send: () => Promise<unknown>;
  sending?: Promise<void> | undefined;
}

export function createIntentQueue<V>(options: IntentQueueOptions<V>): IntentQueue<V> {
  let sequence = 0;
  /** Latest mutation per key, and the value it wants. */
  const owners = new Map<string, { id: number; value: V }>();
  /** The service's value per key while mutations on it are in flight. */
  const confirmed = new Map<string, V>();
  /** The last mutation on each key, to send the next one after it. */
  const chains = new Map<string, Promise<unknown>>();
  let failed = false;
  /** Mutations with unclear answers, by key, until the service answers one clearly. */
  const unsettled = new Map<string, Unsettled>();

  /** Sends an unclear mutation again (with the client's retries); forgets it once the service answers: done, or refused for good. */
  function resolve(entry: Unsettled): Promise<void> {
    const forget = () => {
      for (const key of entry.keys) if (unsettled.get(key) === entry) unsettled.delete(key);
    };
    entry.sending ??= entry.send().then(
      () => {
        forget();
        // Applied now, perhaps, on keys no later mutation settles: the caches read again when idle.
        failed = true;
      },
      (error: unknown) => {
        entry.sending = undefined;
        if (unclear(error)) throw error;
        forget();
      },
    );
    return entry.sending;
  }

  async function run<R>(target: ReadonlyMap<string, V>, send: () => Promise<{ result: R; values: ReadonlyMap<string, V> }>): Promise<R> {
    const id = ++sequence;
    const keys = [...target.keys()];
    for (const [key, value] of target) {
      if (!owners.has(key)) {
        const current = options.read(key);
        if (current === undefined) confirmed.delete(key);
        else confirmed.set(key, current);
      }
      owners.set(key, { id, value });
    }
    options.write(target);

    const before = [...new Set(keys.map((key) => chains.get(key)).filter((p): p is Promise<unknown> => p !== undefined))];
    let sending = false;
    const sent = Promise.allSettled(before).then(async () => {
      // Refused with that earlier mutation's error if it still has no clear answer: nothing is sent.
      for (const entry of new Set(keys.map((key) => unsettled.get(key)))) if (entry) await resolve(entry);
      sending = true;
      return send();
    });
    const chain = sent.catch((error: unknown) => {
      if (!sending || !unclear(error)) return;
      const entry: Unsettled = { keys, send };
      for (const key of keys) unsettled.set(key, entry);
    });
    for (const key of keys) chains.set(key, chain);

    // Settles each key this mutation still owns to `valueOf(key)`; hands the others on.
    const release = (valueOf: (key: string) => V | undefined) => {
      const writes = new Map<string, V>();
      for (const key of keys) {
        if (owners.get(key)?.id !== id) continue;
        owners.delete(key);
        const value = valueOf(key);
        if (value !== undefined) writes.set(key, value);
        confirmed.delete(key);
      }
      if (writes.size > 0) options.write(writes);
    };

    try {
      const { result, values } = await sent;
      for (const [key, value] of values) if (owners.has(key)) confirmed.set(key, value);
      // Keys the service did not return were not changed by it.
      release((key) => values.get(key) ?? confirmed.get(key));
      return result;
    } catch (error) {
      // 409: the same idempotency key is still being applied.
      if (!(error instanceof InboxApiError && error.status >= 400 && error.status < 500 && error.status !== 409)) failed = true;
      release((key) => confirmed.get(key));
      throw error;
    } finally {
      for (const key of keys) if (chains.get(key) === chain) chains.delete(key);
      if (owners.size === 0) {
        options.settled(failed);
        failed = false;
      }
    }
  }

  return {
    run,
    pending: () => new Map([...owners].map(([key, owner]) => [key, owner.value])),
    idle: async () => {
      await Promise.allSettled([...new Set(chains.values())]);
      await Promise.allSettled([...new Set(unsettled.values())].map(resolve));
    },
  };
}
