import { expect, test } from './support/fixtures';
import { t } from './support/i18n';
import { apiLogin, demoUsers, readStorage, signInViaApi, signInViaUi, storageKeys } from './support/session';

/**
 * Theme and language (SPEC §4 "Theme and language"): the theme toggles light/dark and is
 * persisted; the language is stored AND sent to the server (updateUserSelectedLanguage), so it
 * survives a reload and follows the user to the next sign-in.
 */
test.describe('theme and language', () => {
  test('the dark theme survives a reload', async ({ page, axe }) => {
    await signInViaApi(page, demoUsers.lawyer);
    await page.goto('/home/dashboard');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');

    await page.getByRole('banner').getByRole('button', { name: t('az', 'theme.dark') }).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    expect(await readStorage(page, storageKeys.theme)).toBe('dark');

    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    // The toggle now offers the light theme.
    await expect(page.getByRole('banner').getByRole('button', { name: t('az', 'theme.light') })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toContainText('Orxan');
    await axe();

    await page.getByRole('banner').getByRole('button', { name: t('az', 'theme.light') }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
  });

  test('English survives a reload, the server is told and the next sign-in is in English', async ({ page, axe }) => {
    await signInViaApi(page, demoUsers.accountant);
    await page.goto('/home/dashboard');
    await expect(page.getByRole('navigation', { name: t('az', 'layout.mainNavigation') })).toBeVisible();

    await page.getByRole('banner').getByRole('button', { name: new RegExp(`^${t('az', 'language')}:`) }).click();
    const told = page.waitForResponse((r) => r.url().endsWith('/api/global/updateUserSelectedLanguage/en'));
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    expect((await told).status()).toBe(200);

    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('navigation', { name: t('en', 'layout.mainNavigation') })).toBeVisible();
    await expect(page.getByRole('link', { name: t('en', 'layout.menu.dashboard') })).toBeVisible();
    expect(await readStorage(page, storageKeys.language)).toBe('en');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('navigation', { name: t('en', 'layout.mainNavigation') })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toContainText('Kamran');
    await expect(page.getByRole('main').getByText(t('en', 'dashboard.subtitle'))).toBeVisible();
    await axe();

    // The server stored it: a fresh sign-in answers language 'en'...
    expect((await apiLogin(page.request, demoUsers.accountant)).user.language).toBe('en');
    // ...and a browser with no stored language signs in and gets the English interface.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/auth/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'az');
    await signInViaUi(page, demoUsers.accountant);
    await expect(page).toHaveURL(/\/home\/dashboard$/);
    await expect(page.getByRole('navigation', { name: t('en', 'layout.mainNavigation') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
