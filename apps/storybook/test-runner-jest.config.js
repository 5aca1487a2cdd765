// The Storybook test-runner's jest config with the Debian Chromium: the launch options must be
// merged into getJestConfig()'s jest-playwright options (a jest-playwright.config.js is ignored).
import { getJestConfig } from '@storybook/test-runner';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const base = getJestConfig();
const jp = base.testEnvironmentOptions?.['jest-playwright'] ?? {};

export default {
  ...base,
  testEnvironmentOptions: {
    ...base.testEnvironmentOptions,
    'jest-playwright': {
      ...jp,
      browsers: ['chromium'],
      launchOptions: { ...jp.launchOptions, executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    },
  },
};
