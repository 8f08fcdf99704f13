/**
 * Storybook's own Vite config. Without it Storybook loads the library's vite.config.ts, whose
 * declaration-file plugin writes .d.ts files into storybook-static and whose styles step copies
 * into dist/ (failing when the library has not been built first).
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { target: 'es2022' },
});
