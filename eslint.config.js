import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/drizzle/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/admin/src/features/**/*.{ts,tsx}'],
    rules: {
      // One area never reaches into another's folder; shared pieces live in src/components.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*', '!../../**', '../../features/**'],
              message: 'Areas do not import each other: move shared pieces to src/components.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/admin/src/components/**/*.{ts,tsx}'],
    rules: {
      // Shared pieces serve every area and know none of them.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**', '**/features'], message: 'src/components never imports an area (src/features).' }] },
      ],
    },
  },
  {
    files: ['apps/site/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // Playwright and benchmark scripts run code in the page as well as in Node.
    files: ['e2e/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // The server is Node only: a browser global there is a bug, not a convenience.
    files: ['apps/server/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-globals': [
        'error',
        // Node 22 knows localStorage and navigator too, but a server has no visitor to keep them for.
        ...[
          ...new Set([
            ...Object.keys(globals.browser).filter((name) => !(name in globals.node)),
            'localStorage',
            'sessionStorage',
            'navigator',
          ]),
        ].map((name) => ({ name, message: 'The server runs in Node: this is a browser global.' })),
      ],
    },
  },
  {
    // Type-aware: a promise nobody awaits loses its error and its order.
    files: ['apps/server/src/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}', 'packages/contracts/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    // Only repositories (and the db layer itself) touch the database schema.
    files: ['apps/server/src/**/*.{ts,tsx}'],
    ignores: ['apps/server/src/**/*.repository.ts', 'apps/server/src/db/**', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/db/schema'], message: 'Only repositories import the database schema.' }] },
      ],
    },
  },
  {
    // Only media/ touches sharp and files, so storage stays behind one interface. The exceptions
    // hold no media: PGlite's own data directory, the development mail outbox, and the built portal
    // and website (their index, renderer and static assets).
    files: ['apps/server/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/server/src/media/**',
      'apps/server/src/db/client.ts',
      'apps/server/src/mail/mailer.ts',
      'apps/server/src/app.ts',
      'apps/server/src/features/site/site-pages.routes.ts',
      'apps/server/src/features/site/site-renderer.ts',
      '**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['sharp', 'fs', 'node:fs', 'fs/promises', 'node:fs/promises'].map((name) => ({
            name,
            message: 'Only apps/server/src/media touches sharp and files.',
          })),
        },
      ],
    },
  },
);
