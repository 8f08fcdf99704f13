/**
 * After each story's test (npm test's storybook project): screenshots of the story in light and
 * dark at 1280 and 375 px, into test-results/screenshots/stories/, to look at as a designer would.
 * The page's colour scheme is switched; stories that fix one keep theirs (as the kit does).
 */
import { afterEach } from 'vitest';
import { page } from 'vitest/browser';

afterEach(async (context) => {
  const name = context.task.name.replace(/[^\w-]+/g, '-').toLowerCase();
  const file = context.task.file.name.replace(/^.*\//, '').replace(/\.stories\.tsx$/, '').toLowerCase();
  const root = document.documentElement;
  // What is on screen, as a person sees it: a story taller than the window (one that grows with
  // the page) is shot at the window's size, not as a tall body whose off-screen part is unpainted.
  const frame = document.createElement('div');
  frame.style.cssText = 'position: fixed; inset: 0; pointer-events: none;';
  document.body.append(frame);
  for (const width of [1280, 375]) {
    await page.viewport(width, 800);
    for (const scheme of ['light', 'dark'] as const) {
      root.style.colorScheme = scheme;
      document.body.style.background = scheme === 'dark' ? '#0b0d12' : '#ffffff';
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      await page.screenshot({ path: `../test-results/screenshots/stories/${file}-${name}-${scheme}-${width}.png`, element: frame });
    }
  }
  frame.remove();
  root.style.colorScheme = '';
  document.body.style.background = '';
});
