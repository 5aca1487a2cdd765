import type { Page } from '@playwright/test';
import { Client } from 'ldapts';
import { expect, test } from './support/fixtures';
import { startScriptServer, type ScriptServer } from './support/own-server';
import { t } from './support/i18n';
import { demoUsers, signInViaUi } from './support/session';
import { startSlapd, testDirectory, type Slapd } from '../../apps/server/test/ldap/slapd';
import { testLdapEnv } from '../../apps/server/test/ldap/ldap-config';

/*
 * Sign-in with the company directory and the user sync, in Chromium against a server of its own
 * (scripts/start-server.mjs on port 18251) with LDAP_URL pointing at a throwaway slapd
 * (apps/server/test/ldap: alice ∈ support ⊂ it-staff → IT executor; carol ∈ it-staff). Skipped
 * with the reason only when slapd cannot start (REQUIRE_SLAPD=1 makes that a failure).
 */
const port = 18251;
const baseURL = `http://localhost:${port}`;
let slapd: Slapd | null = null;
let server: ScriptServer | null = null;
let skipReason: string | null = null;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  try {
    slapd = await startSlapd();
  } catch (error) {
    if (process.env.REQUIRE_SLAPD === '1') throw error;
    skipReason = `directory e2e skipped: ${(error as Error).message}`;
    console.warn(skipReason);
    return;
  }
  server = await startScriptServer(port, {
    // Only it-staff is mapped here: bob (finance) gets the default user type.
    ...testLdapEnv(slapd.url, { LDAP_GROUP_MAP: JSON.stringify({ [testDirectory.groupDn('it-staff')]: { userType: 'itExecutor' } }), LDAP_SYNC_MAX_DEACTIVATE_PERCENT: '50' }),
  });
});

test.afterAll(async () => {
  await server?.stop();
  await slapd?.stop();
});

const nav = (page: Page) => page.getByRole('navigation', { name: t('az', 'layout.mainNavigation') });

test('a directory user signs in with their directory name and sees the menus of the user type their group maps to', async ({ page }) => {
  test.skip(skipReason !== null, skipReason ?? '');
  await page.goto('/auth/login');
  await expect(page.getByTestId('ldap-notice')).toBeVisible();
  await signInViaUi(page, 'alice', testDirectory.password);
  await expect(page).toHaveURL(/\/home\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Alice');
  // IT executor (it-staff, through the nested support group): the help-desk categories; no administration.
  await nav(page).getByRole('button', { name: t('az', 'layout.menu.helpdesk') }).click();
  await expect(nav(page).getByRole('link', { name: t('az', 'layout.menu.helpdeskCategories') })).toBeVisible();
  await expect(nav(page).getByRole('button', { name: t('az', 'layout.menu.administration') })).toHaveCount(0);
});

test('the admin previews and applies a sync; a user removed from the directory is signed out and cannot sign in again', async ({ page, browser }) => {
  test.skip(skipReason !== null, skipReason ?? '');
  // carol signs in in a browser of her own and keeps her page open.
  const carolContext = await browser.newContext({ baseURL, locale: 'az-AZ', serviceWorkers: 'block' });
  await carolContext.addInitScript(() => sessionStorage.setItem('sd.phonePromptShown', '1'));
  const carol = await carolContext.newPage();
  await signInViaUi(carol, 'carol', testDirectory.password);
  await expect(carol).toHaveURL(/\/home\/dashboard$/);

  await signInViaUi(page, demoUsers.admin);
  await expect(page).toHaveURL(/\/home\/dashboard$/);
  await page.goto('/home/admin/directory');
  await expect(page.getByRole('heading', { level: 1, name: t('az', 'layout.menu.directory') })).toBeVisible();
  await page.getByRole('button', { name: t('az', 'admin.directory.sync.preview') }).click();
  const plan = page.getByTestId('directory-plan');
  await expect(plan).toContainText('bob@example.org');
  await page.getByRole('button', { name: t('az', 'admin.directory.sync.apply') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('az', 'admin.directory.sync.applied') })).toBeVisible();

  // carol leaves the directory; the next sync deactivates her and ends her session.
  const directory = new Client({ url: slapd!.url });
  await directory.bind(testDirectory.adminDn, testDirectory.adminPassword);
  await directory.del(testDirectory.dn('carol'));
  await directory.unbind();
  await page.getByRole('button', { name: t('az', 'admin.directory.sync.preview') }).click();
  await expect(plan).toContainText('carol@example.org');
  await page.getByRole('button', { name: t('az', 'admin.directory.sync.apply') }).click();
  await expect(page.getByRole('table', { name: t('az', 'admin.directory.runs.title') })).toContainText(t('az', 'admin.directory.runs.statuses.applied'));

  await carol.reload();
  await expect(carol).toHaveURL(/\/auth\/login/);
  await signInViaUi(carol, 'carol', testDirectory.password);
  await expect(carol.getByRole('alert').filter({ hasText: t('az', 'auth.login.invalidCredentials') })).toBeVisible();
  await carolContext.close();
});
