import { useEffect, useState } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * The current time, refreshed every `intervalMs` (null: never) so relative times stay current.
 * `null` while rendering on the server and hydrating: the server's clock and time zone are not
 * the reader's, so times are written once the page is the browser's (no hydration mismatch).
 */
export function useNow(intervalMs: number | null = 30_000): number | null {
  const hydrated = useHydrated();
  // No clock read on the server (frameworks that prerender flag it); the browser's is read at once.
  const [now, setNow] = useState(() => (typeof window === 'undefined' ? 0 : Date.now()));
  useEffect(() => {
    if (intervalMs === null) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return hydrated ? now : null;
}
