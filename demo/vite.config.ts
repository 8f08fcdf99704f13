/** Builds the demo's browser app (what `npm start` serves). */
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { entryAliases } from '../scripts/entry-aliases.ts';

const here = import.meta.dirname;

export default defineConfig({
  root: resolve(here, 'app'),
  logLevel: 'warn',
  resolve: {
    alias: entryAliases(resolve(here, '..')),
  },
  build: {
    // INBOX_DEMO_BUILD: the tests build into their own folder, so they never replace the files of a
    // demo you have running.
    outDir: resolve(here, '..', process.env.INBOX_DEMO_BUILD ?? '.cache/demo'),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // react-query marks its modules "use client" for React Server Components; a client bundle does not need it.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
