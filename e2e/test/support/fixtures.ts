import { test as base, expect } from '@playwright/test';
import { expectAccessible } from './a11y';

/**
 * The specs' `test`: Playwright's, plus
 * - `axe()`: the WCAG 2 A/AA + 2.1 AA scan of the current page in light AND dark (soft assertion),
 * - an automatic check that the page threw no uncaught error while the test ran.
 */
export const test = base.extend<{ axe: () => Promise<void>; pageErrors: Error[] }>({
  // The home layout asks once per browser session for a WhatsApp number (SPEC §2 "Phone prompt",
  // apps/web/README.md). Specs about other things start with it already shown, so its modal
  // does not cover what they click; apps/web PhonePromptGate.test.tsx tests the prompt itself.
  context: async ({ context }, use) => {
    await context.addInitScript(() => {
      try {
        sessionStorage.setItem('sd.phonePromptShown', '1');
      } catch {
        // about:blank has no sessionStorage
      }
    });
    await use(context);
  },
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
