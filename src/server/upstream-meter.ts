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
  let sent = 0;
  let ceiling = Number.POSITIVE_INFINITY;
  // The browser request was counted when it came: that pays for its first upstream request.
  let paid = 1;
  const pay = async (): Promise<Refusal | undefined> => {
    const wait = await overLimits();
    if (wait !== undefined) return { retryAfter: wait };
    paid++;
    return undefined;
  };
  return {
    async charge() {
      if (sent >= ceiling) return 'ceiling';
      if (paid === 0) {
        const refused = await pay();
        if (refused) return refused;
      }
      paid--;
      sent++;
      return undefined;
    },
    async reserve(count) {
      if (sent + count > ceiling) return 'ceiling';
      while (paid < count) {
        const refused = await pay();
        if (refused) return refused;
      }
      return undefined;
    },
    left: () => ceiling - sent,
    limitTo(value) {
      ceiling = value;
    },
  };
}
