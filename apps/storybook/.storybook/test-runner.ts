import type { Expect } from 'expect';
import { getStoryContext, type TestRunnerConfig } from '@storybook/test-runner';
import { checkA11y, injectAxe } from 'axe-playwright';
import { toMatchImageSnapshot } from 'jest-image-snapshot';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { settledScreenshot, trackRequests, waitForSettled } from './settle.ts';

/**
 * After each story's play function has passed, for the light theme and then the dark theme
 * (data-theme on the story iframe's <html>):
 *
 * 1. axe scans the whole document (dialogs, popovers and toasts live in portals on <body>);
 *    any violation fails the story, so a colour that fails WCAG AA in either theme fails.
 * 2. a screenshot is compared with the committed baseline in __screenshots__/ (visual
 *    regression). Locally a missing baseline is written and the story passes (commit the
 *    written files); under CI (`CI` set, as .ci/run does) a missing baseline FAILS the story —
 *    a story merged without its baselines would otherwise never be compared. `-u` rewrites
 *    them after an intended change. Diffs land in test-results/visual-diffs/.
 *
 * Every story is compared, in both themes. To keep screenshots the same run after run, each
 * story page runs with `prefers-reduced-motion: reduce` (the kit turns its animations off, see
 * theme/global.css.ts), animations and transitions frozen, the caret hidden, and the clock
 * fixed at FIXED_NOW (Date.now() and new Date() return it; timers still run in real time), so
 * "today" in calendars and relative times never moves. Before axe and before each screenshot
 * the runner waits until the page has SETTLED (settle.ts, issue #21): no request in flight,
 * fonts loaded, images decoded, no animation running, focus and :focus-visible, the DOM and
 * scroll positions unchanged for 5 frames and 100 ms in a row — or fails the story saying
 * what was still moving (never a screenshot of a state in between).
 *
 * A story that names a viewport (`globals: { viewport: { value: 'mobile1' } }`) runs at that size
 * (VIEWPORTS), every other one at 1280×720.
 *
 * Per story: `parameters.a11y.config.rules: [{ id, enabled: false }]` turns one axe rule off,
 * `parameters.screenshot: false` skips the comparison (say why in the story: only for stories
 * that cannot be made deterministic).
 */

// This file is also loaded outside jest (to read the hooks), so jest's `expect` is taken from
// the global scope when a hook runs, not imported.
const jestExpect = () => (globalThis as unknown as { expect: Expect }).expect;

const storybookDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const snapshotsDir = join(storybookDir, '__screenshots__');

/** Whether this run is CI's (.ci/run exports CI=true): then a missing baseline fails. */
const underCi = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';

/** The time every story sees (Date.now(), new Date()): Monday 16 March 2026, 09:30 UTC. */
export const FIXED_NOW = new Date('2026-03-16T09:30:00Z');

// Page-level rules: a story is a fragment, not a page (the e2e axe scans check real pages).
const pageLevelRules = ['landmark-one-main', 'page-has-heading-one', 'region'];

// React Aria's visually hidden live announcer briefly keeps a role="img" labelled by a pending
// button; once that button has gone, axe reports role-img-alt although nothing is on screen
// (the e2e axe scans exclude it for the same reason).
const axeContext = { include: [['body']], exclude: [['[data-live-announcer]']] };

// Freeze everything that moves, so screenshots are the same run after run.
const freezeCss = `*, *::before, *::after {
  animation-duration: 0s !important; animation-delay: 0s !important;
  transition: none !important; caret-color: transparent !important; }`;

interface StoryParameters {
  a11y?: { config?: { rules?: { id: string; enabled: boolean }[] } };
  screenshot?: boolean;
}

/** The page size of every story, unless it names a viewport. */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };
/** Storybook's minimal viewports (the names a story's `globals.viewport.value` may give), in CSS px. */
const VIEWPORTS: Record<string, { width: number; height: number }> = {
  mobile1: { width: 320, height: 568 },
  mobile2: { width: 414, height: 896 },
  tablet: { width: 834, height: 1112 },
};

const clockFixed = new WeakSet<object>();

const config: TestRunnerConfig = {
  setup() {
    jestExpect().extend({ toMatchImageSnapshot });
  },
  async preVisit(page, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // A story that names a viewport (globals: { viewport: { value: 'mobile1' } }) plays, is
    // scanned and is photographed at that size; every other one at the default.
    const storyContext = await getStoryContext(page, context);
    const globals = (storyContext as { storyGlobals?: { viewport?: { value?: string; isRotated?: boolean } } }).storyGlobals;
    const named = globals?.viewport?.value ? VIEWPORTS[globals.viewport.value] : undefined;
    const size = named && globals?.viewport?.isRotated ? { width: named.height, height: named.width } : (named ?? DEFAULT_VIEWPORT);
    await page.setViewportSize(size);
    // Count the story's requests (MSW's included) from before it renders, for waitForSettled.
    trackRequests(page);
    // Once per page (the runner reuses one page per story file): fix the clock before render.
    if (!clockFixed.has(page)) {
      clockFixed.add(page);
      await page.clock.setFixedTime(FIXED_NOW);
    }
    await injectAxe(page);
  },
  async postVisit(page, context) {
    const storyContext = await getStoryContext(page, context);
    const parameters = (storyContext.parameters ?? {}) as StoryParameters;
    const rules: Record<string, { enabled: boolean }> = Object.fromEntries(
      pageLevelRules.map((id) => [id, { enabled: false }]),
    );
    for (const rule of parameters.a11y?.config?.rules ?? [])
      rules[rule.id] = { enabled: rule.enabled };

    await page.addStyleTag({ content: freezeCss });
    // A toast the play left open must not time out between the two themes' screenshots.
    await page.evaluate(() => window.__storyToasts?.pauseAll());

    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, theme);
      // The new colours applied, and whatever the play started (focus moves, data, fonts) over.
      await waitForSettled(page);
      await checkA11y(page, axeContext, {
        verbose: false,
        detailedReport: true,
        detailedReportOptions: { html: true },
        axeOptions: { rules },
      }).catch((error: unknown) => {
        throw new Error(`axe found violations in the ${theme} theme: ${String(error)}`);
      });

      if (parameters.screenshot === false) continue;
      // A story whose test timed out may reach this hook while the next story already renders:
      // never take (or worse, record as a baseline) a screenshot of another story.
      const shown = await page.evaluate(
        () =>
          (window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { id?: string } } })
            .__STORYBOOK_PREVIEW__?.currentRender?.id,
      );
      if (typeof shown === 'string' && shown !== context.id)
        throw new Error(`screenshot skipped: ${shown} is on screen, not ${context.id}`);
      // Settled again: nothing may have moved during the axe scan either.
      const image = await settledScreenshot(page);
      const identifier = `${context.id}--${theme}`;
      const baseline = join(snapshotsDir, `${identifier}.png`);
      if (!existsSync(baseline)) {
        if (underCi) {
          throw new Error(
            `no committed visual baseline __screenshots__/${identifier}.png: run \`npm test -w @servicedesk/storybook\` locally and commit what it writes`,
          );
        }
        // A new story on a developer's machine: record its baseline and compare next time.
        mkdirSync(snapshotsDir, { recursive: true });
        writeFileSync(baseline, image);
        console.info(`visual baseline written: __screenshots__/${identifier}.png`);
        continue;
      }
      jestExpect()(image).toMatchImageSnapshot({
        customSnapshotsDir: snapshotsDir,
        customSnapshotIdentifier: identifier,
        customDiffDir: join(storybookDir, 'test-results', 'visual-diffs'),
        comparisonMethod: 'pixelmatch',
        customDiffConfig: { threshold: 0.1 },
        failureThreshold: Number(process.env.VISUAL_THRESHOLD_PX ?? 0),
        failureThresholdType: 'pixel',
      });
    }
  },
};

export default config;
