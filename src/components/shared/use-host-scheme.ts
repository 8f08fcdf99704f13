import { useState } from 'react';
import { useIsomorphicLayoutEffect } from './use-isomorphic-layout-effect';

export type UsedScheme = 'light' | 'dark';

/**
 * The colour scheme the host page gives an element (its inherited `color-scheme`, or the
 * `<meta name="color-scheme">`, with the reader's setting where the page allows both), for
 * `colorScheme="inherit"`.
 *
 * CSS alone could follow it with `light-dark()`, but build tools that lower `light-dark()` for
 * older browsers (Lightning CSS: Vite 8, Tailwind 4) can only do so where a stylesheet declares
 * `color-scheme` itself; an inherited scheme leaves every colour invalid. So the kit reads the
 * scheme here and its stylesheet switches on the attribute this returns (light until known).
 */
export function useHostScheme(active: boolean): [(element: HTMLElement | null) => void, UsedScheme | undefined] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [scheme, setScheme] = useState<UsedScheme>();
  useIsomorphicLayoutEffect(() => {
    if (!active || !element) return;
    const read = () => setScheme(usedScheme(element));
    read();
    // The scheme changes when the reader's setting does, or when the page changes an
    // ancestor's class, style or data attribute (a theme switch).
    const media = window.matchMedia?.('(prefers-color-scheme: dark)');
    media?.addEventListener('change', read);
    const observer = typeof MutationObserver === 'undefined' ? undefined : new MutationObserver(read);
    for (let node = element.parentElement; node; node = node.parentElement) observer?.observe(node, { attributes: true });
    return () => {
      media?.removeEventListener('change', read);
      observer?.disconnect();
    };
  }, [active, element]);
  return [setElement, active ? scheme : undefined];
}

/**
 * `Canvas` resolves to the page colour of the scheme in use where it is read; the stylesheet sets
 * it as the root's `column-rule-color`, which draws nothing (the root has no columns).
 */
function usedScheme(element: HTMLElement): UsedScheme | undefined {
  const match = /rgba?\((\d+)[,\s]+(\d+)[,\s]+(\d+)/.exec(getComputedStyle(element).columnRuleColor);
  if (!match) return undefined;
  const [red, green, blue] = match.slice(1).map(Number) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue < 128 ? 'dark' : 'light';
}
