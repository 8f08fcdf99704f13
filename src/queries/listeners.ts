/** Listeners of one kind: `add` adds one and returns what removes it; `call` calls each. */
export function createListeners<A extends unknown[] = []>() {
  const listeners = new Set<(...args: A) => void>();
  return {
    add(listener: (...args: A) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    call(...args: A): void {
      for (const listener of listeners) listener(...args);
    },
  };
}
