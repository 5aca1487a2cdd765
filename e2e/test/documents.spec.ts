import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { t } from './support/i18n';
import { apiLogin, demoUsers, type LoginAnswer, signedInContext } from './support/session';

/*
 * Document circulation end to end (issue #15 "Done when"), in three browser contexts on the real
 * server: the clerk builds a folder tree and gives the IT support group read access to one
 * folder; the group's lead sees that folder and nothing else of it; the clerk adds a document
 * with a text file, a second version, and reads the changed line in the diff; routes it to the
 * director, who approves it in his browser; a third version sends it back to approval; the clerk
 * deletes it, finds it in the recycle bin and restores it; registers it and sees its number. A
 * user without access (the lawyer) gets 403 from the server for the document, its versions and
 * its files. Every wait is a condition on what a user sees or what the server answers.
 */

const az = (key: string, params?: Record<string, string | number>) => t('az', key, params);
const stamp = Date.now().toString(36).slice(-5);
const ROOT = `E2E arxiv ${stamp}`;
const OPEN = `Açıq ${stamp}`;
const CLOSED = `Bağlı ${stamp}`;
const TITLE = `Ezamiyyət əmri ${stamp}`;

async function signedIn(browser: Browser, baseURL: string, login: LoginAnswer): Promise<{ context: BrowserContext; page: Page }> {
  const context = await signedInContext(browser, baseURL, login, { viewport: { width: 1280, height: 900 } });
  return { context, page: await context.newPage() };
}

/** Picks `option` in the labelled react-aria Select inside `scope`. */
async function choose(page: Page, scope: Page | ReturnType<Page['getByRole']>, label: string, option: string): Promise<void> {
  await scope.getByRole('button', { name: new RegExp(label) }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const folderButton = (page: Page, name: string) => page.getByRole('list', { name: az('documents.folders.label') }).getByRole('button', { name: new RegExp(`^${name}`) });

async function newFolder(page: Page, name: string, sub: boolean): Promise<void> {
  await page.getByRole('button', { name: az(sub ? 'documents.folders.newSubfolder' : 'documents.folders.newFolder'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: az('documents.folders.createTitle') });
  await dialog.getByRole('textbox', { name: az('documents.folders.nameLabel') }).fill(name);
  await dialog.getByRole('button', { name: az('documents.folders.create') }).click();
  await expect(dialog).toBeHidden();
  await expect(folderButton(page, name)).toHaveAttribute('aria-current', 'true');
}

/** The document page's list of versions (number, file, size, who, when, SHA-256). */
const versionList = (page: Page) => page.getByRole('list', { name: az('documents.detail.versions') }).first();

/** Uploads `text` as the document's next version and waits for the server to take it. */
async function uploadVersion(page: Page, text: string): Promise<void> {
  const added = page.waitForResponse((r) => /\/api\/documents\/\d+\/versions$/.test(r.url()) && r.request().method() === 'POST');
  await page.getByRole('region', { name: az('documents.detail.versions') }).locator('input[type="file"]').setInputFiles({ name: 'emr.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  expect((await added).status()).toBe(200);
}

test.describe('document circulation: folders, permissions, versions, approval, bin, registry', () => {
  // Folders, permissions, versions (uploads), an approval by other signed-in people, the bin and
  // the registry: many users' sessions and uploads in one journey.
  test.describe.configure({ timeout: 240_000 });

  test('a clerk shares one folder with a group, versions a document, routes it, restores it from the bin and registers it', async ({ browser, baseURL, request }) => {
    const [clerkLogin, leadLogin, directorLogin, lawyerLogin] = await Promise.all([
      apiLogin(request, demoUsers.clerk),
      apiLogin(request, demoUsers.lead),
      apiLogin(request, demoUsers.director),
      apiLogin(request, demoUsers.lawyer),
    ]);
    const clerk = await signedIn(browser, baseURL!, clerkLogin);
    const page = clerk.page;

    // The folder tree, with the SPEC §5 rule refused in the prompt.
    await page.goto('/home/documents/circulation');
    await expect(page.getByRole('heading', { name: az('documents.circulation.title') })).toBeVisible();
    await page.getByRole('button', { name: az('documents.folders.newFolder'), exact: true }).click();
    const prompt = page.getByRole('dialog', { name: az('documents.folders.createTitle') });
    await prompt.getByRole('textbox', { name: az('documents.folders.nameLabel') }).fill('CON');
    await prompt.getByRole('button', { name: az('documents.folders.create') }).click();
    await expect(prompt.getByText(az('documents.folders.nameErrors.reservedName'))).toBeVisible();
    await prompt.getByRole('textbox', { name: az('documents.folders.nameLabel') }).fill(ROOT);
    await prompt.getByRole('button', { name: az('documents.folders.create') }).click();
    await expect(folderButton(page, ROOT)).toHaveAttribute('aria-current', 'true');
    await newFolder(page, OPEN, true);
    await folderButton(page, ROOT).click();
    await newFolder(page, CLOSED, true);

    // Read access for the IT support group on one folder.
    await folderButton(page, OPEN).click();
    await page.getByRole('button', { name: az('documents.folders.permissions'), exact: true }).click();
    const perms = page.getByRole('dialog', { name: az('documents.permissions.title', { name: OPEN }) });
    await expect(perms.getByRole('list', { name: az('documents.folders.permissions') })).toContainText('Ləman Rzayeva');
    await choose(page, perms, az('documents.permissions.kindLabel'), az('documents.permissions.kind.group'));
    await choose(page, perms, az('documents.permissions.principal'), 'İT dəstəyi');
    await perms.getByRole('button', { name: az('documents.permissions.add'), exact: true }).click();
    await expect(perms.getByRole('list', { name: az('documents.folders.permissions') })).toContainText('İT dəstəyi');
    await perms.getByRole('button', { name: az('documents.permissions.save'), exact: true }).click();
    await expect(perms).toBeHidden();

    // The group's lead sees that folder and nothing else of the clerk's tree.
    const lead = await signedIn(browser, baseURL!, leadLogin);
    await lead.page.goto('/home/documents/circulation');
    await expect(folderButton(lead.page, OPEN)).toBeVisible();
    await expect(folderButton(lead.page, ROOT)).toHaveCount(0);
    await expect(folderButton(lead.page, CLOSED)).toHaveCount(0);

    // A document with a text file, then a second version; the diff shows the changed line.
    await page.getByRole('button', { name: az('documents.circulation.newDocument') }).click();
    const form = page.getByRole('dialog', { name: az('documents.form.title') });
    await form.getByRole('textbox', { name: az('documents.form.titleLabel') }).fill(TITLE);
    await form.locator('input[type="file"]').setInputFiles({ name: 'emr.txt', mimeType: 'text/plain', buffer: Buffer.from('Bənd 1: ezamiyyət Gəncəyə\nBənd 2: müddət 3 gün\n') });
    // Stored once its download link shows (the upload finished).
    await expect(form.getByRole('link', { name: new RegExp('emr\\.txt') })).toBeVisible();
    await form.getByRole('button', { name: az('documents.form.save') }).click();
    await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
    await expect(form).toBeHidden();
    const documentId = Number(/circulation\/(\d+)/.exec(page.url())?.[1]);
    await uploadVersion(page, 'Bənd 1: ezamiyyət Gəncəyə\nBənd 2: müddət 5 gün\n');
    await expect(versionList(page).getByText(az('documents.detail.version', { n: 2 }), { exact: true })).toBeVisible();
    await page.getByRole('button', { name: az('documents.detail.compare') }).click();
    const diff = page.getByRole('list', { name: az('documents.detail.diffTitle', { from: 1, to: 2 }) });
    await expect(diff.locator('[data-kind="removed"]')).toContainText('Bənd 2: müddət 3 gün');
    await expect(diff.locator('[data-kind="added"]')).toContainText('Bənd 2: müddət 5 gün');

    // Routed to the director, approved in his browser; a new version sends it back to approval.
    await page.getByRole('button', { name: az('documents.detail.route') }).click();
    const routeDialog = page.getByRole('dialog', { name: az('documents.detail.routeTitle') });
    // One step (the dialog builds steps; picking a person adds them to the step).
    await choose(page, routeDialog, az('documents.detail.people'), 'Tural Həsənov');
    await expect(routeDialog.getByRole('list', { name: az('documents.detail.stepPeople', { n: 1 }) })).toContainText('Tural Həsənov');
    await routeDialog.getByRole('button', { name: az('documents.detail.send') }).click();
    await expect(routeDialog).toBeHidden();
    await expect(page.getByText(az('documents.status.IN_APPROVAL')).first()).toBeVisible();

    const director = await signedIn(browser, baseURL!, directorLogin);
    await director.page.goto(`/home/documents/circulation/${documentId}`);
    await director.page.getByRole('button', { name: az('approvals.actions.approve'), exact: true }).click();
    // His approval ended the routing, and with it his read access (no folder permission; issue #41).
    await expect(director.page.getByRole('alert').filter({ hasText: az('documents.errors.folderPermission') })).toBeVisible();
    await page.reload();
    await expect(page.getByText(az('documents.status.APPROVED')).first()).toBeVisible();
    await uploadVersion(page, 'Bənd 1: ezamiyyət Gəncəyə\nBənd 2: müddət 4 gün\n');
    await expect(versionList(page).getByText(az('documents.detail.version', { n: 3 }), { exact: true })).toBeVisible();
    await expect(page.getByText(az('documents.status.IN_APPROVAL')).first()).toBeVisible();

    // Someone without permission on the folder: 403 for the document, its versions and its files.
    const asLawyer = { Authorization: `Bearer ${lawyerLogin.token}` };
    expect((await request.get(`/api/documents/${documentId}`, { headers: asLawyer })).status()).toBe(403);
    expect((await request.get(`/api/documents/${documentId}/versions/1/download`, { headers: asLawyer })).status()).toBe(403);
    const asClerk = { Authorization: `Bearer ${clerkLogin.token}` };
    const detail = (await (await request.get(`/api/documents/${documentId}`, { headers: asClerk })).json()) as { versions: { file: { url: string } }[] };
    expect((await request.post('/api/global/FileServer/DownloadFile', { headers: asLawyer, data: { url: detail.versions[0]!.file.url } })).status()).toBe(403);

    // Deleted, found in the bin, restored.
    await page.getByRole('button', { name: az('documents.detail.delete') }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: az('documents.detail.delete') }).click();
    await expect(page).toHaveURL(/\/home\/documents\/circulation$/);
    await page.getByRole('button', { name: az('documents.circulation.bin'), exact: true }).click();
    const bin = page.getByRole('dialog', { name: az('documents.bin.title') });
    await bin.getByRole('button', { name: `${az('documents.bin.restore')}: ${TITLE}` }).click();
    await expect(bin.getByText(TITLE)).toHaveCount(0);
    await bin.getByRole('button', { name: az('documents.bin.close') }).click();
    await folderButton(page, OPEN).click();
    await expect(page.getByRole('link', { name: TITLE })).toBeVisible();

    // Registered with the document: its number is shown.
    await page.goto('/home/documents/registry');
    await page.getByRole('button', { name: az('documents.registry.register'), exact: true }).first().click();
    const reg = page.getByRole('dialog', { name: az('documents.registry.form.title') });
    await reg.getByRole('textbox', { name: az('documents.registry.columns.subject') }).fill(`Ezamiyyət ${stamp}`);
    await choose(page, reg, az('documents.registry.form.document'), TITLE);
    await reg.getByRole('button', { name: az('documents.registry.form.save') }).click();
    const year = new Intl.DateTimeFormat('en', { timeZone: 'Asia/Baku', year: 'numeric' }).format(new Date());
    await expect(page.getByRole('heading', { name: new RegExp(`^OUT-${year}-\\d{5}$`) })).toBeVisible();
    await expect(page.getByRole('link', { name: TITLE })).toBeVisible();

    await Promise.all([clerk.context.close(), lead.context.close(), director.context.close()]);
  });
});
