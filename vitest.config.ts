import { defineConfig } from 'vitest/config';

const exclude = ['**/node_modules/**', '**/dist/**'];

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/**/*.test.ts', 'packages/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...exclude, 'apps/admin/**'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Guards against a hung test, not races: a test that starts processes or databases may take
          // minutes on a loaded machine and seconds on a quiet one.
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
      {
        // The admin's component tests: React in a real DOM (happy-dom), no server.
        test: {
          name: 'admin',
          include: ['apps/admin/**/*.test.{ts,tsx}'],
          exclude,
          environment: 'happy-dom',
          setupFiles: ['apps/admin/test/setup.ts'],
          // A guard against a hung test, not a race: typing into a form can take seconds under load.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
