/**
 * The static Storybook build (npm run build-storybook), as a reader opens it: a docs page renders
 * every story of the page at once, and each must reach its own mock service.
 */
import { expect, it } from 'vitest';
import { serveStaticStorybook } from './static-storybook';

const openDocs = serveStaticStorybook();

// Stories that show the error state on purpose: the Inbox's Error story.
it.each([
  ['components-inbox--docs', 1],
  ['components-preferencespanel--docs', 0],
])('the docs page %s loads every story’s notifications', async (id, deliberateErrors) => {
  const page = await openDocs(id);
  // Every inline story has rendered its inbox or panel, none of them in the error state.
  await page.locator('[data-inbox-root]').first().waitFor({ timeout: 20_000 });
  await page.waitForTimeout(2_000);
  const text = await page.locator('body').innerText();
  expect(text.split('could not be loaded').length - 1).toBe(deliberateErrors);
  expect(await page.locator('[data-inbox-root]').count()).toBeGreaterThan(3);
  // Styled through Storybook's production build (whose CSS minifier lowers light-dark()): the
  // first inbox or panel has its real background, not a transparent one.
  const surface = page.locator('[data-inbox-slot="panel"], [data-inbox-root][data-inbox-slot="preferences"]').first();
  expect(await surface.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 255, 255)');
  await page.screenshot({ path: `test-results/screenshots/storybook-docs-${id}.png`, fullPage: false });
  await page.close();
});
