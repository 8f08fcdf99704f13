/** A v2 feed cache: pages of ids, appended by cursor, and a refreshed head that shifts nothing. */
import { describe, expect, it } from 'vitest';
import { appendPage, EMPTY_FEED, heldIds, refreshHead } from '../src/queries/feed-pages';

describe('feed pages', () => {
  it('appends pages read by cursor and holds each id once', () => {
    const feed = appendPage(appendPage(EMPTY_FEED, ['e', 'd'], true), ['c', 'b'], false);
    expect(feed).toEqual({ pages: [['e', 'd'], ['c', 'b']], hasMore: false });
    expect(heldIds(feed)).toEqual(['e', 'd', 'c', 'b']);
  });

  it('a refreshed first page puts new notifications at the head and moves nothing the later pages hold', () => {
    const feed = appendPage(appendPage(EMPTY_FEED, ['e', 'd'], true), ['c', 'b'], true);
    // Two arrived (g, f); the service's first page of two is now g, f.
    expect(heldIds(refreshHead(feed, ['g', 'f'], true))).toEqual(['g', 'f']);
    // One arrived: f, e; d is still held where it was read.
    const one = refreshHead(feed, ['f', 'e'], true);
    expect(one.pages).toEqual([['f', 'e'], ['c', 'b']]);
    expect(one.hasMore).toBe(true);
    // A notification of a later page that moved to the head (a snooze ended) is held once, at the head.
    expect(heldIds(refreshHead(feed, ['c', 'e'], true))).toEqual(['c', 'e', 'b']);
  });

  it('a first page that shares nothing with what was held starts the feed again from it', () => {
    const feed = appendPage(EMPTY_FEED, ['e', 'd'], true);
    expect(refreshHead(feed, ['z', 'y'], true)).toEqual({ pages: [['z', 'y']], hasMore: true });
    expect(refreshHead(EMPTY_FEED, ['a'], false)).toEqual({ pages: [['a']], hasMore: false });
  });
});
