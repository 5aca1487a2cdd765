import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';

/**
 * The two-instance project (issue #39): cluster.spec.ts starts two servers on one PostgreSQL
 * database and one Redis behind HAProxy (see cluster.ts) — no shared webServer. Run by the e2e
 * workspace's `npm test` after the main project; it needs TEST_DATABASE_URL, REDIS_URL, haproxy
 * and psql (.ci/run provides them and sets REQUIRE_CLUSTER=1, so a missing one fails there
 * instead of skipping).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../test-results/cluster',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    locale: 'az-AZ',
    timezoneId: 'Asia/Baku',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'cluster',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
      },
    },
  ],
});
