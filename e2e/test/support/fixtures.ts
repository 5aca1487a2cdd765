import { test as base, expect } from '@playwright/test';
import { expectAccessible } from './a11y';

/**
 * The specs' `test`: Playwright's, plus
 * - `axe()`: the WCAG 2 A/AA + 2.1 AA scan of the current page in light AND dark (soft assertion),
 * - an automatic check that the page threw no uncaught error while the test ran.
 */
export const test = base.extend<{ axe: () => Promise<void>; pageErrors: Error[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await use(errors);
      expect.soft(errors.map((e) => e.message), 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
  axe: async ({ page }, use, testInfo) => {
    await use(() => expectAccessible(page, testInfo));
  },
});

export { expect };
