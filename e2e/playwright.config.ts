import { defineConfig, devices } from '@playwright/test';
import { fileURLToPath } from 'node:url';

/**
 * End-to-end tests: Debian Chromium (never a downloaded browser) against the REAL server
 * (apps/server) started by scripts/start-server.mjs on a fresh data directory, serving the
 * built web app (apps/web/dist — turbo builds it before `@servicedesk/e2e#test`; locally run
 * `npm run build -w @servicedesk/web` first).
 *
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium), E2E_PORT (default 8090), CI.
 */
const port = Number(process.env.E2E_PORT ?? 8090);
const baseURL = `http://localhost:${port}`;
const isCI = Boolean(process.env.CI);

/** The Chromium flags of TOOLCHAIN.md (root user, closed network). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './test',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results',
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  // Two cores: one worker for the browser, the rest for the server. Specs use distinct demo
  // users, so two workers would be safe too.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: {
    baseURL,
    locale: 'az-AZ',
    timezoneId: 'Asia/Baku',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
    // The production build registers a service worker (ngsw-worker.js, SPEC §1); it would answer
    // navigations from its cache, out of reach of page.route. Only offline.spec.ts allows it.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  webServer: {
    command: `node ${fileURLToPath(new URL('./scripts/start-server.mjs', import.meta.url))}`,
    url: `${baseURL}/api/auth/systemHasLdap`,
    env: { PORT: String(port) },
    reuseExistingServer: !isCI && process.env.E2E_REUSE_SERVER === '1',
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
