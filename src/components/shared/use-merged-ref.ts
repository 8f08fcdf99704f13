import type { Ref } from 'react';

/** A ref callback that sets every given ref (callbacks and objects). Wrap it in `useMemo`. */
export function mergeRefs<T>(...refs: (Ref<T> | ((node: T | null) => void) | undefined)[]): (node: T | null) => void {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}
