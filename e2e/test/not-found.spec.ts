import { expect, test } from './support/fixtures';
import { t } from './support/i18n';
import { demoUsers, signInViaApi } from './support/session';

/** Unknown paths (SPEC §2, §8): redirect to error-404, the big 404 and the link back to the dashboard. */
test.describe('not found', () => {
  test('an unknown path shows the 404 page and its link returns to the dashboard', async ({ page, axe }) => {
    await signInViaApi(page, demoUsers.visapool);
    await page.goto('/no/such/page');

    await expect(page).toHaveURL(/\/error-404$/);
    await expect(page.getByText(t('az', 'errors.notFound.code'), { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: t('az', 'errors.notFound.title') })).toBeVisible();
    await expect(page.getByText(t('az', 'errors.notFound.message'))).toBeVisible();
    await axe();

    await page.getByRole('link', { name: t('az', 'errors.notFound.backToDashboard') }).click();
    await expect(page).toHaveURL(/\/home\/dashboard$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toContainText('Nərmin');
  });

  test('unknown paths inside the signed-in areas go to the 404 page too', async ({ page }) => {
    await signInViaApi(page, demoUsers.visapool);
    for (const path of ['/home/no-such-page', '/user/no-such-page', '/auth/no-such-page']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/error-404$/);
      await expect(page.getByRole('heading', { level: 1, name: t('az', 'errors.notFound.title') })).toBeVisible();
    }
  });

  test('signed out, the link back goes through the login with the dashboard as return URL', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/error-404$/);
    await page.getByRole('link', { name: t('az', 'errors.notFound.backToDashboard') }).click();
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fhome%2Fdashboard$/);
  });
});
