import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8123);
export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-password-123' };
const dataDir = path.join(os.tmpdir(), `darkroom-e2e-${E2E_PORT}`);

/** Real server, real database (fresh PGlite per run), real SPA build, Debian's Chromium. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: path.join(os.tmpdir(), `darkroom-e2e-results-${E2E_PORT}`),
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 1366, height: 900 },
    // Recording a trace draws every frame into a screencast: on two cores that doubled the run and
    // left pages 'Loading...' past the timeout. Only a retried test is recorded.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // As `npm start` runs it: the server bundle, whose dependencies are bundled too, is what the
    // browser tests exercise (`npm run test:e2e` builds it first; start.mjs rebuilds it if stale).
    command: `rm -rf ${dataDir} && node scripts/start.mjs`,
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES: '50',
      ENQUIRY_MAX_PER_HOUR: '1000',
      ...(process.env.ADMIN_DIST ? { ADMIN_DIST: process.env.ADMIN_DIST } : {}),
    },
  },
});
