import { expect, test } from './support/fixtures';
import { t } from './support/i18n';
import { apiLogin, demoUsers, signInViaApi } from './support/session';

/**
 * Issue #41: the admin's login history names whose attempts it shows, has a user column, and
 * narrows to one user through the server's filter (an employee sees only their own: server test).
 */
test('the admin filters the login history by a user', async ({ page }) => {
  // The accountant signs in once, so there is something of theirs to find.
  await apiLogin(page.request, demoUsers.accountant);
  await signInViaApi(page, demoUsers.admin);
  await page.goto('/user/login-history');
  await expect(page.getByTestId('login-history-scope')).toHaveText(t('az', 'account.loginHistory.titleAll'));
  const users = page.getByTestId('login-history-user');
  await expect(users.filter({ hasText: 'admin@servicedesk.az' }).first()).toBeVisible();

  await page.getByLabel(t('az', 'account.loginHistory.user')).selectOption({ label: 'Kamran Nəsirov' });
  await expect(page.getByTestId('login-history-scope')).toHaveText(t('az', 'account.loginHistory.titleUser', { name: 'Kamran Nəsirov' }));
  await expect(users.first()).toContainText('accountant@servicedesk.az');
  await expect(users.filter({ hasNotText: 'accountant@servicedesk.az' })).toHaveCount(0);
});
