/**
 * Adds `listener` for `type` on `target` and returns what removes it, with the same options (so
 * the same capture flag, which is what removal matches on).
 */
export function listen<E extends Event>(target: EventTarget, type: string, listener: (event: E) => void, options?: boolean | AddEventListenerOptions): () => void {
  target.addEventListener(type, listener as EventListener, options);
  return () => target.removeEventListener(type, listener as EventListener, options);
}
