/**
 * The docs pages of the static Storybook, as a reader scrolls them at 1280 × 900: the component's
 * description and props table come first, no canvas is screens of empty space, a popover opens
 * where it should, and the props tables name the types of props.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { canvasExtents } from './canvas-extent';
import { serveStaticStorybook, VIEWPORT } from './static-storybook';

const openDocs = serveStaticStorybook();
/** Each page, and props whose type docgen sees only as a kind ("intersection"), with the name shown. */
const PAGES: [string, Record<string, string>][] = [
  ['components-inbox--docs', { labels: 'PartialLabels', classNames: 'InboxClassNames', variant: "'popover''embedded'" }],
  ['components-notificationitem--docs', { notification: 'InboxNotification' }],
  ['components-preferencespanel--docs', { labels: 'PartialLabels' }],
];

/** Space around a story that is not empty space: its own padding, 16 px above and below, and a little. */
const PADDING = 48;

/** Each row of the props table: the prop's name and the type shown under its description. */
function propTypes(page: Page): Promise<Map<string, string>> {
  return page
    .locator('.docblock-argstable tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [row.querySelector('td:first-child > span')?.textContent ?? '', row.querySelector('td:nth-child(2) > div:last-child')?.textContent ?? ''] as const),
    )
    .then((entries) => new Map(entries));
}

describe.each(PAGES)('the docs page %s', (id, named) => {
  it('shows the description, then the props table within the first one and a half screens', async () => {
    const page = await openDocs(id);
    const top = (selector: string) => page.locator(selector).first().evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    const description = await top('.sbdocs-content > p, .sbdocs-content > div > p');
    const props = await top('.docblock-argstable');
    expect(description).toBeLessThan(props);
    expect(props).toBeLessThan(VIEWPORT.height * 1.5);
    await page.close();
  });

  it('sizes each canvas to its story: none far taller than what it shows, none taller than a screen', async () => {
    const page = await openDocs(id);
    // Every inline story has drawn its notifications (or its empty or error state).
    await page.locator('[data-inbox-root]').first().waitFor();
    await page.waitForTimeout(2_000);
    const extents = await page.evaluate(canvasExtents);
    expect(extents.length).toBeGreaterThan(3);
    for (const extent of extents) {
      expect(extent.canvas, extent.story).toBeLessThanOrEqual(VIEWPORT.height);
      if (!extent.framed) expect(extent.canvas - extent.content, extent.story).toBeLessThanOrEqual(PADDING);
    }
    await page.close();
  });

  it('names each prop’s type: no bare “union” or “intersection”', async () => {
    const page = await openDocs(id);
    const types = await propTypes(page);
    expect(types.size).toBeGreaterThan(3);
    for (const [name, type] of types) expect(type, name).not.toMatch(/^(union|intersection)$/);
    // A union's members are shown one by one (hence no separator in the text).
    for (const [name, type] of Object.entries(named)) expect(types.get(name), name).toBe(type);
    await page.close();
  });
});

it('opens the popover of the Inbox page’s first story under its bell, over the page', async () => {
  const page = await openDocs('components-inbox--docs');
  const bell = page.locator('#story--components-inbox--default--primary [data-inbox-slot="bell"]');
  await bell.click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await popover.waitFor();
  const [bellBox, popoverBox] = [await bell.boundingBox(), await popover.boundingBox()];
  if (!bellBox || !popoverBox) throw new Error('The bell or its popover has no box.');
  // Under the bell (8 px between), its end edge lined up with the bell's, and whole on screen.
  expect(popoverBox.y - (bellBox.y + bellBox.height)).toBeCloseTo(8, 0);
  expect(popoverBox.x + popoverBox.width).toBeCloseTo(bellBox.x + bellBox.width, 0);
  expect(popoverBox.y + popoverBox.height).toBeLessThanOrEqual(VIEWPORT.height);
  await page.close();
});
