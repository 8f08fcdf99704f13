/** Library build: one ESM file per public entry, bundled types, styles.css. */
import { copyFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import dts from 'vite-plugin-dts';

const here = import.meta.dirname;

export default defineConfig({
  plugins: [
    react(),
    dts({
      bundleTypes: true,
      tsconfigPath: resolve(here, 'tsconfig.build.json'),
    }),
    {
      name: 'inbox-kit-files',
      closeBundle() {
        copyFileSync(resolve(here, 'src/theme/styles.css'), resolve(here, 'dist/styles.css'));
        // The zod code bundled into dist (see `external` below) ships with its licence.
        copyFileSync(resolve(here, 'node_modules/zod/LICENSE'), resolve(here, 'dist/zod.LICENSE'));
      },
    },
  ],
  build: {
    target: 'es2022',
    copyPublicDir: false,
    sourcemap: true,
    minify: false,
    lib: {
      entry: {
        index: resolve(here, 'src/index.ts'),
        client: resolve(here, 'src/client/index.ts'),
        admin: resolve(here, 'src/admin.ts'),
        server: resolve(here, 'src/server/index.ts'),
        testing: resolve(here, 'src/testing/index.ts'),
        msw: resolve(here, 'src/testing/msw.ts'),
        // The reference service as a command (package.json's `bin`, inbox-kit-reference).
        cli: resolve(here, 'src/server/cli.ts'),
      },
      formats: ['es'],
    },
    rolldownOptions: {
      // zod is bundled: only the zod functions the kit calls reach dist, so every app bundler gets
      // them already tree-shaken. Turbopack (Next.js's default) keeps whole zod modules (all of
      // zod/mini's schema classes, util and regexes: +10 kB gzip on a page) when it resolves zod
      // itself. Its types still come from the `zod` dependency, which the .d.ts files import.
      external: [/^react($|\/)/, /^react-dom($|\/)/, /^@tanstack\//, /^msw($|\/)/, /^node:/],
      output: {
        // The components and hooks entry is client code for React Server Components (Next.js App
        // Router); the client, server and testing entries stay importable from server code.
        banner: (chunk) => (chunk.isEntry && chunk.name === 'index' ? "'use client';" : ''),
      },
    },
  },
});
