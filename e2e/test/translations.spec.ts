import { expect, test } from './support/fixtures';
import { t } from './support/i18n';
import { apiLogin, demoUsers, signInViaApi } from './support/session';

/**
 * Translation editing (issue #5): an admin edits a key in /home/admin/translations; the server
 * serves /assets/i18n/{lang}.json with the edit merged, so the app's own text changes after a
 * reload; reset brings back the shipped text (again after a reload).
 */
test.describe('translations', () => {
  // The page's own h1 (the menu caption of the translations page).
  const key = 'layout.menu.translations';
  const shipped = t('az', key);
  const edited = `${shipped} (redaktə ${Date.now().toString(36)})`;

  test.afterAll(async ({ request }) => {
    // Leave the shipped text for whatever runs next on this server, whatever happened above.
    const { token } = await apiLogin(request, demoUsers.admin);
    await request.post('/api/admin/translations/reset', { headers: { Authorization: `Bearer ${token}` }, data: { lang: 'az', key } });
  });

  test('an edited text shows after a reload, and reset brings the shipped one back', async ({ page, axe }) => {
    await signInViaApi(page, demoUsers.admin);
    await page.goto('/home/admin/translations');
    const heading = page.getByRole('main').getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(shipped);

    // Accent- and case-insensitive search: "TERCUMELER" finds "Tərcümələr".
    await page.getByRole('searchbox', { name: t('az', 'adminOrg.translations.search') }).fill('TERCUMELER');
    const row = page.getByTestId('translation-row').filter({ has: page.getByText(key, { exact: true }) });
    await expect(row).toBeVisible();
    await axe();

    await row.getByRole('button', { name: `${t('az', 'adminOrg.edit')}: ${key}` }).click();
    const box = row.getByRole('textbox', { name: t('az', 'adminOrg.translations.value') });
    await box.fill(edited);
    await row.getByRole('button', { name: t('az', 'save') }).click();
    await expect(page.getByText(t('az', 'adminOrg.translations.saved'))).toBeVisible();
    await expect(row.getByText(t('az', 'adminOrg.translations.edited'), { exact: true })).toBeVisible();

    await page.reload();
    await expect(heading).toHaveText(edited);

    await page.getByRole('searchbox', { name: t('az', 'adminOrg.translations.search') }).fill(key);
    await row.getByRole('button', { name: `${t('az', 'adminOrg.translations.reset')}: ${key}` }).click();
    await expect(row.getByText(t('az', 'adminOrg.translations.edited'), { exact: true })).toBeHidden();
    await page.reload();
    await expect(heading).toHaveText(shipped);
  });
});
