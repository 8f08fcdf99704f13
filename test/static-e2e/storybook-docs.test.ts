/**
 * The static Storybook build (npm run build-storybook), as a reader opens it: a docs page renders
 * every story of the page at once, and each must reach its own mock service.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../e2e/chromium';

const root = resolve(import.meta.dirname, '../../storybook-static');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };
let server: Server;
let browser: Browser;
let origin = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = normalize(join(root, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    if (!path.startsWith(root)) return void res.writeHead(403).end();
    readFile(path.endsWith('/') ? join(path, 'index.html') : path).then(
      (body) => res.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end('Not found'),
    );
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
});

// Stories that show the error state on purpose: the Inbox's Error story.
it.each([
  ['components-inbox--docs', 1],
  ['components-preferencespanel--docs', 0],
])('the docs page %s loads every story’s notifications', async (id, deliberateErrors) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${origin}/iframe.html?viewMode=docs&id=${id}`);
  // Every inline story has rendered its inbox or panel, none of them in the error state.
  await page.locator('[data-inbox-root]').first().waitFor({ timeout: 20_000 });
  await page.waitForTimeout(2_000);
  const text = await page.locator('body').innerText();
  expect(text.split('could not be loaded').length - 1).toBe(deliberateErrors);
  expect(await page.locator('[data-inbox-root]').count()).toBeGreaterThan(3);
  await page.screenshot({ path: `test-results/screenshots/storybook-docs-${id}.png`, fullPage: false });
  await page.close();
});
