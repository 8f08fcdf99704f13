import { launchChromium } from '../test/e2e/chromium';
import { startDemo } from '../test/e2e/start-demo';
const demo = await startDemo();
const browser = await launchChromium();
try {
  for (const [w, h, scheme] of [[1280, 900, 'light'], [1280, 900, 'dark'], [375, 800, 'light'], [375, 800, 'dark']] as const) {
    const context = await browser.newContext({ viewport: { width: w, height: h }, colorScheme: scheme, hasTouch: w < 400 });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
    page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', m.text()));
    await page.goto(`${demo.url}/inbox`);
    await page.getByRole('article').first().waitFor();
    await page.waitForTimeout(800);
    const tag = `${w}-${scheme}`;
    if (w > 400) {
      await page.getByRole('article').nth(1).hover();
      await page.waitForTimeout(200);
      await page.screenshot({ path: `/tmp/look/${tag}-hover.png` });
      await page.getByRole('article').nth(1).getByRole('button', { name: 'Snooze' }).click();
    } else {
      await page.getByRole('article').nth(1).getByRole('button', { name: 'More actions' }).click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/look/${tag}-more.png` });
      await page.getByRole('menuitem', { name: /Snooze/ }).click();
    }
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/look/${tag}-snooze.png` });
    await page.getByRole('menuitem', { name: /Pick a date/ }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/look/${tag}-custom.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('article').first().getByRole('link').first().focus().catch(() => page.getByRole('article').first().locator('[data-inbox-slot=item-main]').focus());
    await page.keyboard.press('#');
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/look/${tag}-toast.png` });
    await page.getByRole('button', { name: 'More options' }).first().click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/look/${tag}-header-menu.png` });
    await page.getByRole('menuitem', { name: /Delete all/ }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/look/${tag}-delete-all.png` });
    await context.close();
  }
} finally {
  await browser.close();
  await demo.stop();
}
