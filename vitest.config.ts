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
          include: ['apps/**/*.test.ts', 'packages/**/*.test.ts'],
          exclude: [...exclude, 'apps/admin/**'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The admin's component tests: React in a real DOM (happy-dom), no server.
        test: {
          name: 'admin',
          include: ['apps/admin/**/*.test.{ts,tsx}'],
          exclude,
          environment: 'happy-dom',
        },
      },
    ],
  },
});
