/** A small seeded PRNG (mulberry32): the same seed gives the same data everywhere. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  int(maxExclusive: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  hex(length: number): string;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (maxExclusive: number) => Math.floor(next() * maxExclusive);
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      const item = items[int(items.length)];
      if (item === undefined) throw new Error('pick() needs a non-empty list');
      return item;
    },
    chance: (probability) => next() < probability,
    hex: (length) => Array.from({ length }, () => int(16).toString(16)).join(''),
  };
}
