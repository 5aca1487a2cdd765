import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { expect, test } from './support/fixtures';
import { escapeRegExp, t } from './support/i18n';
import { demoUsers, signInViaApi, signInViaUi, textField } from './support/session';

/** A 2×2 RGB PNG (valid magic bytes, so the server's content check accepts it). */
const AVATAR_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGNQSDgARAwQCgAgjgUB59mTewAAAABJRU5ErkJggg==';

const nav = (page: Page) => page.getByRole('navigation', { name: t('az', 'layout.mainNavigation') });

/**
 * Identity administration (issue #5 "Done when"): an admin creates a user type WITHOUT the
 * users menu, creates a user of that type, signs in as them in a second browser context; the
 * new user does not see the menu, gets the 403 page when typing /home/admin/users, and the
 * server refuses the users list to them with 403 as well; the permission explainer names the
 * deciding rule (userTypeLacks) for them beforehand.
 */
test.describe('identity administration', () => {
  test('a user of a type without the users menu neither sees it nor opens it by URL', async ({ page, browser, axe }) => {
    // Two sessions (the admin and the restricted user, each signing in), a user type and a user
    // created through the admin pages, axe on each page: one test of many steps (60 s is the default).
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const typeName = { az: `Müşahidəçi ${stamp}`, en: `Observer ${stamp}`, ru: `Наблюдатель ${stamp}`, tr: `Gözlemci ${stamp}` };
    const email = `observer.${stamp}@servicedesk.az`;
    const password = 'Observer-2026';

    // 1. The admin creates the user type: only the dashboard and the profile are ticked.
    await signInViaApi(page, demoUsers.admin);
    await page.goto('/home/admin/user-types');
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: t('az', 'layout.menu.userTypes') })).toBeVisible();
    await expect(page.getByRole('grid', { name: t('az', 'admin.userTypes.tableLabel') })).toBeVisible();
    await axe();
    await page.getByRole('button', { name: t('az', 'admin.userTypes.newType') }).click();
    const typeDialog = page.getByRole('dialog', { name: t('az', 'admin.userTypes.form.createTitle') });
    const tree = typeDialog.getByRole('tree', { name: t('az', 'admin.userTypes.form.permissions') });
    await expect(tree).toBeVisible();
    for (const [lang, label] of [['az', 'Azərbaycan'], ['en', 'English'], ['ru', 'Русский'], ['tr', 'Türkçe']] as const) {
      await textField(page, t('az', 'admin.userTypes.form.nameIn', { language: label })).fill(typeName[lang]);
    }
    const item = (caption: string) => tree.getByRole('treeitem', { name: new RegExp(`^${escapeRegExp(t('az', caption))}`) });
    await item('layout.menu.dashboard').click();
    await item('layout.menu.profile').click();
    await expect(item('layout.menu.dashboard')).toHaveAttribute('aria-checked', 'true');
    await expect(item('layout.menu.administration')).toHaveAttribute('aria-checked', 'false');
    await axe();
    await typeDialog.getByRole('button', { name: t('az', 'admin.userTypes.form.create') }).click();
    await expect(page.getByText(t('az', 'admin.userTypes.form.created', { name: typeName.az }))).toBeVisible();
    await expect(typeDialog).toBeHidden();

    // 2. The admin creates a user of that type with an initial password.
    await nav(page).getByRole('link', { name: t('az', 'layout.menu.users') }).click();
    await expect(page).toHaveURL(/\/home\/admin\/users$/);
    await expect(page.getByRole('grid', { name: t('az', 'admin.users.tableLabel') })).toBeVisible();
    await axe();
    await page.getByRole('button', { name: t('az', 'admin.users.newUser') }).click();
    const userDialog = page.getByRole('dialog', { name: t('az', 'admin.users.form.createTitle') });
    await textField(page, t('az', 'admin.users.form.firstName')).fill('Müşahidə');
    await textField(page, t('az', 'admin.users.form.lastName')).fill('Testov');
    await textField(page, t('az', 'admin.users.form.email')).fill(email);
    await userDialog.getByRole('button', { name: new RegExp(escapeRegExp(t('az', 'admin.users.form.userType'))) }).click();
    await page.getByRole('option', { name: typeName.az }).click();
    await textField(page, t('az', 'admin.users.form.password')).fill(password);
    // The avatar goes up through the uploader (type 'avatar'): a real 2×2 PNG.
    await userDialog.locator('input[type="file"]').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: Buffer.from(AVATAR_PNG, 'base64') });
    await expect(userDialog.getByText('avatar.png')).toBeVisible();
    await axe();
    await userDialog.getByRole('button', { name: t('az', 'admin.users.form.create') }).click();
    await expect(page.getByText(t('az', 'admin.users.form.created', { name: 'Müşahidə Testov' }))).toBeVisible();
    await expect(userDialog).toBeHidden();
    await expect(page.getByRole('link', { name: 'Müşahidə Testov' })).toBeVisible();
    // The stored avatar is read with the token and shown as a picture, not as initials.
    await expect(page.locator('img[alt="Müşahidə Testov"]')).toHaveAttribute('src', /^blob:/);

    // The permission explainer agrees before the user even signs in: their type lacks admin.users.
    await nav(page).getByRole('link', { name: t('az', 'layout.menu.permissions') }).click();
    await expect(page).toHaveURL(/\/home\/admin\/permissions$/);
    const explainer = page.getByRole('form', { name: t('az', 'layout.menu.permissions') });
    await explainer.getByRole('combobox', { name: t('az', 'admin.permissions.user') }).fill('Testov');
    await page.getByRole('option', { name: new RegExp(escapeRegExp(email)) }).click();
    await explainer.getByRole('combobox', { name: t('az', 'admin.permissions.action') }).fill('admin.users');
    await page.getByRole('option', { name: /\(admin\.users\)$/ }).click();
    await explainer.getByRole('button', { name: t('az', 'admin.permissions.submit') }).click();
    const verdict = page.getByTestId('explain-result');
    await expect(verdict).toHaveAttribute('data-allowed', 'false');
    await expect(verdict.getByText(t('az', 'admin.permissions.rules.userTypeLacks', { userType: typeName.az }))).toBeVisible();
    await axe();

    // 3. The new user signs in in a second browser context (their own storage and session).
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.addInitScript(() => {
      try {
        sessionStorage.setItem('sd.phonePromptShown', '1');
      } catch {
        // about:blank has no sessionStorage
      }
    });
    const other = await context.newPage();
    try {
      await signInViaUi(other, email, password);
      await expect(other).toHaveURL(/\/home\/dashboard$/);
      await expect(other.getByRole('main').getByRole('heading', { level: 1 })).toContainText('Müşahidə');
      await expect(nav(other).getByRole('link', { name: t('az', 'layout.menu.dashboard') })).toBeVisible();
      // The sidebar lists what their type may open: no administration, no users.
      await expect(nav(other).getByRole('link', { name: t('az', 'layout.menu.users') })).toHaveCount(0);
      await expect(nav(other).getByRole('button', { name: t('az', 'layout.menu.administration') })).toHaveCount(0);

      // Typing the URL: the 403 page in place, never the users list.
      await other.goto('/home/admin/users');
      await expect(other.getByRole('heading', { level: 1, name: t('az', 'errors.forbidden.title') })).toBeVisible();
      await expect(other.getByText(t('az', 'errors.forbidden.code'), { exact: true })).toBeVisible();
      await expect(other).toHaveURL(/\/home\/admin\/users$/);
      await expect(other.getByRole('grid', { name: t('az', 'admin.users.tableLabel') })).toHaveCount(0);
      await expectAccessible(other, test.info());

      // The server agrees: the list call is refused with 403 forbidden.
      const token = await other.evaluate(() => localStorage.getItem('sd.token'));
      const refused = await other.request.post('/api/admin/users/list', { data: {}, headers: { Authorization: `Bearer ${token}` } });
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'forbidden' });

      // And the link back leads to the dashboard.
      await other.getByRole('link', { name: t('az', 'errors.notFound.backToDashboard') }).click();
      await expect(other).toHaveURL(/\/home\/dashboard$/);
    } finally {
      await context.close();
    }
  });
});
