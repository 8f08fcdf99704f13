/** Builds the demo's browser app (what `npm start` serves). */
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const here = import.meta.dirname;
const src = resolve(here, '../src');

export default defineConfig({
  root: resolve(here, 'app'),
  logLevel: 'warn',
  resolve: {
    alias: [
      { find: /^inbox-kit\/client$/, replacement: `${src}/client/index.ts` },
      { find: /^inbox-kit\/styles\.css$/, replacement: `${src}/theme/styles.css` },
      { find: /^inbox-kit$/, replacement: `${src}/index.ts` },
    ],
  },
  build: {
    outDir: resolve(here, '../.cache/demo'),
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
