/**
 * First paint, as a reader meets it: from navigation to the 20th notification on screen (with the
 * bell, opened as soon as it is painted; or embedded in the page), and from a click on the bell to the
 * first notification painted once the app is loaded. The test reads the main thread's scripting
 * time (Chromium's ScriptDuration) at the moment the 20th shows.
 */

export interface FirstPaintReport {
  variant: 'popover' | 'embedded' | 'floor';
  /** Navigation start to the 20th notification in the DOM, then painted (the next frame). */
  navigationTo20thMs: number;
  /** Bell click to the first notification painted, with the first page already loaded (popover only). */
  bellToFirstItemMs: number | undefined;
}

/** What the page logs when the 20th is painted. */
export const TWENTIETH_PAINTED = 'first paint: the 20th is painted';

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Resolves in the first frame `probe` holds: checked once a frame, so the check itself costs next to nothing. */
function when(probe: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (probe() ? resolve() : requestAnimationFrame(check));
    check();
  });
}

const items = () => document.querySelectorAll('[data-inbox-slot="item"]').length;

/**
 * The 20th notification is in the DOM, or the list has rendered all it will of the first page:
 * it renders only the rows near the screen, and a spacer stands for the rest. Read from the DOM
 * alone: measuring geometry here would force layouts the kit does not.
 */
function twentieth(): boolean {
  const feed = document.querySelector('[data-inbox-slot="feed"]');
  if (!feed) return false;
  const rendered = feed.querySelectorAll('[data-inbox-slot="item"]').length;
  return rendered >= 20 || (rendered > 0 && !feed.lastElementChild?.hasAttribute('data-inbox-slot'));
}

export async function measureFirstPaint(variant: FirstPaintReport['variant']): Promise<FirstPaintReport> {
  if (variant === 'popover') {
    // A reader clicks the bell once it is on screen: the frame it is in has been painted.
    await when(() => document.querySelector('[data-inbox-slot="bell"]') !== null);
    await frame();
    document.querySelector<HTMLButtonElement>('[data-inbox-slot="bell"]')?.click();
  }
  await when(twentieth);
  await frame();
  const navigationTo20thMs = Math.round(performance.now());
  // Heard by the test through the DevTools protocol: polling for it from the page would add the
  // test's own script to the scripting it measures.
  console.debug(TWENTIETH_PAINTED);
  let bellToFirstItemMs: number | undefined;
  if (variant === 'popover') {
    // The test reads the scripting time first: closing the popover is not part of first paint.
    await when(() => window.firstPaintScriptingRead === true);
    document.querySelector<HTMLButtonElement>('[data-inbox-slot="bell"]')?.click();
    await when(() => items() === 0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const started = performance.now();
    document.querySelector<HTMLButtonElement>('[data-inbox-slot="bell"]')?.click();
    await when(() => items() > 0);
    await frame();
    bellToFirstItemMs = Math.round(performance.now() - started);
  }
  return { variant, navigationTo20thMs, bellToFirstItemMs };
}

declare global {
  interface Window {
    /** Set by the test once it has read the scripting time up to the 20th. */
    firstPaintScriptingRead?: boolean;
    firstPaint?: Promise<FirstPaintReport>;
  }
}
