// Flat config: TypeScript, React hooks and accessibility rules. No rule is silenced inline.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', '.cache/', 'storybook-static/', 'coverage/', 'test-results/', 'public/mockServiceWorker.js', 'examples/*/node_modules/', 'examples/*/.next/', 'examples/*/dist/', 'examples/*/build/', 'examples/*/.react-router/', 'examples/*/next-env.d.ts', 'test/react18/node_modules/'] },
  js.configs.recommended,
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: globals.node } },
  { files: ['**/*.mjs', 'examples/*/server.js', 'examples/*/server/**/*.js'], languageOptions: { globals: globals.node } },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  // zod by name in the kit's sources, types through `import type` (why: src/client/schemas/define.ts).
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "ImportDeclaration[importKind!='type'][source.value=/^zod/] > ImportNamespaceSpecifier",
        message: "Import zod's functions by name (`import { string } from 'zod/mini'`): Turbopack can keep all of zod behind a namespace import.",
      }],
    },
  },
  // `Register` is empty on purpose: apps merge their payload schema into it (declaration merging).
  { files: ['src/client/payload-schema.ts'], rules: { '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'always' }] } },
);
