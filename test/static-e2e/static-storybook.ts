/**
 * The static Storybook build (npm run build-storybook) served over HTTP and one Chromium for a
 * test file; docs pages opened as a reader opens them, at 1280 × 900.
 */
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from '../e2e/chromium';
import { serveFolder, type StaticServer } from '../helpers/static-server';

export const VIEWPORT = { width: 1280, height: 900 };

export function serveStaticStorybook() {
  const root = resolve(import.meta.dirname, '../../storybook-static');
  let server: StaticServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    server = await serveFolder(root);
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  /** A docs page (`components-inbox--docs`) once its props table is there. */
  return async function openDocs(id: string): Promise<Page> {
    if (!browser || !server) throw new Error('The static Storybook is not served yet.');
    const page = await browser.newPage({ viewport: VIEWPORT });
    await page.goto(`${server.url}iframe.html?viewMode=docs&id=${id}`);
    await page.locator('.docblock-argstable').first().waitFor({ timeout: 20_000 });
    return page;
  };
}
