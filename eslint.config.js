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
    files: ['e2e/**/*.ts', 'bench/**/*.ts', 'apps/server/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
