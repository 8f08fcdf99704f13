/**
 * For tests that check that nothing freezes: a time is judged against a baseline taken in the same
 * run, never against a fixed number of milliseconds, so a loaded machine (which slows both alike)
 * does not fail it, while a pathological path (hundreds of times slower) still does.
 */

/** How many times its baseline a piece of work may take. */
export const SLOWER_AT_MOST = 50;

/** The time `work` takes, in ms. */
export async function timed(work: () => unknown): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * The baseline of an answer: reading its text as JSON, the work every answer of its size costs,
 * and a millisecond for what every answer costs whatever its size.
 */
export async function parseBaseline(body: string | Uint8Array<ArrayBuffer>): Promise<number> {
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  return 1 + (await timed(() => {
    try {
      JSON.parse(text);
    } catch {
      // A malformed answer costs what reading it up to its error costs.
    }
  }));
}

/**
 * Whether `work` stays within SLOWER_AT_MOST times `baseline()`: measured again, up to three times,
 * while it does not, with the fastest of each counting (a loaded machine is slow now and then, a
 * pathological path every time). Returns the figures for a failure message.
 */
export async function withinBaseline(work: () => Promise<unknown>, baseline: () => Promise<number>): Promise<{ ok: boolean; took: number; base: number }> {
  let took = Infinity;
  let base = Infinity;
  for (let attempt = 0; attempt < 3 && (attempt === 0 || took > SLOWER_AT_MOST * base); attempt++) {
    base = Math.min(base, await baseline());
    took = Math.min(took, await timed(work));
  }
  return { ok: took <= SLOWER_AT_MOST * base, took, base };
}
