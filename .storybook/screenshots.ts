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
  for (const width of [1280, 375]) {
    await page.viewport(width, 800);
    for (const scheme of ['light', 'dark'] as const) {
      root.style.colorScheme = scheme;
      document.body.style.background = scheme === 'dark' ? '#0b0d12' : '#ffffff';
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      await page.screenshot({ path: `../test-results/screenshots/stories/${file}-${name}-${scheme}-${width}.png` });
    }
  }
  root.style.colorScheme = '';
  document.body.style.background = '';
});
