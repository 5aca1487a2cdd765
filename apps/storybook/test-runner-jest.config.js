// The Storybook test-runner's jest config with the Debian Chromium: the launch options must be
// merged into getJestConfig()'s jest-playwright options (a jest-playwright.config.js is ignored).
import { getJestConfig } from '@storybook/test-runner';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const base = getJestConfig();
const jp = base.testEnvironmentOptions?.['jest-playwright'] ?? {};

export default {
  ...base,
  // One story (play + axe + screenshot, in both themes) may take longer than jest's 15 s on the
  // shared 2-core machine: the 100,000-row DataTable story needs ~10–20 s there under load, and
  // axe over ScheduleGrid's Many People (~700 cells, both themes) passed 60 s at load average 11.
  // A ceiling, not a measure: every story waits for its state.
  testTimeout: 180_000,
  testEnvironmentOptions: {
    ...base.testEnvironmentOptions,
    'jest-playwright': {
      ...jp,
      browsers: ['chromium'],
      launchOptions: { ...jp.launchOptions, executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    },
  },
};
