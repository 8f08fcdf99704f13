/**
 * The meter of one browser request's upstream requests (`createUpstreamMeter`): its ceiling holds
 * for charges made at once, and a reserve pays for its requests before any is sent.
 */
import { describe, expect, it, vi } from 'vitest';
import { createUpstreamMeter } from '../src/server/upstream-meter';

/** A limit that answers after a turn of the event loop, as a shared store does, with room for `room` more. */
function limitWithRoom(room: number) {
  const counted = vi.fn(async (): Promise<number | undefined> => {
    await new Promise<void>((next) => setImmediate(next));
    return counted.mock.calls.length <= room ? undefined : 30;
  });
  return counted;
}

describe('createUpstreamMeter', () => {
  it('lets two charges made at once take only the one place the ceiling leaves', async () => {
    const meter = createUpstreamMeter(limitWithRoom(10));
    meter.limitTo(2);
    // The browser request's own count pays for the first.
    expect(await meter.charge()).toBeUndefined();
    const answers = await Promise.all([meter.charge(), meter.charge()]);
    expect(answers.filter((answer) => answer === undefined)).toHaveLength(1);
    expect(answers.filter((answer) => answer === 'ceiling')).toHaveLength(1);
    expect(meter.left()).toBe(0);
  });

  it('gives the place back when the limit refuses a charge', async () => {
    const meter = createUpstreamMeter(limitWithRoom(0));
    meter.limitTo(2);
    expect(await meter.charge()).toBeUndefined();
    expect(await meter.charge()).toEqual({ retryAfter: 30 });
    expect(meter.left()).toBe(1);
  });

  it('reserves its requests against the ceiling and the limit before any is sent, and the charges that follow are paid', async () => {
    const limit = limitWithRoom(1);
    const meter = createUpstreamMeter(limit);
    meter.limitTo(3);
    expect(await meter.reserve(2)).toBeUndefined();
    expect(meter.left()).toBe(1);
    // Both already counted: a charge made at once with another reserve cannot take their places.
    const [reserved, first, second] = await Promise.all([meter.reserve(2), meter.charge(), meter.charge()]);
    expect([first, second]).toEqual([undefined, undefined]);
    expect(reserved).toBe('ceiling');
    expect(limit).toHaveBeenCalledTimes(1);
    // Room for one more under the ceiling, none under the limit: refused, and nothing held.
    expect(await meter.reserve(1)).toEqual({ retryAfter: 30 });
    expect(meter.left()).toBe(1);
  });
});
