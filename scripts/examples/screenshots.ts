/**
 * Screenshots of the examples as scripts/examples/run.sh built them, served as size.ts serves
 * them: each page with the popover open, light and dark (the reader's setting), 1280 and 375 px
 * wide. For looking at, not for a test.
 *
 *   npx tsx scripts/examples/screenshots.ts [example...]   writes $INBOX_SCREENSHOTS_DIR (default /tmp/inbox-kit-screenshots)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../../test/e2e/chromium';
import { hosts } from './size-hosts';

const work = process.env.INBOX_EXAMPLES_DIR ?? join(process.env.TMPDIR ?? '/tmp', 'inbox-kit-examples');
const out = process.env.INBOX_SCREENSHOTS_DIR ?? join(process.env.TMPDIR ?? '/tmp', 'inbox-kit-screenshots');
const names = process.argv.slice(2);
mkdirSync(out, { recursive: true });

const browser = await launchChromium();
try {
  for (const name of names.length > 0 ? names : Object.keys(hosts)) {
    const host = hosts[name];
    if (!host) throw new Error(`no host ${name}`);
    const dir = join(work, name);
    const served = await host.serve(dir, dir, false);
    try {
      for (const scheme of ['light', 'dark'] as const) {
        for (const width of [1280, 375]) {
          const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme: scheme });
          const page = await context.newPage();
          for (const path of host.pages) {
            await page.goto(served.url + path, { waitUntil: 'networkidle' });
            const file = (suffix: string) => join(out, `${name}${path === '/' ? '' : path.replaceAll('/', '-')}-${scheme}-${width}${suffix}.png`);
            await page.screenshot({ path: file('') });
            if (path !== '/') continue;
            await page.getByRole('button', { name: /^Notifications/ }).click();
            await page.getByRole('dialog', { name: 'Notifications' }).locator('[data-inbox-slot="item"]').first().waitFor();
            await page.screenshot({ path: file('-open') });
            await page.keyboard.press('Escape');
          }
          await context.close();
        }
      }
      console.log(`${name}: screenshots in ${out}`);
    } finally {
      await served.stop();
    }
  }
} finally {
  await browser.close();
}
