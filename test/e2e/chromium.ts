/** Launches Debian's Chromium through playwright-core (never a downloaded browser). */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

import { CHROMIUM_ARGS } from './chromium-args';

export { CHROMIUM_ARGS };

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`Chromium not found at ${path}. Install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  return path;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}
