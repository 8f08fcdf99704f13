/**
 * Where clicked links take the browser, in jsdom. jsdom does not load another document (it reports
 * "Not implemented: navigation to another Document"), so this stands in for the browser: it records
 * the destination of each link click the page left to the browser (one no handler prevented) and
 * stops it there. Removed when the test finishes.
 */
import { onTestFinished } from 'vitest';

export function recordNavigation(): string[] {
  const destinations: string[] = [];
  // On window, in the bubbling phase: after React's handlers (on the root), so a click the kit
  // routed through `onNavigate` (and prevented) is not counted.
  const listener = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
    if (!link || event.defaultPrevented) return;
    destinations.push(link.href);
    event.preventDefault();
  };
  window.addEventListener('click', listener);
  onTestFinished(() => window.removeEventListener('click', listener));
  return destinations;
}
