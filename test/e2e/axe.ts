/**
 * axe-core run in a Playwright page: the engine's source evaluated through the DevTools protocol
 * (so a page's strict CSP does not stop it), then `axe.run()` on the whole document.
 */
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** Each violation as `rule: selector, selector`, for a readable assertion. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const result = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document));
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
