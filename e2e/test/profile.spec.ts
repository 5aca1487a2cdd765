import { expect, test } from './support/fixtures';
import { t } from './support/i18n';
import { apiLogin, DEMO_PASSWORD, demoUsers, signInViaApi, textField } from './support/session';

/**
 * /user/profile (issue #2): the user's details, change password with the SPEC §5 rule messages
 * (lowercase, uppercase, digit, plus our minimum length; confirmation notMatching), and the
 * WhatsApp number saved as 994 + 9 digits with the top-centre wpNumberUpdated toast.
 */
test.describe('profile', () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page, demoUsers.clerk);
    await page.goto('/home/dashboard');
    // Reached from the user menu (SPEC §2 "Top bar").
    await page.getByRole('button', { name: `${t('az', 'layout.userMenu')}: Ləman` }).click();
    await page.getByRole('menuitem', { name: t('az', 'profile') }).click();
    await expect(page).toHaveURL(/\/user\/profile$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: t('az', 'account.title') })).toBeVisible();
    await expect(page.getByText(demoUsers.clerk, { exact: true })).toBeVisible();
  });

  test('change password shows the rule messages and changes the password', async ({ page, axe }) => {
    const current = textField(page, t('az', 'account.password.old'));
    const next = textField(page, t('az', 'account.password.new'));
    const confirm = textField(page, t('az', 'account.password.confirm'));

    await next.fill('abc');
    await expect(next).toHaveAttribute('aria-invalid', 'true');
    for (const rule of ['validation.uppercase', 'validation.digit']) {
      await expect(page.getByText(t('az', rule), { exact: false })).toBeVisible();
    }
    await expect(page.getByText(t('az', 'validation.minLength', { min: 8 }), { exact: false })).toBeVisible();
    await expect(page.getByText(t('az', 'validation.lowercase'), { exact: false })).toHaveCount(0);

    await next.fill('ABC12345');
    await expect(page.getByText(t('az', 'validation.lowercase'), { exact: false })).toBeVisible();
    await expect(page.getByText(t('az', 'validation.uppercase'), { exact: false })).toHaveCount(0);

    await next.fill('Clerk-2026x');
    await expect(next).not.toHaveAttribute('aria-invalid', 'true');
    await confirm.fill('Clerk-2026y');
    await expect(page.getByText(t('az', 'validation.notMatching'))).toBeVisible();
    await axe();

    // A wrong current password is flagged when the field loses focus (checkCurrectPassword).
    await current.fill('Not-my-password-1');
    await current.blur();
    await expect(page.getByText(t('az', 'account.password.wrongPassword'))).toBeVisible();

    // All right now: the password changes, and the new one signs in.
    await current.fill(DEMO_PASSWORD);
    await confirm.fill('Clerk-2026x');
    await expect(page.getByText(t('az', 'validation.notMatching'))).toHaveCount(0);
    await page.getByRole('button', { name: t('az', 'account.password.submit') }).click();
    await expect(page.getByText(t('az', 'account.password.changed'))).toBeVisible();
    const login = await apiLogin(page.request, demoUsers.clerk, 'Clerk-2026x');
    // Put the demo password back (through the API) for whoever signs in as the clerk next.
    const back = await page.request.post('/api/auth/changePassword', {
      headers: { Authorization: `Bearer ${login.token}` },
      data: { oldpassword: 'Clerk-2026x', newPassword: DEMO_PASSWORD },
    });
    expect(back.status()).toBe(200);
  });

  test('the phone number saves with the wpNumberUpdated toast', async ({ page, axe }) => {
    const phone = textField(page, t('az', 'account.phone.label'));
    const save = page.getByRole('button', { name: t('az', 'account.phone.save') });

    // Too short: flagged invalid, nothing is sent (SPEC §5).
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/global/updateUserNumber')) sent += 1;
    });
    await phone.fill('50123');
    await save.click();
    await expect(page.getByText(t('az', 'account.phone.invalid'))).toBeVisible();
    expect(sent).toBe(0);

    // Typed digits take the (00) 0000000 shape; saved as 994 + 9 digits.
    await phone.fill('501234567');
    await expect(phone).toHaveValue('(50) 1234567');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/global/updateUserNumber'));
    await save.click();
    expect((await request).postDataJSON()).toEqual({ number: '994501234567' });
    await expect(page.getByText(t('az', 'wpNumberUpdated'))).toBeVisible();
    await axe();

    await page.reload();
    await expect(phone).toHaveValue('(50) 1234567');
    await expect(page.getByText('+994501234567')).toBeVisible();
  });
});
