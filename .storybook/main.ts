import { resolve } from 'node:path';
import type { StorybookConfig } from '@storybook/react-vite';
import { entryAliases } from '../scripts/entry-aliases.ts';

const root = resolve(import.meta.dirname, '..');

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.tsx'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest', 'msw-storybook-addon'],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: ['../public'],
  core: {
    disableTelemetry: true,
    builder: { name: '@storybook/builder-vite', options: { viteConfigPath: resolve(import.meta.dirname, 'vite.config.ts') } },
  },
  viteFinal: (vite) => ({
    ...vite,
    resolve: {
      ...vite.resolve,
      alias: entryAliases(root),
    },
  }),
};
export default config;
