import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** The axe rule sets every page must pass (WCAG 2.0 A/AA and 2.1 AA). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

export type Theme = 'light' | 'dark';

/** Reads the theme the app has put on <html data-theme> (light when unset, SPEC §1). */
export async function currentTheme(page: Page): Promise<Theme> {
  const value = await page.evaluate(() => document.documentElement.dataset.theme);
  return value === 'dark' ? 'dark' : 'light';
}

/** A readable one-line-per-node summary of axe violations for the failure message. */
function describe(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n` +
        v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ') ?? ''}`).join('\n'),
    )
    .join('\n');
}

async function analyze(page: Page, label: string, testInfo?: TestInfo): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    // React Aria's live announcer (a visually hidden aria-live log prepended to <body>) keeps an
    // announcement for 7 s; a pending Button announces itself as <div role="img"
    // aria-labelledby=buttonId>, which dangles once the page changed. Transient, not the page's.
    .exclude('[data-live-announcer]')
    .analyze();
  if (testInfo && results.violations.length > 0) {
    await testInfo.attach(`axe-${label}.json`, {
      body: JSON.stringify(results.violations, null, 2),
      contentType: 'application/json',
    });
  }
  // Compare a short summary (rule id and the failing nodes), not axe's whole result objects.
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect.soft(summary, `axe violations on ${page.url()} (${label} theme):\n${describe(results.violations)}`).toEqual([]);
}

/**
 * Runs axe (WCAG 2 A/AA, 2.1 AA) on the page as it is now, in BOTH themes: first in the theme
 * the app shows, then with <html data-theme> switched to the other one (the themes are pure
 * CSS on that attribute, see the team brief), then restores the app's theme. Transitions are
 * disabled while scanning so colours are final. Failures are soft (the test goes on and
 * reports every page), with the violations in the message and attached as JSON.
 */
export async function expectAccessible(page: Page, testInfo?: TestInfo): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  const original = await currentTheme(page);
  const other: Theme = original === 'light' ? 'dark' : 'light';
  const style = await page.addStyleTag({
    content: '*,*::before,*::after{transition:none!important;animation-duration:0s!important}',
  });
  try {
    await analyze(page, original, testInfo);
    await page.evaluate((theme) => {
      document.documentElement.dataset.theme = theme;
    }, other);
    await analyze(page, other, testInfo);
  } finally {
    await page.evaluate((theme) => {
      document.documentElement.dataset.theme = theme;
    }, original);
    await style.evaluate((node) => (node as Element).remove()).catch(() => undefined);
  }
}
