/**
 * Adds `listener` for `type` on `target` and returns what removes it, with the same options (so
 * the same capture flag, which is what removal matches on).
 */
export function listen<E extends Event>(target: EventTarget, type: string, listener: (event: E) => void, options?: boolean | AddEventListenerOptions): () => void {
  target.addEventListener(type, listener as EventListener, options);
  return () => target.removeEventListener(type, listener as EventListener, options);
}

/** What runs each of `cleanups` (what `listen` returns, say), in order. */
export function cleanupAll(...cleanups: (() => void)[]): () => void {
  return () => {
    for (const cleanup of cleanups) cleanup();
  };
}
