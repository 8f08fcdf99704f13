/** Test suites: `node` (client, service, contract tests over real HTTP), `dom` (jsdom), `e2e` (Chromium). */
import { resolve } from 'node:path';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS } from './test/e2e/chromium-args.ts';

const here = import.meta.dirname;

/** Tests import the public entry points, resolved to the sources. */
const alias = [
  { find: /^inbox-kit\/client$/, replacement: resolve(here, 'src/client/index.ts') },
  { find: /^inbox-kit\/server$/, replacement: resolve(here, 'src/server/index.ts') },
  { find: /^inbox-kit\/testing$/, replacement: resolve(here, 'src/testing/index.ts') },
  { find: /^inbox-kit$/, replacement: resolve(here, 'src/index.ts') },
];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'node', environment: 'node', include: ['test/**/*.test.ts'], exclude: ['test/**/*.dom.test.ts', 'test/e2e/**'] },
      },
      {
        resolve: { alias },
        test: { name: 'dom', environment: 'jsdom', include: ['test/**/*.dom.test.{ts,tsx}'], setupFiles: ['test/setup-dom.ts'] },
      },
      {
        resolve: { alias },
        test: {
          name: 'browser',
          include: ['test/browser/**/*.browser.test.{ts,tsx}'],
          testTimeout: 30_000,
          // A fresh object per project: vitest mutates `instances`.
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        resolve: { alias },
        test: { name: 'e2e', environment: 'node', include: ['test/e2e/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 },
      },
    ],
  },
});
