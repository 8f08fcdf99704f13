/**
 * The kit under `Content-Security-Policy: default-src 'self'; style-src 'self'`,
 * next to a hostile host stylesheet, in Chromium: no violation, styles applied,
 * host CSS does not break it and the kit's CSS does not leak into the host.
 */
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serveFolder, type StaticServer } from '../helpers/static-server';
import { launchChromium } from './chromium';

const CSP = "default-src 'self'; style-src 'self'; img-src 'self' data:";
let server: StaticServer;
let browser: Browser;
let url = '';

beforeAll(async () => {
  const outDir = mkdtempSync(join(tmpdir(), 'inbox-csp-'));
  await build({ root: resolve('test/e2e/csp-app'), logLevel: 'error', build: { outDir, emptyOutDir: true, cssCodeSplit: false, assetsInlineLimit: 0 } });
  // A host that uses cascade layers (as Tailwind v4 does) and imports the kit into one, as the README says.
  copyFileSync(resolve('src/theme/styles.css'), join(outDir, 'kit.css'));
  const layered = (layer: boolean) =>
    `${layer ? '@layer components, utilities;\n@import url(kit.css) layer(components);' : '@import url(kit.css);'}\n@layer utilities { .u-bg { background-color: rgb(1, 2, 3); } }`;
  writeFileSync(join(outDir, 'layered.css'), layered(true));
  writeFileSync(join(outDir, 'unlayered.css'), layered(false));
  for (const name of ['layered', 'unlayered']) {
    writeFileSync(
      join(outDir, `${name}.html`),
      `<!doctype html><link rel="stylesheet" href="${name}.css"><div data-inbox-root data-variant="embedded"><section data-inbox-slot="panel" class="u-bg">x</section></div>`,
    );
  }
  server = await serveFolder(outDir, { 'Content-Security-Policy': CSP });
  url = server.url;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
});

it('renders, styled, with no CSP violation, and survives a hostile host stylesheet', async () => {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`Refused to ${event.violatedDirective} ${event.blockedURI}`));
  });
  await page.goto(url);
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await bell.click();
  await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
  await page.locator('[data-inbox-slot="item"]').first().waitFor();

  const styles = await page.evaluate(() => {
    const read = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) return null;
      const s = getComputedStyle(element);
      return { fontSize: s.fontSize, background: s.backgroundColor, border: s.borderTopWidth, position: s.position, radius: s.borderTopLeftRadius };
    };
    return {
      popover: read('[data-inbox-slot="popover"]'),
      title: read('[data-inbox-slot="popover"] h2'),
      primaryAction: read('[data-inbox-slot="action-button"][data-variant="primary"]'),
      badge: read('[data-inbox-slot="badge"]'),
    };
  });
  expect(violations).toEqual([]);
  // The kit's stylesheet applied (the theme's variables included), through the CSP.
  expect(styles.popover?.position).toBe('fixed');
  expect(styles.primaryAction?.background).toBe('rgb(15, 118, 110)');
  expect(styles.badge?.background).toBe('rgb(190, 18, 60)');
  // The host's `button`, `h2` and `*` rules do not reach inside the kit.
  expect(styles.title?.fontSize).toBe('16px');
  expect(styles.primaryAction?.border).toBe('1px');
  expect(await page.locator('[data-inbox-slot="preference-list"]').evaluate((ul) => getComputedStyle(ul).listStyleType)).toBe('none');
  // Built by Vite, whose CSS minifier lowers light-dark() for older browsers: the kit's colours hold
  // where the scheme is inherited (the preferences panel's default), not only where it is fixed.
  expect(await page.locator('[data-inbox-slot="preferences"] [data-state="on"] [data-inbox-slot="switch-track"]').first().evaluate((track) => getComputedStyle(track).backgroundColor)).toBe('rgb(67, 56, 202)');
  // The kit's rules do not reach the host's elements.
  expect(await page.locator('#bar span').evaluate((span) => getComputedStyle(span).fontFamily)).not.toContain('system-ui');
  await page.screenshot({ path: 'test-results/screenshots/csp-hostile-host.png' });
  await page.close();
});

it('imported into a cascade layer, as the README shows, it lets the host’s utility classes win', async () => {
  const page = await browser.newPage();
  const background = async (name: string) => {
    await page.goto(`${url}${name}.html`);
    return page.locator('[data-inbox-slot="panel"]').evaluate((panel) => getComputedStyle(panel).backgroundColor);
  };
  expect(await background('layered')).toBe('rgb(1, 2, 3)');
  // Imported as it ships (unlayered), the kit's own rule wins over a layered utility.
  expect(await background('unlayered')).toBe('rgb(255, 255, 255)');
  await page.close();
});
