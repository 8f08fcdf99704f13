import { useMemo, type DependencyList } from 'react';

/**
 * A ref callback that runs `effect` on the element it is attached to, and the cleanup `effect`
 * returns when the element goes or `deps` change (React then detaches the old callback, which
 * cleans up, and attaches the new one). Unlike an effect on the element kept in state, attaching
 * costs no render.
 */
export function useRefEffect<E extends Element>(effect: (element: E) => (() => void) | undefined, deps: DependencyList): (element: E | null) => void {
  return useMemo(
    () => {
      let cleanup: (() => void) | undefined;
      return (element: E | null) => {
        cleanup?.();
        cleanup = element ? effect(element) : undefined;
      };
    },
    // The caller's inputs, as with useEffect.
    // eslint-disable-next-line react-hooks/exhaustive-deps, react-hooks/use-memo
    deps,
  );
}
