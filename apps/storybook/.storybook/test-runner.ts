import type { TestRunnerConfig } from '@storybook/test-runner';
import { checkA11y, injectAxe } from 'axe-playwright';

/**
 * Every story, after its play function has passed, is scanned by axe in the light theme and
 * again in the dark theme (data-theme on the story iframe's <html>), so a colour that fails
 * WCAG AA in either theme fails the story. A story may opt out of one rule with
 * `parameters.a11y.config.rules: [{ id, enabled: false }]` — say why in the story.
 */
// Page-level rules: a story is a fragment, not a page (the e2e axe scans check real pages).
const pageLevelRules = ['landmark-one-main', 'page-has-heading-one', 'region'];

const config: TestRunnerConfig = {
  async preVisit(page) {
    await injectAxe(page);
  },
  async postVisit(page, context) {
    const rules: Record<string, { enabled: boolean }> = Object.fromEntries(
      pageLevelRules.map((id) => [id, { enabled: false }]),
    );
    for (const rule of (await getStoryRules(page, context.id)) ?? [])
      rules[rule.id] = { enabled: rule.enabled };
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, theme);
      // Let transitions settle so axe reads the final colours.
      await page.waitForTimeout(200);
      // The whole document, not only #storybook-root: dialogs, popovers and toasts render in
      // portals on <body>.
      await checkA11y(page, undefined, {
        verbose: false,
        detailedReport: true,
        detailedReportOptions: { html: true },
        axeOptions: { rules },
      }).catch((error: unknown) => {
        throw new Error(`axe found violations in the ${theme} theme: ${String(error)}`);
      });
    }
  },
};

async function getStoryRules(
  page: Parameters<NonNullable<TestRunnerConfig['postVisit']>>[0],
  id: string,
): Promise<{ id: string; enabled: boolean }[] | undefined> {
  const { getStoryContext } = await import('@storybook/test-runner');
  const ctx = await getStoryContext(page, { id } as Parameters<typeof getStoryContext>[1]);
  const a11y = ctx.parameters?.a11y as
    { config?: { rules?: { id: string; enabled: boolean }[] } } | undefined;
  return a11y?.config?.rules;
}

export default config;
