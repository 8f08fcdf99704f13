/**
 * What one browser request sends to the service, counted against the user's limits: the browser
 * request's own count stands for its first upstream request, and each further one (a look-up, a
 * check, a second session attempt, the v1 requests of a v2 answer over v1) is counted as one more.
 * So one request of a user's can spend no more of the API key's quota than the limit lets them.
 */

/** Why an upstream request may not be sent: the seconds until a limit has room, or the request's ceiling reached. */
export type Refusal = { retryAfter: number } | 'ceiling';

export interface UpstreamMeter {
  /** Counts one upstream request before it is sent; what refuses it, if anything. */
  charge(): Promise<Refusal | undefined>;
  /** Counts `count` upstream requests at once, before any is sent (the next `count` charges are then paid). */
  reserve(count: number): Promise<Refusal | undefined>;
  /** How many more this browser request may send. */
  left(): number;
  /** The most this browser request may send in all (default: no ceiling). */
  limitTo(ceiling: number): void;
}

/** `overLimits`: counts one request against the user's limits; the seconds to wait when one is over. */
export function createUpstreamMeter(overLimits: () => Promise<number | undefined>): UpstreamMeter {
  // Counted against the ceiling as soon as asked for, before any wait, so concurrent charges cannot
  // both take the last place; given back when a limit refuses.
  let sent = 0;
  let ceiling = Number.POSITIVE_INFINITY;
  // Counted against the user's limits and not yet used: the browser request was counted when it
  // came, which pays for its first upstream request.
  let paid = 1;
  // Reserved (counted against the ceiling and paid) for the next charges.
  let held = 0;
  /** Takes one paid place, counting one more against the limits when none is left. */
  const pay = async (): Promise<Refusal | undefined> => {
    if (paid > 0) {
      paid--;
      return undefined;
    }
    const wait = await overLimits();
    return wait === undefined ? undefined : { retryAfter: wait };
  };
  return {
    async charge() {
      if (held > 0) {
        held--;
        return undefined;
      }
      if (sent >= ceiling) return 'ceiling';
      sent++;
      const refused = await pay();
      if (refused) sent--;
      return refused;
    },
    async reserve(count) {
      if (sent + count > ceiling) return 'ceiling';
      sent += count;
      for (let taken = 0; taken < count; taken++) {
        const refused = await pay();
        if (refused) {
          // What was counted against the limits stays paid, for a later charge.
          sent -= count;
          paid += taken;
          return refused;
        }
      }
      held += count;
      return undefined;
    },
    left: () => ceiling - sent,
    limitTo(value) {
      ceiling = value;
    },
  };
}
