import { expect, test } from './support/fixtures';
import { t } from './support/i18n';
import { apiLogin, demoUsers, signInViaApi } from './support/session';

/**
 * Issue #20 "Done when": the profile lists the open sessions of two browser contexts, "sign out
 * everywhere else" ends the other one on the server, and that browser is sent to the sign-in
 * page on its next call. Signs in as the director (auth.spec only fails a password of theirs).
 */
test.describe('sessions', () => {
  test('two contexts: the profile shows two sessions; sign out everywhere else ends the other', async ({ page, browser, axe }) => {
    const other = await browser.newContext({ serviceWorkers: 'block', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1' });
    try {
      // Earlier specs leave sessions of the director open: end them all first (sign in once, end
      // every other session, then this one), so the profile lists exactly this test's two.
      const cleanup = await apiLogin(page.request, demoUsers.director);
      const auth = { Authorization: `Bearer ${cleanup.token}` };
      expect((await page.request.post('/api/auth/sessions/revokeOthers', { headers: auth })).status()).toBe(200);
      expect((await page.request.post('/api/auth/logout', { headers: auth })).status()).toBe(200);

      const otherPage = await other.newPage();
      await signInViaApi(otherPage, demoUsers.director);
      await otherPage.goto('/home/dashboard');
      await expect(otherPage).toHaveURL(/\/home\/dashboard$/);

      await signInViaApi(page, demoUsers.director);
      await page.goto('/user/profile');
      const card = page.getByRole('region', { name: t('az', 'account.sessions.heading') });
      const items = card.getByRole('listitem');
      await expect(items).toHaveCount(2);
      await expect(items.first()).toContainText(t('az', 'account.sessions.current'));
      await expect(card.getByText(/Safari on iOS/)).toBeVisible();
      await axe();

      await card.getByRole('button', { name: t('az', 'account.sessions.signOutOthers') }).click();
      await expect(items).toHaveCount(1);
      await expect(card.getByText(t('az', 'account.sessions.onlyThis'))).toBeVisible();

      // The other browser's next call is refused (401) and it lands on the sign-in page.
      await otherPage.goto('/user/profile');
      await expect(otherPage).toHaveURL(/\/auth\/login/);
      // This one is still signed in.
      await page.reload();
      await expect(items).toHaveCount(1);
    } finally {
      await other.close();
    }
  });
});
