/** v1's paging by number: the page that covers where a list continues. */
import { describe, expect, it } from 'vitest';
import { MAX_PAGE, pageFor } from '../src/queries/page-plan';

/** The offsets a page covers. */
const covers = ({ page, limit }: { page: number; limit: number }) => ({ from: page * limit, to: (page + 1) * limit });

describe('pageFor', () => {
  it('asks the page itself when the start falls on a page boundary', () => {
    expect(pageFor(0, 20)).toEqual({ page: 0, limit: 20 });
    expect(pageFor(40, 20)).toEqual({ page: 2, limit: 20 });
  });

  it('covers the start and as many after it as a page can, with the least overlap', () => {
    for (const [start, size] of [
      [37, 40],
      [160, 100],
      [59, 20],
      [1, 100],
      [487, 80],
    ] as const) {
      const plan = pageFor(start, size);
      const { from, to } = covers(plan);
      expect(plan.limit).toBeLessThanOrEqual(MAX_PAGE);
      // Nothing between what is loaded and the page is skipped.
      expect(from).toBeLessThanOrEqual(start);
      expect(to).toBeGreaterThan(start);
      // As much new as the service allows: no other page brings more, none as much with less overlap.
      for (let limit = 1; limit <= MAX_PAGE; limit++) {
        const page = Math.floor(start / limit);
        const fresh = Math.min((page + 1) * limit - start, Math.min(size, MAX_PAGE));
        expect(fresh).toBeLessThanOrEqual(Math.min(to - start, Math.min(size, MAX_PAGE)));
      }
    }
  });

  it('keeps a size within what the service pages (1 to 100)', () => {
    expect(pageFor(0, 500).limit).toBe(MAX_PAGE);
    expect(pageFor(0, 0).limit).toBe(1);
  });
});
