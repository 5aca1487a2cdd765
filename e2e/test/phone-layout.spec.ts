import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { escapeRegExp, t } from './support/i18n';
import { signInViaApi } from './support/session';

/**
 * Issue #41: on a 390 px phone nothing is wider than the screen — the bell's dropdown stays in
 * its panel and in the viewport, the schedules page (and the other wide pages) do not scroll
 * sideways. Writes docs/screenshots/phone-{bell,schedules}.png (en, dark) on the way.
 */
test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });

const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));

/** Elements whose right edge passes the viewport's — what makes a page scroll sideways (a scrolling container's children excepted) — and the page's scroll width. */
async function overflow(page: Page): Promise<{ scrollWidth: number; wide: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (el: Element | null): boolean => {
      for (let e = el; e && e !== document.body; e = e.parentElement) {
        const x = getComputedStyle(e).overflowX;
        if (x === 'auto' || x === 'scroll' || x === 'hidden') return true;
      }
      return false;
    };
    const wide = [...document.querySelectorAll('body *')]
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.right > width + 0.5 && !scrolls(e.parentElement);
      })
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)} ${Math.round(e.getBoundingClientRect().left)}–${Math.round(e.getBoundingClientRect().right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, wide };
  });
}

async function openAs(page: Page, path: string) {
  await page.addInitScript(() => {
    localStorage.setItem('sd.theme', 'dark');
    localStorage.setItem('sd.language', 'en');
    sessionStorage.setItem('sd.phonePromptShown', '1');
  });
  await page.goto(path);
}

test('the bell dropdown and the wide pages fit a 390 px phone', async ({ page }) => {
  await signInViaApi(page, 'lead@servicedesk.az');
  await openAs(page, '/home/dashboard');
  await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(t('en', 'notifications.ui.bell'))}`) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab').first()).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect((await overflow(page)).wide).toEqual([]);
  // The list scrolls inside the dropdown: the open tab panel ends within the dialog's border.
  const panel = (await dialog.getByRole('tabpanel').boundingBox())!;
  expect(panel.y + panel.height).toBeLessThanOrEqual(box.y + box.height + 1);
  await page.screenshot({ path: shot('phone-bell') });
  await page.keyboard.press('Escape');

  // The top bar's other popovers (the user menu, the language menu) stay on the screen too.
  for (const name of [new RegExp(`^${escapeRegExp(t('en', 'layout.userMenu'))}`), new RegExp(`^${escapeRegExp(t('en', 'language'))}`)]) {
    await page.getByRole('button', { name }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    const m = (await menu.boundingBox())!;
    expect(m.x).toBeGreaterThanOrEqual(0);
    expect(m.x + m.width).toBeLessThanOrEqual(390);
    expect((await overflow(page)).wide).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  }

  await page.goto('/home/schedules');
  await expect(page.getByTestId('schedule-view')).toBeVisible();
  await expect(page.getByTestId('leave-balances')).toBeVisible();
  const schedules = await overflow(page);
  expect(schedules.wide).toEqual([]);
  expect(schedules.scrollWidth).toBeLessThanOrEqual(390);
  await page.screenshot({ path: shot('phone-schedules'), fullPage: true });

  for (const path of ['/user/login-history', '/home/helpdesk/requests', '/user/profile']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const other = await overflow(page);
    expect({ path, wide: other.wide, scrollWidth: other.scrollWidth <= 390 }).toEqual({ path, wide: [], scrollWidth: true });
  }
});
