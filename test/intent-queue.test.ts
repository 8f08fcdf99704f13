/** The intent queue's rules for a mutation with no clear answer, on a fake clock. */
import { afterEach, expect, it, vi } from 'vitest';
import { InboxApiError, InboxNetworkError } from '../src/client/index';
import { createIntentQueue } from '../src/queries/intents';

afterEach(() => vi.useRealTimers());

function queue() {
  const cache = new Map<string, number>();
  const settled: boolean[] = [];
  const q = createIntentQueue<number>({
    read: (key) => cache.get(key),
    write: (changes) => changes.forEach((value, key) => cache.set(key, value)),
    settled: (failed) => settled.push(failed),
  });
  return { q, cache, settled };
}
/** A connection dropped after the request went, as the client reports it: it may have been applied. */
const dropped = () => Object.assign(new InboxNetworkError('markAs', 'http://x', new Error('connection reset')), { mayHaveApplied: true });
/** A 4xx to a change: `replayed` when the service answered it under the change's key from before. */
const refused = (status: number, replayed: boolean) =>
  new InboxApiError({
    operation: 'markAs',
    method: 'POST',
    url: 'http://x',
    status,
    statusText: '',
    body: { message: 'refused' },
    headers: new Headers(replayed ? { 'idempotency-replay': 'true' } : {}),
    retryAfterMs: undefined,
    mayHaveApplied: false,
  });
const answer = (key: string, value: number) => async () => ({ result: value, values: new Map([[key, value]]) });

it('sends an unanswered change again before the next on its key, once, and has the caches read again what it brought', async () => {
  const { q, cache, settled } = queue();
  cache.set('x', 0).set('y', 0);
  const sent: string[] = [];
  let first = 0;
  await q
    .run(new Map([['x', 1], ['y', 1]]), async () => {
      sent.push('first');
      if (first++ === 0) throw dropped();
      return { result: 1, values: new Map([['x', 1], ['y', 1]]) };
    })
    .catch(() => undefined);
  expect(cache.get('y')).toBe(0); // rolled back
  await q.run(new Map([['x', 2]]), async () => (sent.push('second'), answer('x', 2)()));
  await q.run(new Map([['x', 3]]), async () => (sent.push('third'), answer('x', 3)()));
  expect(sent).toEqual(['first', 'first', 'second', 'third']);
  expect(cache.get('x')).toBe(3);
  // Its own unclear answer, then its answer sent again (what it changed of `y`, a read tells), then nothing.
  expect(settled).toEqual([true, true, false]);
});

it('refuses the next change, unsent, while the earlier one still has no answer; a refusal replayed under its key answers it', async () => {
  const { q } = queue();
  const sent: string[] = [];
  let attempts = 0;
  const first = async () => {
    sent.push('first');
    attempts++;
    if (attempts < 3) throw dropped();
    throw refused(404, true);
  };
  await q.run(new Map([['x', 1]]), first).catch(() => undefined);
  await expect(q.run(new Map([['x', 2]]), answer('x', 2))).rejects.toThrow(/connection reset/);
  expect(sent).toEqual(['first', 'first']);
  await expect(q.run(new Map([['x', 2]]), answer('x', 2))).resolves.toBe(2);
  expect(sent).toEqual(['first', 'first', 'first']);
});

it('a refusal that is not a replay of its key (a 429, a proxy’s 4xx) leaves it unanswered: the next change is refused, unsent', async () => {
  const { q } = queue();
  const sent: string[] = [];
  let attempts = 0;
  const first = async () => {
    sent.push('first');
    if (attempts++ === 0) throw dropped();
    throw refused(429, false);
  };
  await q.run(new Map([['x', 1]]), first).catch(() => undefined);
  await expect(q.run(new Map([['x', 2]]), answer('x', 2))).rejects.toThrow(/429/);
  expect(sent).toEqual(['first', 'first']);
});

/** On a fake clock, a queue whose change to `x` got no answer (the connection dropped, every time). */
async function afterUnansweredChange() {
  vi.useFakeTimers();
  const made = queue();
  await made.q
    .run(new Map([['x', 1]]), async () => {
      throw dropped();
    })
    .catch(() => undefined);
  return made;
}

it('after a change with no clear answer, what the service holds is read again: at once, at a minute, and at 3 and 10 minutes in case it landed late', async () => {
  const { settled } = await afterUnansweredChange();
  expect(settled).toEqual([true]);
  const readsAfter = (ms: number) => {
    vi.advanceTimersByTime(ms);
    return settled.length;
  };
  expect(readsAfter(59_000)).toBe(1);
  expect(readsAfter(1_000)).toBe(2);
  expect(readsAfter(119_000)).toBe(2);
  expect(readsAfter(1_000)).toBe(3);
  expect(readsAfter(420_000)).toBe(4);
  expect(readsAfter(3_600_000)).toBe(4);
  expect(settled.every(Boolean)).toBe(true);
});

it('…counted from its last sending: sent again at 50 s, it is read again at 110 s, not at 60 s', async () => {
  const { q, settled } = await afterUnansweredChange();
  vi.advanceTimersByTime(50_000);
  // The next change sends it again first; that fails too, so the next change is refused.
  await q.run(new Map([['x', 2]]), answer('x', 2)).catch(() => undefined);
  const before = settled.length;
  vi.advanceTimersByTime(10_000);
  expect(settled.length).toBe(before);
  vi.advanceTimersByTime(50_000);
  expect(settled.length).toBe(before + 1);
});

it('…and not once the service has answered it', async () => {
  vi.useFakeTimers();
  const { q, settled } = queue();
  let attempts = 0;
  await q
    .run(new Map([['x', 1]]), async () => {
      if (attempts++ === 0) throw dropped();
      return answer('x', 1)();
    })
    .catch(() => undefined);
  // Sent again, and answered, before this one.
  await q.run(new Map([['x', 2]]), answer('x', 2));
  expect(attempts).toBe(2);
  const before = settled.length;
  vi.advanceTimersByTime(3_600_000);
  expect(settled.length).toBe(before);
});

it('after a minute an unanswered change is not sent again: it cannot still land, and sending it would apply what the user saw refused', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const { q } = queue();
  let sentFirst = 0;
  await q
    .run(new Map([['x', 1]]), async () => {
      sentFirst++;
      throw dropped();
    })
    .catch(() => undefined);
  vi.setSystemTime(Date.now() + 61_000);
  await expect(q.run(new Map([['x', 2]]), answer('x', 2))).resolves.toBe(2);
  expect(sentFirst).toBe(1);
});

it('a change to every key waits for the changes before it and holds back those after it', async () => {
  const { q } = queue();
  const order: string[] = [];
  let release = () => {};
  const slow = q.run(
    new Map([['x', 1]]),
    () =>
      new Promise<{ result: number; values: Map<string, number> }>((resolve) => {
        release = () => {
          order.push('x=1');
          resolve({ result: 1, values: new Map([['x', 1]]) });
        };
      }),
  );
  const all = q.all(async () => (order.push('all'), 0));
  const after = q.run(new Map([['y', 2]]), async () => (order.push('y=2'), answer('y', 2)()));
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect(order).toEqual([]);
  release();
  await Promise.all([slow, all, after]);
  expect(order).toEqual(['x=1', 'all', 'y=2']);
});

it('the minute runs from the last sending: a change sent again 50 s in is sent again before a change at 61 s', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const { q } = queue();
  const t0 = Date.now();
  const sentAt: number[] = [];
  const first = async () => {
    sentAt.push(Date.now() - t0);
    throw dropped();
  };
  await q.run(new Map([['x', 1]]), first).catch(() => undefined);
  vi.setSystemTime(t0 + 50_000);
  await expect(q.run(new Map([['x', 2]]), answer('x', 2))).rejects.toThrow(/connection reset/);
  vi.setSystemTime(t0 + 61_000);
  await q.run(new Map([['x', 2]]), answer('x', 2)).catch(() => undefined);
  expect(sentAt).toEqual([0, 50_000, 61_000]);
});

it('a change sent again and still on its way is waited for, however old', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const { q, cache } = queue();
  cache.set('a', 0).set('b', 0);
  const t0 = Date.now();
  const order: string[] = [];
  let attempt = 0;
  let finish = () => {};
  const first = async () => {
    if (attempt++ === 0) throw dropped();
    order.push('sent again');
    await new Promise<void>((resolve) => (finish = resolve));
    order.push('answered');
    return { result: 1, values: new Map([['a', 1], ['b', 1]]) };
  };
  await q.run(new Map([['a', 1], ['b', 1]]), first).catch(() => undefined);
  vi.setSystemTime(t0 + 59_000);
  const a = q.run(new Map([['a', 2]]), async () => (order.push('a=2'), answer('a', 2)()));
  await new Promise((resolve) => setTimeout(resolve, 1));
  vi.setSystemTime(t0 + 61_000);
  const b = q.run(new Map([['b', 2]]), async () => (order.push('b=2'), answer('b', 2)()));
  await new Promise((resolve) => setTimeout(resolve, 1));
  finish();
  await Promise.all([a, b]);
  expect(order.indexOf('b=2')).toBeGreaterThan(order.indexOf('answered'));
  expect(cache.get('b')).toBe(2);
});

it('a final change (a delete) waits for nothing: not for an earlier change of its keys sent again, the changes after it, or a change to every key', async () => {
  const { q } = queue();
  const order: string[] = [];
  let release = () => {};
  let attempts = 0;
  // No clear answer; sent again (before the next change of `x`), it hangs until released.
  const first = async () => {
    order.push(attempts++ === 0 ? 'x=1' : 'x=1 again');
    if (attempts === 1) throw dropped();
    await new Promise<void>((resolve) => (release = resolve));
    return { result: 1, values: new Map<string, number>() };
  };
  await q.run(new Map([['x', 1]]), first).catch(() => undefined);
  const next = q.run(new Map([['x', 2]]), async () => (order.push('x=2'), answer('x', 2)()));
  const all = q.all(async () => order.push('all'));
  await vi.waitFor(() => expect(order).toContain('x=1 again'), { timeout: 10_000 });
  await expect(q.run(new Map([['x', 3]]), async () => (order.push('x=3, final'), answer('x', 3)()), true)).resolves.toBe(3);
  expect(order).toEqual(['x=1', 'x=1 again', 'x=3, final']);
  release();
  await Promise.all([next, all]);
  expect(order).toEqual(['x=1', 'x=1 again', 'x=3, final', 'x=2', 'all']);
});
