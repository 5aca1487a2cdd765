import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { t } from './support/i18n';
import { demoUsers, signInViaApi } from './support/session';

const nav = (page: Page) =>
  page.getByRole('navigation', { name: t('az', 'layout.mainNavigation') });

/**
 * The sidebar (SPEC §2 "Sidebar"): menu items from GetMenus (the admin sees the whole tree),
 * groups that expand as an accordion (one open at a time), links that change the URL and
 * show their page (a "coming soon" page for menu destinations without a page yet).
 */
test.describe('sidebar', () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page, demoUsers.admin);
    await page.goto('/home/dashboard');
    // The items come from GetMenus: wait for them, not just for the landmark.
    await expect(nav(page).getByRole('link', { name: t('az', 'layout.menu.dashboard') })).toBeVisible();
  });

  test('opens a group, follows a submenu and shows the page', async ({ page, axe }) => {
    const helpdesk = nav(page).getByRole('button', { name: t('az', 'layout.menu.helpdesk') });
    const requests = nav(page).getByRole('link', { name: t('az', 'layout.menu.helpdeskRequests') });
    await expect(helpdesk).toHaveAttribute('aria-expanded', 'false');
    await expect(requests).toBeHidden();

    await helpdesk.click();
    await expect(helpdesk).toHaveAttribute('aria-expanded', 'true');
    await requests.click();

    await expect(page).toHaveURL(/\/home\/helpdesk\/requests$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: t('az', 'helpdesk.list.title') })).toBeVisible();
    await expect(requests).toHaveAttribute('aria-current', 'page');
    await axe();

    // Accordion: opening another group closes the first.
    const inventory = nav(page).getByRole('button', { name: t('az', 'layout.menu.inventory') });
    await inventory.click();
    await expect(inventory).toHaveAttribute('aria-expanded', 'true');
    await expect(helpdesk).toHaveAttribute('aria-expanded', 'false');
    await nav(page).getByRole('link', { name: t('az', 'layout.menu.warehouses') }).click();
    await expect(page).toHaveURL(/\/home\/inventory\/warehouses$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: t('az', 'stock.warehouses.title') })).toBeVisible();

    // A plain item, and back to the dashboard.
    await nav(page).getByRole('link', { name: t('az', 'layout.menu.profile') }).click();
    await expect(page).toHaveURL(/\/user\/profile$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: t('az', 'account.title') })).toBeVisible();
    await axe();
    await nav(page).getByRole('link', { name: t('az', 'layout.menu.dashboard') }).click();
    await expect(page).toHaveURL(/\/home\/dashboard$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toContainText('Aysel');
  });

  test('every menu destination of the admin opens a page from the sidebar, never the 404', async ({ page, axe }) => {
    // ~45 destinations — every one a real page now — each scanned by axe in both themes.
    test.setTimeout(600_000);
    const visited = new Set<string>();
    /** Follows every link visible in the navigation now (client-side), checking each page. */
    async function followVisibleLinks() {
      const links = nav(page).getByRole('link');
      const count = await links.count();
      for (let i = 0; i < count; i += 1) {
        const link = links.nth(i);
        const href = await link.getAttribute('href');
        if (!href || visited.has(href)) continue;
        visited.add(href);
        await link.click();
        await expect(page, href).toHaveURL(new RegExp(`${href}$`));
        await expect(link, href).toHaveAttribute('aria-current', 'page');
        await expect(page.getByRole('main').getByRole('heading', { level: 1 }), href).toBeVisible();
        await expect(page.getByText(t('az', 'errors.notFound.title'))).toHaveCount(0);
        await axe();
      }
    }
    await followVisibleLinks();
    // The groups are the navigation's buttons that expand (aria-expanded); open each in turn.
    const groups = nav(page).getByRole('button').and(page.locator('[aria-expanded]'));
    const groupCount = await groups.count();
    expect(groupCount).toBeGreaterThanOrEqual(5);
    for (let i = 0; i < groupCount; i += 1) {
      if ((await groups.nth(i).getAttribute('aria-expanded')) !== 'true') await groups.nth(i).click();
      await expect(groups.nth(i)).toHaveAttribute('aria-expanded', 'true');
      await followVisibleLinks();
    }
    expect(visited.size).toBeGreaterThanOrEqual(20);
  });

  test('on a narrow screen the menu opens off-canvas and closes on navigation', async ({ page, axe }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const toggle = page.getByRole('button', { name: t('az', 'layout.openMenu') });
    await toggle.click();
    await expect(page.getByRole('button', { name: t('az', 'layout.closeMenu') }).first()).toHaveAttribute('aria-expanded', 'true');
    await axe();
    await nav(page).getByRole('link', { name: t('az', 'layout.menu.loginHistory') }).click();
    await expect(page).toHaveURL(/\/user\/login-history$/);
    await expect(page.getByRole('button', { name: t('az', 'layout.openMenu') })).toHaveAttribute('aria-expanded', 'false');
    await axe();
  });

  test('collapse and width are kept across a reload', async ({ page, axe }) => {
    await page.getByRole('button', { name: t('az', 'layout.collapseSidebar') }).click();
    const expand = page.getByRole('button', { name: t('az', 'layout.expandSidebar') });
    await expect(expand).toBeVisible();
    await page.reload();
    await expect(expand).toBeVisible();
    await axe();
    await expand.click();
    await expect(page.getByRole('button', { name: t('az', 'layout.collapseSidebar') })).toBeVisible();

    // The resize handle is a focusable separator: arrow keys change the width.
    const handle = page.getByRole('separator', { name: t('az', 'layout.resizeSidebar') });
    const before = Number(await handle.getAttribute('aria-valuenow'));
    await handle.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(handle).toHaveAttribute('aria-valuenow', String(before + 32));
    await page.reload();
    await expect(handle).toHaveAttribute('aria-valuenow', String(before + 32));
  });
});
