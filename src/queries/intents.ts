import { InboxApiError, InboxError } from '../client/index';

/**
 * The one recipe for optimistic mutations: apply the user's intent to the cache at once, send it, then
 * settle each key to what the service says, or roll back only the keys this mutation still owns.
 *
 * Mutations touching the same key are sent one after another, so the service applies them in the order the
 * user made them and the last intent wins. One that got no clear answer may still be applied later (the
 * service got it and is slow): before the next mutation on its keys goes, it is sent again under the same
 * idempotency keys until the service answers clearly, so it cannot land after that next one. Until it is
 * answered, the next one is refused. Past a minute it is no longer sent again; the service is read again
 * after it (see `readAgain`).
 *
 * A final mutation (a delete) waits for nothing: whatever order it lands in, it is the last word, and it must
 * not wait behind an earlier mutation's answer when the page is about to go.
 */

/** What a send throws that sent nothing (a delete undone in its window): rolled back, nothing read again. */
export const NOT_SENT = new Error('Nothing was sent.');

/**
 * No clear answer: the service may have applied it, or may still. The client says so of every network
 * error, timeout and status that leaves it open (see `InboxError.mayHaveApplied`).
 */
const unclear = (error: unknown) => error instanceof InboxError && !!error.mayHaveApplied;

/**
 * How long a request with no clear answer is sent again before the next on its keys. Past this it is
 * not: sending it so late would apply a change the user saw refused. It may still land (a proxy
 * gives up without stopping the service): the service is read again after it (see `readAgain`).
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
interface Unsettled {
  keys: readonly string[];
  at: number;
  send: () => Promise<unknown>;
  sending?: Promise<void> | undefined;
  /** Answered clearly, or past its last read again: nothing is left to read again. */
  done?: boolean;
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
  const unsettled = new Map<string, Unsettled>();
  /** A change to every key with an unclear answer. */
  let unsettledAll: Unsettled | undefined;

  /** The mutations with unclear answers that one on `keys` (every key: undefined) comes after. */
  const earlier = (keys: readonly string[] | undefined) => new Set([unsettledAll, ...(keys ? keys.map((key) => unsettled.get(key)) : unsettled.values())]);

  /** Forgets an unclear mutation: answered clearly, or past its last read again. */
  function forget(entry: Unsettled): void {
    entry.done = true;
    if (unsettledAll === entry) unsettledAll = undefined;
    for (const key of entry.keys) if (unsettled.get(key) === entry) unsettled.delete(key);
  }

  /**
   * Sends after `before` and after the unclear mutations on `keys` (every key: undefined) are answered
   * (a `final` one after nothing); remembers its own unclear answer to send it again. The second promise
   * settles once that is done.
   */
  function sendAfter<T>(before: Iterable<unknown>, keys: readonly string[] | undefined, send: () => Promise<T>, final?: boolean) {
    let sending = false;
    const sent = Promise.allSettled(final ? [] : before).then(async () => {
      // Refused with that earlier mutation's error if it still has no clear answer: nothing is sent.
      if (!final) for (const entry of earlier(keys)) if (entry) await resolve(entry);
      sending = true;
      return send();
    });
    const done = sent.then(
      () => undefined,
      (error: unknown) => {
        if (!sending || !unclear(error)) return;
        const entry: Unsettled = { keys: keys ?? [], send, at: Date.now() };
        if (!keys) unsettledAll = entry;
        for (const key of keys ?? []) unsettled.set(key, entry);
        readAgain(entry);
      },
    );
    return [sent, done] as const;
  }

  /**
   * Reads what the service holds at each of READ_AGAIN_MS after the entry's last sending, unless it is answered
   * or sent again first. After the last, it is forgotten.
   */
  function readAgain(entry: Unsettled): void {
    const at = entry.at;
    for (const delay of READ_AGAIN_MS) {
      setTimeout(() => {
        if (entry.done || entry.at !== at) return;
        if (delay === READ_AGAIN_MS[2]) forget(entry);
        failed = true;
        report();
      }, delay);
    }
  }

  /** Tells `settled` once nothing is in flight. */
  function report(): void {
    if (owners.size > 0) return;
    options.settled(failed);
    failed = false;
  }

  /**
   * Sends an unclear mutation again (with the client's retries); forgets it once the service
   * answers clearly: done, or refused in a replay of its own key. Any other refusal proves
   * nothing (a 429 or a proxy's 4xx comes before the service, and the first sending may still land).
   */
  function resolve(entry: Unsettled): Promise<void> | undefined {
    if (entry.sending) return entry.sending;
    // Counted from its last sending: only one with nothing on its way may be too old to send again.
    if (Date.now() - entry.at > MAY_LAND_WITHIN_MS) return;
    entry.at = Date.now();
    entry.sending = entry.send().then(
      () => {
        forget(entry);
        // Applied now, perhaps: what it changed (where a notification belongs in a filtered feed, what a
        // change to every key did), only a fresh read tells. The caches read again once the queue is idle.
        failed = true;
      },
      (error: unknown) => {
        entry.sending = undefined;
        entry.at = Date.now();
        if (!(error instanceof InboxApiError && error.headers.get('idempotency-replay') === 'true')) {
          readAgain(entry);
          throw error;
        }
        forget(entry);
      },
    );
    return entry.sending;
  }

  /**
   * Applies `target` optimistically, waits for earlier mutations on the same keys (a `final` one does not),
   * then calls `send`, which returns the service's values per key. `send` may be called again after an
   * unclear answer, before a later mutation on the same keys: it must then send again what the service has
   * not answered, under the same idempotency keys, so nothing is applied twice.
   */
  async function run<R>(target: ReadonlyMap<string, V>, send: () => Promise<{ result: R; values: ReadonlyMap<string, V> }>, final?: boolean): Promise<R> {
    const id = ++sequence;
    const keys = [...target.keys()];
    for (const [key, value] of target) {
      if (!owners.has(key)) confirmed.set(key, options.read(key));
      owners.set(key, { id, value });
    }
    options.write(target);

    const [sent, chain] = sendAfter([barrier, ...keys.map((key) => chains.get(key))], keys, send, final);
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
      report();
    }
  }

  /**
   * A change to every key (mark all): sent after every mutation before it (those with unclear
   * answers sent again and answered, else it is refused unsent), and before any after it. After an
   * unclear answer it is sent again before the next mutation, as `run`'s `send` is.
   */
  async function all<R>(send: () => Promise<R>): Promise<R> {
    const [sent, gate] = sendAfter([barrier, ...chains.values()], undefined, send);
    barrier = gate;
    try {
      return await sent;
    } finally {
      if (barrier === gate) barrier = undefined;
      // After a mutation sent again above too: nothing else may be in flight to report it.
      report();
    }
  }

  return {
    run,
    all,
    /** The values of keys with a mutation in flight: reapply them over data fetched meanwhile. */
    pending: (): ReadonlyMap<string, V> => new Map([...owners].map(([key, owner]) => [key, owner.value])),
  };
}
