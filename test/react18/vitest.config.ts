/**
 * The focused jsdom component suite again, against React 18 (the low end of the `react` peer range).
 *
 * React 18 lives in its own tiny npm project (test/react18/package.json, installed by run.sh), so the
 * root keeps React 19 as its devDependency. Every `react` / `react-dom` import is aliased to it. The two
 * packages in the root node_modules that import React must go through Vite's resolver to see that alias:
 * @testing-library/react is pointed at its ESM build and inlined, @tanstack/react-query is inlined. Left
 * to Node, either would load the root's React 19 (two Reacts: broken hooks, "older version" elements).
 * `version.react18.test.tsx` checks from inside the run that the tests, RTL and React Query all see 18.
 *
 * Run it from the repo root: `bash test/react18/run.sh` (or `npx vitest run --config test/react18/vitest.config.ts`).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { entryAliases } from '../../scripts/entry-aliases.ts';

const here = import.meta.dirname;
const root = resolve(here, '../..');
const react18 = resolve(here, 'node_modules');

/** The public entries resolved to the sources, as in the root vitest.config.ts. */
const kit = entryAliases(root);

/**
 * Testing Library's ESM build (its `module` field). Vitest resolves the package to its CommonJS `main`,
 * whose `require('react-dom/client')` goes straight to Node and so to the root's React 19, inlined or not.
 */
const rtlDir = resolve(root, 'node_modules/@testing-library/react');
const rtlEsm = resolve(rtlDir, JSON.parse(readFileSync(resolve(rtlDir, 'package.json'), 'utf8')).module);

/** `react`, `react/jsx-runtime`, `react/jsx-dev-runtime`, `react-dom`, `react-dom/client`, `react-dom/test-utils`, … */
const react = [
  { find: /^@testing-library\/react$/, replacement: rtlEsm },
  { find: /^react-dom(\/.*)?$/, replacement: `${react18}/react-dom$1` },
  { find: /^react(\/.*)?$/, replacement: `${react18}/react$1` },
];

export default defineConfig({
  root,
  resolve: { alias: [...kit, ...react] },
  test: {
    name: 'dom-react18',
    environment: 'jsdom',
    include: [
      // Not `*.dom.test.tsx`: the root 'dom' project (React 19) would pick it up and fail.
      'test/react18/version.react18.test.tsx',
      'test/components.dom.test.tsx',
      'test/hooks.dom.test.tsx',
      'test/hooks-model.dom.test.tsx',
      'test/hooks-sync.dom.test.tsx',
      'test/provider-payload-schema.dom.test.tsx',
      'test/readme.dom.test.tsx',
    ],
    setupFiles: ['test/setup-dom.ts'],
    server: { deps: { inline: ['@testing-library/react', '@tanstack/react-query'] } },
  },
});
