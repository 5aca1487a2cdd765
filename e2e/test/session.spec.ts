import type { Request } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { escapeRegExp, t, tPattern } from './support/i18n';
import { apiLogin, demoUsers, plantSession, readStorage, signInViaApi, signInViaUi, storageKeys } from './support/session';

/**
 * The session of SPEC §4 and §8: the guard on an expired token, the 401 handling, the
 * 15-minute warning and its 30-second countdown (stored, so it survives a reload), and logout
 * in one tab logging out the others.
 */
test.describe('session', () => {
  test('an expired token sends the user to the login with returnUrl and the sessionHasExpired toast', async ({ page, axe }) => {
    await signInViaApi(page, demoUsers.warehouse, { expiresAt: new Date(Date.now() - 60_000) });
    await page.goto('/user/profile');

    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fuser%2Fprofile$/);
    await expect(page.getByText(t('az', 'sessionHasExpired'))).toBeVisible();
    // Logout removed token, expiry and user info (SPEC §4 "Logout").
    expect(await readStorage(page, storageKeys.token)).toBeNull();
    expect(await readStorage(page, storageKeys.tokenExpiry)).toBeNull();
    expect(await readStorage(page, storageKeys.user)).toBeNull();
    await axe();

    // Signing in again returns to the page the user wanted.
    await signInViaUi(page, demoUsers.warehouse);
    await expect(page).toHaveURL(/\/user\/profile$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: t('az', 'account.title') })).toBeVisible();
  });

  test('a token the server refuses (401) logs out with the unauthorized toast', async ({ page }) => {
    const login = await apiLogin(page.request, demoUsers.warehouse);
    const refusedToken = `${login.token.slice(0, -4)}AAAA`;
    // Every call the app makes with the refused token, and how many have been answered.
    const refused = new Set<Request>();
    const answered = new Set<Request>();
    page.on('request', (request) => {
      if (request.headers().authorization === `Bearer ${refusedToken}`) refused.add(request);
    });
    const onDone = (request: Request) => {
      if (refused.has(request)) answered.add(request);
    };
    page.on('requestfinished', onDone);
    page.on('requestfailed', onDone);
    await plantSession(page, { ...login, token: refusedToken });
    await page.goto('/home/dashboard');
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fhome%2Fdashboard$/);
    const toastText = page.getByText(t('az', 'unauthorized'));
    await expect(toastText.first()).toBeVisible();
    expect(await readStorage(page, storageKeys.token)).toBeNull();
    // Several calls fail with 401 together: once every one of them has been answered and the
    // page has rendered what followed, the user still has ONE toast (SPEC §8).
    await expect.poll(() => refused.size > 0 && answered.size === refused.size).toBe(true);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(toastText).toHaveCount(1);
  });

  test('the warning appears within 15 minutes of expiry; the countdown survives a reload and ends in a logout', async ({ page, axe }) => {
    // The server's token is valid for hours; the app only believes the stored expiry.
    await signInViaApi(page, demoUsers.executor, { expiresAt: new Date(Date.now() + 5 * 60_000) });
    await page.goto('/home/dashboard');

    const dialog = page.getByRole('alertdialog', { name: t('az', 'attention') });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(tPattern('az', 'sessionWillExpireInSeconds'));
    // The top bar's circle shows the minutes left (5, or 4 once a few seconds passed).
    const minutes = [5, 4].map((m) => escapeRegExp(t('az', 'layout.session.remainingMinutes', { minutes: m })));
    await expect(page.getByRole('timer', { name: new RegExp(`^(${minutes.join('|')})$`) })).toBeVisible();
    await axe();

    // The countdown ends 30 s after the confirm: between these two instants plus 30 s, however
    // slow the machine (no bound on how long the click took).
    const beforeConfirm = Date.now();
    await dialog.getByRole('button', { name: t('az', 'confirm') }).click();
    await expect(dialog).toBeHidden();
    const end = Number(await readStorage(page, storageKeys.countdownEnd));
    expect(end).toBeGreaterThanOrEqual(beforeConfirm + 30_000);
    expect(end).toBeLessThanOrEqual(Date.now() + 30_000);
    const secondsTimer = page.getByRole('timer', { name: tPattern('az', 'layout.session.remainingSeconds') });
    await expect(secondsTimer).toBeVisible();

    // Reload: the same countdown goes on (same stored end), no second warning.
    await page.reload();
    await expect(secondsTimer).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(Number(await readStorage(page, storageKeys.countdownEnd))).toBe(end);
    const shown = Number(await secondsTimer.textContent());
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(30);
    await axe();

    // At zero: everything cleared and the login with bypassGuard=true and the return URL.
    // (Bring the stored end forward instead of waiting the full 30 s.)
    await page.evaluate((key) => localStorage.setItem(key, String(Date.now() + 1500)), storageKeys.countdownEnd);
    await expect(page).toHaveURL(/\/auth\/login\?bypassGuard=true&returnUrl=%2Fhome%2Fdashboard$/, { timeout: 10_000 });
    for (const key of [storageKeys.token, storageKeys.tokenExpiry, storageKeys.user, storageKeys.countdownEnd]) {
      expect(await readStorage(page, key), key).toBeNull();
    }
    await expect(page.getByRole('heading', { level: 1, name: t('az', 'auth.login.title') })).toBeVisible();
  });

  test('logout in one tab logs out a second tab', async ({ context }) => {
    const first = await context.newPage();
    await signInViaApi(first, demoUsers.lead);
    await first.goto('/home/dashboard');
    const second = await context.newPage();
    await second.goto('/user/profile');
    await expect(second.getByRole('main').getByRole('heading', { level: 1, name: t('az', 'account.title') })).toBeVisible();

    await first.getByRole('button', { name: `${t('az', 'layout.userMenu')}: Günel` }).click();
    await first.getByRole('menuitem', { name: t('az', 'logout') }).click();

    await expect(first).toHaveURL(/\/auth\/login/);
    await expect(second).toHaveURL(/\/auth\/login\?returnUrl=%2Fuser%2Fprofile$/);
    await expect(second.getByRole('heading', { level: 1, name: t('az', 'auth.login.title') })).toBeVisible();
    expect(await readStorage(second, storageKeys.token)).toBeNull();
  });
});
