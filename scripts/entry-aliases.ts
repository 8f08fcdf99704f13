/**
 * The package's public entries resolved to the sources, for the tools that build or test from
 * the source tree (vitest, the React 18 run, Storybook). One list, so a new entry is added once.
 */
import { resolve } from 'node:path';

const ENTRIES: [string, string][] = [
  ['inbox-kit/client', 'src/client/index.ts'],
  ['inbox-kit/admin', 'src/admin.ts'],
  ['inbox-kit/server', 'src/server/index.ts'],
  ['inbox-kit/testing', 'src/testing/index.ts'],
  ['inbox-kit/msw', 'src/testing/msw.ts'],
  ['inbox-kit/styles.css', 'src/theme/styles.css'],
  ['inbox-kit', 'src/index.ts'],
];

export function entryAliases(root: string): { find: RegExp; replacement: string }[] {
  return ENTRIES.map(([name, file]) => ({ find: new RegExp(`^${name.replace(/[./]/g, '\\$&')}$`), replacement: resolve(root, file) }));
}
