import { InboxApiError, InboxNetworkError, InboxTimeoutError, type InboxError } from '../client/index';

/**
 * The one recipe for optimistic mutations: apply the user's intent to the cache at once, send it, then
 * settle each key to what the service says, or roll back only the keys this mutation still owns.
 *
 * Mutations touching the same key are sent one after another, so the service applies them in the order the
 * user made them and the last intent wins. One that got no clear answer may still be applied later (the
 * service got it and is slow): before the next mutation on its keys goes, it is sent again under the same
 * idempotency keys until the service answers clearly, so it cannot land after that next one. Until it is
 * answered, the next one is refused.
 */

/** What a send throws that sent nothing (a delete undone in its window): rolled back, nothing read again. */
export const NOT_SENT = new Error('Nothing was sent.');

/** No clear answer: the service may have applied it, or may still (see `InboxApiError.mayHaveApplied`). */
function unclear(error: unknown): boolean {
  return error instanceof InboxNetworkError || error instanceof InboxTimeoutError || (error as InboxError | undefined)?.mayHaveApplied === true;
}

/**
 * How long a request with no clear answer may still be applied by the service. Past this it is
 * not sent again: a request is not still being served a minute later (proxies and load balancers
 * give up well before), and sending it so late would apply a change the user saw refused.
 */
const MAY_LAND_WITHIN_MS = 60_000;

/**
 * Reads of the service's state after a change with no clear answer: once it is no longer sent again, then
 * twice later (a proxy gives up after seconds without stopping the service: a change can land minutes late).
 */
const READ_AGAIN_MS = [MAY_LAND_WITHIN_MS, 3 * MAY_LAND_WITHIN_MS, 10 * MAY_LAND_WITHIN_MS];

export interface IntentQueueOptions<V> {
  /** The value of a key in the cache now, if the cache knows it. */
  read(key: string): V | undefined;
  /** Writes values into the cache (optimistic values, settled values, rollbacks). */
  write(changes: ReadonlyMap<string, V>): void;
  /**
   * No mutation is in flight any more: refresh what may be stale. `failed`: one since the last call got no
   * clear answer (a lost connection, a timeout, a 5xx: maybe applied); a refusal (a 4xx) was not applied.
   */
  settled(failed: boolean): void;
}

/** A mutation with an unclear answer: its keys (none: every key), when it was sent, how to send it again. */
interface Unsettled<V> {
  keys: readonly string[];
  at: number;
  send: () => Promise<ReadonlyMap<string, V> | undefined>;
  sending?: Promise<void> | undefined;
  /** The service answered it clearly: nothing is left to read again. */
  answered?: boolean;
}

export function createIntentQueue<V>(options: IntentQueueOptions<V>) {
  let sequence = 0;
  /** Latest mutation per key, and the value it wants. */
  const owners = new Map<string, { id: number; value: V }>();
  /** The service's value per key while mutations on it are in flight (`undefined`: the cache knew none). */
  const confirmed = new Map<string, V | undefined>();
  /** The last mutation on each key, to send the next one after it. */
  const chains = new Map<string, Promise<unknown>>();
  /** A change to every key on its way: every mutation waits for it. */
  let barrier: Promise<unknown> | undefined;
  let failed = false;
  /** Mutations with unclear answers, by key, until the service answers one clearly. */
  const unsettled = new Map<string, Unsettled<V>>();
  /** A change to every key with an unclear answer. */
  let unsettledAll: Unsettled<V> | undefined;

  /**
   * Sends after `before` and after the unclear mutations on `keys` (every key: undefined) are answered;
   * remembers its own unclear answer for `again`. The second promise settles once that is done.
   */
  function sendAfter<T>(before: Iterable<unknown>, keys: readonly string[] | undefined, send: () => Promise<T>, again: Unsettled<V>['send']) {
    let sending = false;
    const sent = Promise.allSettled(before).then(async () => {
      // Refused with that earlier mutation's error if it still has no clear answer: nothing is sent.
      const entries = new Set([unsettledAll, ...(keys ? keys.map((key) => unsettled.get(key)) : unsettled.values())]);
      for (const entry of entries) if (entry) await resolve(entry);
      sending = true;
      return send();
    });
    const done = sent.then(
      () => undefined,
      (error: unknown) => {
        if (!sending || !unclear(error)) return;
        const entry: Unsettled<V> = { keys: keys ?? [], send: again, at: Date.now() };
        if (!keys) unsettledAll = entry;
        for (const key of keys ?? []) unsettled.set(key, entry);
        readAgain(entry);
      },
    );
    return [sent, done] as const;
  }

  /** Reads what the service holds at each of READ_AGAIN_MS after the entry's last sending, unless it is answered or sent again first. */
  function readAgain(entry: Unsettled<V>): void {
    const at = entry.at;
    for (const delay of READ_AGAIN_MS) {
      setTimeout(() => {
        if (entry.answered || entry.at !== at) return;
        failed = true;
        report(false);
      }, delay);
    }
  }

  /** Tells `settled` once nothing is in flight; `always`: also when nothing failed. */
  function report(always: boolean): void {
    if (owners.size > 0 || !(always || failed)) return;
    options.settled(failed);
    failed = false;
  }

  /**
   * Sends an unclear mutation again (with the client's retries); forgets it once the service
   * answers clearly: done, or refused in a replay of its own key. Any other refusal proves
   * nothing (a 429 or a proxy's 4xx comes before the service, and the first sending may still land).
   */
  function resolve(entry: Unsettled<V>): Promise<void> {
    const forget = (answered: boolean) => {
      entry.answered = answered;
      if (unsettledAll === entry) unsettledAll = undefined;
      for (const key of entry.keys) if (unsettled.get(key) === entry) unsettled.delete(key);
    };
    if (entry.sending) return entry.sending;
    // Counted from its last sending: only one with nothing on its way may be too old to land.
    if (Date.now() - entry.at > MAY_LAND_WITHIN_MS) {
      forget(false);
      return Promise.resolve();
    }
    entry.at = Date.now();
    entry.sending = entry.send().then(
      (values) => {
        forget(true);
        // Applied now, perhaps: where a notification belongs in a filtered feed, or what a change to
        // every key did, only a fresh read tells. The caches read again once the queue is idle.
        failed = true;
        // What the service holds now: the rollback value of keys a later mutation owns, the cache's for the others.
        const writes = new Map<string, V>();
        for (const [key, value] of values ?? []) {
          if (owners.has(key)) confirmed.set(key, value);
          else writes.set(key, value);
        }
        if (writes.size > 0) options.write(writes);
      },
      (error: unknown) => {
        entry.sending = undefined;
        entry.at = Date.now();
        if (!(error instanceof InboxApiError && error.headers.get('idempotency-replay') === 'true')) {
          readAgain(entry);
          throw error;
        }
        forget(true);
      },
    );
    return entry.sending;
  }

  /**
   * Applies `target` optimistically, waits for earlier mutations on the same keys, then calls `send`, which
   * returns the service's values per key. `send` may be called again after an unclear answer, before a
   * later mutation on the same keys: it must then send again what the service has not answered, under the
   * same idempotency keys, so nothing is applied twice.
   */
  async function run<R>(target: ReadonlyMap<string, V>, send: () => Promise<{ result: R; values: ReadonlyMap<string, V> }>): Promise<R> {
    const id = ++sequence;
    const keys = [...target.keys()];
    for (const [key, value] of target) {
      if (!owners.has(key)) confirmed.set(key, options.read(key));
      owners.set(key, { id, value });
    }
    options.write(target);

    const [sent, chain] = sendAfter([barrier, ...keys.map((key) => chains.get(key))], keys, send, () => send().then(({ values }) => values));
    for (const key of keys) chains.set(key, chain);

    try {
      const { result, values } = await sent;
      // Keys the service did not return were not changed by it.
      for (const [key, value] of values) if (owners.has(key)) confirmed.set(key, value);
      return result;
    } catch (error) {
      // Anything but a clear refusal, or a change never sent: the service may hold the change.
      if (error !== NOT_SENT && (!(error instanceof InboxApiError) || error.mayHaveApplied)) failed = true;
      throw error;
    } finally {
      // Settles each key this mutation still owns to the service's last known value; hands the others on.
      const writes = new Map<string, V>();
      for (const key of keys) {
        if (owners.get(key)?.id !== id) continue;
        owners.delete(key);
        const value = confirmed.get(key);
        if (value !== undefined) writes.set(key, value);
        confirmed.delete(key);
      }
      if (writes.size > 0) options.write(writes);
      for (const key of keys) if (chains.get(key) === chain) chains.delete(key);
      report(true);
    }
  }

  /**
   * A change to every key (mark all): sent after every mutation before it (those with unclear
   * answers sent again and answered, else it is refused unsent), and before any after it. After an
   * unclear answer it is sent again before the next mutation, as `run`'s `send` is.
   */
  async function all<R>(send: () => Promise<R>): Promise<R> {
    const [sent, gate] = sendAfter([barrier, ...chains.values()], undefined, send, () => send().then(() => undefined));
    barrier = gate;
    try {
      return await sent;
    } finally {
      if (barrier === gate) barrier = undefined;
      // After a mutation sent again above: nothing else may be in flight to report it.
      report(false);
    }
  }

  return {
    run,
    all,
    /** The values of keys with a mutation in flight: reapply them over data fetched meanwhile. */
    pending: (): ReadonlyMap<string, V> => new Map([...owners].map(([key, owner]) => [key, owner.value])),
  };
}
