import { readFile } from 'node:fs/promises';
import { expect, test } from './support/fixtures';
import { t } from './support/i18n';
import { apiLogin, demoUsers, signInViaApi } from './support/session';

/**
 * Files (issue #5, SPEC §5 uploads, §7 FileUploadGlobal/uploadFile/DownloadFile, §8): through the
 * app's file field (apps/web/src/features/files, here the avatar of the new-user form) a picture
 * goes up with its progress, comes back byte-identical under its own name, and an executable
 * renamed to a picture is refused by the server from its bytes with the type error dialog; on the
 * API an .exe renamed .pdf is refused the same way, while a real PDF goes up and down intact.
 */

/** A complete 1×1 PNG (its magic bytes are what the server checks). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a Windows executable ("MZ" header) and some padding. */
const EXE = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]), Buffer.alloc(512, 0x41)]);
/** A minimal PDF. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test.describe('files', () => {
  test('an uploaded picture downloads byte-identical; an .exe renamed .png is refused with the error dialog', async ({ page, axe }) => {
    await signInViaApi(page, demoUsers.admin);
    await page.goto('/home/admin/users');
    await page.getByRole('button', { name: t('az', 'admin.users.newUser') }).click();
    const dialog = page.getByRole('dialog', { name: t('az', 'admin.users.form.createTitle') });
    await expect(dialog).toBeVisible();
    const chooser = dialog.locator('input[type="file"]');

    await chooser.setInputFiles({ name: 'şəkil.png', mimeType: 'image/png', buffer: PNG });
    const download = dialog.getByRole('link', { name: `${t('az', 'files.download')}: şəkil.png` });
    await expect(download).toBeVisible();
    await axe();
    const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(saved.suggestedFilename()).toBe('şəkil.png');
    const bytes = await readFile(await saved.path());
    expect(bytes.equals(PNG)).toBe(true);

    // The same link opened in a new tab lands on the download page, which downloads it with the session.
    const href = await download.getAttribute('href');
    expect(href).toMatch(/^\/home\/download\?file=/);
    const tab = await page.context().newPage();
    const [again] = await Promise.all([tab.waitForEvent('download'), tab.goto(href!)]);
    expect((await readFile(await again.path())).equals(PNG)).toBe(true);
    await expect(tab.getByText(t('az', 'files.downloadPage.done', { name: 'şəkil.png' }))).toBeVisible();
    await tab.close();

    await chooser.setInputFiles({ name: 'setup.png', mimeType: 'image/png', buffer: EXE });
    const refusal = page.getByRole('alertdialog', { name: t('az', 'files.fileUploadFiletypeErrorHeader') });
    await expect(refusal).toBeVisible();
    await expect(refusal.getByText('setup.png', { exact: true })).toBeVisible();
    await expect(refusal).toContainText(t('az', 'files.fileContentMismatchInfo', { allowed: '.jpg, .jpeg, .png, .gif, .webp' }));
    await axe();
    await refusal.getByRole('button', { name: t('az', 'ok') }).click();
    await expect(refusal).toBeHidden();
    await expect(dialog.getByText(t('az', 'files.uploadFailed'))).toBeVisible();
  });

  test('the server refuses an .exe renamed .pdf and returns a real PDF byte-identical', async ({ request }) => {
    const { token } = await apiLogin(request, demoUsers.admin);
    const headers = { Authorization: `Bearer ${token}` };
    const refused = await request.post('/api/global/FileUploadGlobal', {
      headers,
      multipart: { type: 'general', file: { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: EXE } },
    });
    expect(refused.status()).toBe(415);
    expect(await refused.json()).toMatchObject({ code: 'fileContentMismatch', details: { fileName: 'invoice.pdf' } });

    const stored = await request.post('/api/global/FileUploadGlobal', {
      headers,
      multipart: { type: 'general', file: { name: 'hesabat.pdf', mimeType: 'application/pdf', buffer: PDF } },
    });
    expect(stored.status()).toBe(200);
    const [file] = (await stored.json()) as { url: string; name: string }[];
    const back = await request.post('/api/global/FileServer/DownloadFile', { headers, data: { url: file!.url } });
    expect(back.status()).toBe(200);
    expect((await back.body()).equals(PDF)).toBe(true);
    expect(back.headers()['content-disposition']).toContain('hesabat.pdf');
  });
});
