import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useIsomorphicLayoutEffect } from '../shared/use-isomorphic-layout-effect';
import { cleanupAll, listen } from '../shared/listen';

const ESTIMATE = 88;
const OVERSCAN_PX = 600;
/** Without layout (server, tests without a browser) there is no viewport to measure: show this many. */
const UNMEASURED_COUNT = 50;

/**
 * Windowing for a list of variable-height rows: only the rows near what is on
 * screen are rendered, and spacers keep the height. The list may scroll itself
 * or grow with the page that scrolls around it.
 */
export function useWindow(ids: readonly string[], enabled = true) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const [heights, setHeights] = useState<ReadonlyMap<string, number>>(() => new Map());
  const [viewport, setViewport] = useState({ top: 0, height: 0, measured: false });

  const observer = useMemo(
    () =>
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver((entries) => {
            const measured: [string, number][] = [];
            for (const entry of entries) {
              if (!(entry.target instanceof HTMLElement)) continue;
              const id = entry.target.dataset.windowId;
              const height = entry.target.getBoundingClientRect().height;
              if (id && height > 0) measured.push([id, height]);
            }
            setHeights((previous) => {
              if (measured.every(([id, height]) => previous.get(id) === height)) return previous;
              const next = new Map(previous);
              for (const [id, height] of measured) next.set(id, height);
              return next;
            });
          }),
    [],
  );
  useEffect(() => () => observer?.disconnect(), [observer]);
  // Rows scrolled out of the window are unobserved: an observer keeps every element it was given,
  // and checking thousands of detached rows each frame would grow with the feed.
  const [observed] = useState(() => new Set<HTMLElement>());
  useIsomorphicLayoutEffect(() => {
    for (const element of observed) {
      if (element.isConnected) continue;
      observer?.unobserve(element);
      observed.delete(element);
    }
  });

  useIsomorphicLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || !enabled) return;
    const update = () => {
      // The part of the list on screen, in the list's own coordinates: its box when it scrolls
      // itself (a popover, a container with a height), clipped by the window when it grows with
      // the page and the page scrolls instead.
      const boxTop = element.getBoundingClientRect().top + element.clientTop;
      const visibleTop = Math.max(boxTop, 0);
      const visibleBottom = Math.min(boxTop + element.clientHeight, window.innerHeight);
      const next = { top: element.scrollTop + visibleTop - boxTop, height: Math.max(0, visibleBottom - visibleTop), measured: element.clientHeight > 0 };
      setViewport((previous) => (previous.top === next.top && previous.height === next.height && previous.measured === next.measured ? previous : next));
    };
    update();
    const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    resize?.observe(element);
    return cleanupAll(
      // Capturing sees the scroll of the list, of the page and of any scrolling ancestor.
      listen(window, 'scroll', update, { capture: true, passive: true }),
      listen(window, 'resize', update, { passive: true }),
      () => resize?.disconnect(),
    );
  }, [enabled]);

  const offsets = useMemo(() => {
    let sum = 0;
    const result = [sum];
    for (const id of ids) result.push((sum += heights.get(id) ?? ESTIMATE));
    return result;
  }, [ids, heights]);

  let start = 0;
  let end = Math.min(ids.length, UNMEASURED_COUNT);
  if (!enabled) end = ids.length;
  else if (viewport.measured) {
    const from = viewport.top - OVERSCAN_PX;
    const to = viewport.top + viewport.height + OVERSCAN_PX;
    start = firstAtOrAfter(offsets, from);
    end = Math.min(ids.length, firstAtOrAfter(offsets, to) + 1);
  }

  const measure = useCallback(
    (element: HTMLElement | null) => {
      if (!element || !observer || !enabled) return;
      observer.observe(element);
      observed.add(element);
    },
    [observer, observed, enabled],
  );

  return {
    scrollRef,
    measure,
    start,
    end,
    before: offsets[start] ?? 0,
    after: (offsets[ids.length] ?? 0) - (offsets[end] ?? 0),
  };
}

/** The index of the row whose bottom edge is past `y`. */
function firstAtOrAfter(offsets: number[], y: number): number {
  let low = 0;
  // One offset more than rows: where each row starts, and where the last ends.
  let high = offsets.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((offsets[mid + 1] ?? 0) <= y) low = mid + 1;
    else high = mid;
  }
  return low;
}
