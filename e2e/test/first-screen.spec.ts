import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { t } from './support/i18n';
import { demoUsers, signInViaApi } from './support/session';

/** Holds every script of the app until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * The boot shell (issue #19; apps/web/src/app/boot-shell.ts): index.html draws the page's frame and
 * heading before any script has loaded, and the app's page takes its place with the same heading.
 * The app's scripts are held back here until the boot shell has been seen — nothing waits for a time.
 */
test.describe('the first screen before the scripts', () => {
  test('a signed-in page shows its heading in the stored language and theme at once; the app replaces it with the same heading', async ({ page }) => {
    await signInViaApi(page, demoUsers.lead);
    await page.evaluate(() => {
      localStorage.setItem('sd.language', 'en');
      localStorage.setItem('sd.theme', 'dark');
    });
    const release = await holdScripts(page);

    await page.goto('/home/helpdesk/requests', { waitUntil: 'commit' });
    const boot = page.locator('#sd-boot');
    await expect(boot.locator('.sd-boot-heading')).toHaveText(t('en', 'helpdesk.list.title'));
    await expect(boot.locator('.sd-boot-lead')).toHaveText(t('en', 'helpdesk.list.description'));
    await expect(boot).toHaveAttribute('aria-hidden', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('#root h1')).toHaveCount(0);

    release();
    await expect(page.getByRole('heading', { level: 1, name: t('en', 'helpdesk.list.title') })).toBeVisible();
    await expect(boot).toHaveCount(0);
  });

  test("the dashboard greets the user by name in az; the app's greeting is the same", async ({ page }) => {
    const login = await signInViaApi(page, demoUsers.lead);
    const release = await holdScripts(page);

    await page.goto('/home/dashboard', { waitUntil: 'commit' });
    const bootHeading = page.locator('#sd-boot .sd-boot-heading');
    await expect(bootHeading).toContainText(login.user.firstName);
    const greeting = (await bootHeading.textContent()) ?? '';
    expect(['morning', 'afternoon', 'evening'].map((part) => t('az', `dashboard.greeting.${part}`, { name: login.user.firstName }))).toContain(greeting);

    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(greeting);
    await expect(page.locator('#sd-boot')).toHaveCount(0);
  });

  test('without a session nothing is drawn before the sign-in form', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: t('az', 'auth.login.submit') })).toBeVisible();
    await expect(page.locator('#sd-boot')).toHaveCount(0);
  });
});
