import { resolve } from 'node:path';
import type { StorybookConfig } from '@storybook/react-vite';

const src = resolve(import.meta.dirname, '../src');

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.tsx'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest', 'msw-storybook-addon'],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
  viteFinal: (vite) => ({
    ...vite,
    resolve: {
      ...vite.resolve,
      alias: [
        { find: /^inbox-kit\/client$/, replacement: `${src}/client/index.ts` },
        { find: /^inbox-kit\/testing$/, replacement: `${src}/testing/index.ts` },
        { find: /^inbox-kit\/styles\.css$/, replacement: `${src}/theme/styles.css` },
        { find: /^inbox-kit$/, replacement: `${src}/index.ts` },
      ],
    },
  }),
};
export default config;
