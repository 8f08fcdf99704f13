import { useRefEffect } from '../../hooks/use-ref-effect';
import { listen } from './listen';

export type UsedScheme = 'light' | 'dark';

/**
 * Follows the colour scheme the host page gives an element (its inherited `color-scheme`, or the
 * `<meta name="color-scheme">`, with the reader's setting where the page allows both), for
 * `colorScheme="inherit"`, and writes it as the element's `data-host-scheme`. Returns a ref
 * callback.
 *
 * CSS alone could follow it with `light-dark()`, but build tools that lower `light-dark()` for
 * older browsers (Lightning CSS: Vite 8, Tailwind 4) can only do so where a stylesheet declares
 * `color-scheme` itself; an inherited scheme leaves every colour invalid. So the kit reads the
 * scheme here and its stylesheet switches on the attribute (light until known).
 *
 * The attribute is written on the element, not rendered: React never renders it, so reading the
 * scheme costs no render, and hydration sees the server's markup unchanged.
 */
export function useHostScheme(active: boolean): (element: HTMLElement | null) => void {
  return useRefEffect<HTMLElement>((element) => {
    if (active) return followScheme(element);
    element.removeAttribute('data-host-scheme');
    return undefined;
  }, [active]);
}

/** Writes the scheme now (in the commit, so the first paint has it) and again when it may change. */
function followScheme(element: HTMLElement): () => void {
  const read = () => {
    const scheme = usedScheme(element);
    if (scheme) element.setAttribute('data-host-scheme', scheme);
    else element.removeAttribute('data-host-scheme');
  };
  read();
  // The scheme changes when the reader's setting does, or when the page changes an ancestor's
  // class, style or data attribute (a theme switch).
  const media = window.matchMedia?.('(prefers-color-scheme: dark)');
  const offMedia = media && listen(media, 'change', read);
  const observer = typeof MutationObserver === 'undefined' ? undefined : new MutationObserver(read);
  for (let node = element.parentElement; node; node = node.parentElement) observer?.observe(node, { attributes: true });
  return () => {
    offMedia?.();
    observer?.disconnect();
  };
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
