/** Test suites: `node` (client, service, contract tests over real HTTP), `dom` (jsdom), `e2e` (Chromium). */
import { resolve } from 'node:path';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import type { PluginOption } from 'vite';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS } from './test/e2e/chromium-args.ts';
import { entryAliases } from './scripts/entry-aliases.ts';

const here = import.meta.dirname;

/** Tests import the public entry points, resolved to the sources. */
const alias = entryAliases(here);

/**
 * How long a test, and a wait for a condition in it, may take before it fails. Tests wait for
 * conditions, never for fixed times, so these bound a hang, not a speed: on two cores running the
 * other projects (or a second `npm test`) a render may wait seconds for a core. Speed is measured by
 * `npm run bench`.
 */
const WAITS = { testTimeout: 30_000, hookTimeout: 30_000, expect: { poll: { timeout: 10_000 } } };

/** Browser tests that time renders (against the same page with plain words, measured beside them). */
const TIMED = ['test/browser/hostile-fields.browser.test.tsx', 'test/browser/hostile-content.browser.test.tsx'];

/** A project that runs in Debian's Chromium; a fresh object each time, as vitest mutates `instances`. */
function browserProject(name: string, include: string[], plugins: PluginOption[] = [], exclude: string[] = []) {
  return {
    resolve: { alias },
    plugins,
    // Known before the first test runs: a dependency found mid-run is bundled again and the page
    // reloads with a second copy of React (react-dom/server is imported by one test only).
    optimizeDeps: { include: ['react-dom/server'] },
    test: {
      name,
      include,
      exclude,
      ...WAITS,
      browser: {
        enabled: true,
        headless: true,
        screenshotFailures: false,
        provider: playwright({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS } }),
        instances: [{ browser: 'chromium' as const }],
      },
    },
  };
}

/** Every story renders, passes the accessibility addon, runs its play function, and is photographed. */
function storybookProject() {
  const project = browserProject('storybook', [], [storybookTest({ configDir: resolve(here, '.storybook') })]);
  return { ...project, test: { ...project.test, setupFiles: [resolve(here, '.storybook/screenshots.ts')] } };
}

/**
 * The browser tests that time the page's main thread run alone, once every other project is done:
 * beside them, a task of the page waits for a core, whatever it does.
 */
function timedProject() {
  const project = browserProject('browser-timed', TIMED);
  return { ...project, test: { ...project.test, sequence: { groupOrder: 1 } } };
}

/**
 * Suites that need something built first run alone, when their variable is set: `npm run bench`
 * (INBOX_BENCH), the examples from the packed tarball (INBOX_EXAMPLES, scripts/examples/run.sh) and
 * the static Storybook build (INBOX_STATIC, after build-storybook). `npm test` runs the rest.
 */
const gated: { variable: string; test: { name: string; environment: 'node'; include: string[]; testTimeout: number; hookTimeout: number } }[] = [
  { variable: 'INBOX_BENCH', test: { name: 'bench', environment: 'node', include: ['bench/**/*.bench.test.ts'], testTimeout: 300_000, hookTimeout: 120_000 } },
  { variable: 'INBOX_EXAMPLES', test: { name: 'examples', environment: 'node', include: ['test/examples-e2e/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 } },
  { variable: 'INBOX_STATIC', test: { name: 'static', environment: 'node', include: ['test/static-e2e/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 } },
];
const only = gated.find((suite) => process.env[suite.variable] === '1');

export default defineConfig({
  resolve: { alias },
  test: {
    projects: only
      ? [{ test: only.test }]
      : [
          {
            resolve: { alias },
            test: { ...WAITS, name: 'node', environment: 'node', include: ['test/**/*.test.ts'], exclude: ['test/**/*.dom.test.ts', 'test/e2e/**', 'test/examples-e2e/**', 'test/static-e2e/**'] },
          },
          {
            resolve: { alias },
            test: {
              ...WAITS,
              name: 'dom',
              environment: 'jsdom',
              include: ['test/**/*.dom.test.{ts,tsx}'],
              exclude: ['test/react18/**'],
              setupFiles: ['test/setup-dom.ts'],
              // Renders come late, so a test that does not wait for one fails every time, not now and then (see test/setup-dom.ts).
              env: { INBOX_NOTIFY_DELAY_MS: '20' },
            },
          },
          {
            // The UI tests again, against the reference service in its spec-literal form (bare bodies,
            // pageSize = items returned, true totalCount): the kit must cope with both.
            resolve: { alias },
            test: {
              ...WAITS,
              name: 'dom-spec',
              environment: 'jsdom',
              include: ['test/components.dom.test.tsx', 'test/hooks*.dom.test.tsx', 'test/triage.dom.test.tsx', 'test/realtime.dom.test.tsx'],
              setupFiles: ['test/setup-dom.ts'],
              env: { INBOX_REFERENCE_MODE: 'spec' },
            },
          },
          browserProject('browser', ['test/browser/**/*.browser.test.{ts,tsx}'], [], TIMED),
          timedProject(),
          storybookProject(),
          {
            resolve: { alias },
            test: { ...WAITS, name: 'e2e', environment: 'node', include: ['test/e2e/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 },
          },
        ],
  },
});
