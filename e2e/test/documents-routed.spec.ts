import { expect, test } from './support/fixtures';
import { t } from './support/i18n';
import { apiLogin, demoUsers, signedInContext } from './support/session';

/*
 * Issue #41 "Done when": an employee routed a document opens and previews it. The clerk (through
 * the API: the setup is not what is tested) puts a one-page PDF in a folder the employee has no
 * permission on — an employee's user type does not open document circulation at all — and routes
 * it to them; the employee opens the document's page in the browser, sees its title, and pdf.js
 * draws its page. Every wait is on what the user sees.
 */

const az = (key: string, params?: Record<string, string | number>) => t('az', key, params);
const stamp = Date.now().toString(36).slice(-5);

/** A valid one-page PDF showing `text`. */
function pdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 20 150 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test('an employee routed a document opens and previews it', async ({ browser, baseURL, request }) => {
  const [clerk, employee] = await Promise.all([apiLogin(request, demoUsers.clerk), apiLogin(request, demoUsers.employee)]);
  const headers = { Authorization: `Bearer ${clerk.token}` };
  const folder = await request.post('/api/documents/folders', { headers, data: { name: `Marşrut ${stamp}`, parentId: null } });
  expect(folder.status()).toBe(200);
  const upload = await request.post('/api/global/FileUploadGlobal', { headers, multipart: { type: 'document', file: { name: 'plan.pdf', mimeType: 'application/pdf', buffer: pdf('Techizat plani') } } });
  expect(upload.status()).toBe(200);
  const title = `Təchizat planı ${stamp}`;
  const saved = await request.post('/api/documents/save', { headers, data: { folderId: (await folder.json()).id, title, typeCode: 'letter', fileId: (await upload.json())[0].id } });
  expect(saved.status()).toBe(200);
  const id = (await saved.json()).document.id as number;
  const routed = await request.post(`/api/documents/${id}/route`, { headers, data: { steps: [{ purpose: 'visa', userIds: [employee.user.id], mode: 'all' }] } });
  expect(routed.status()).toBe(200);

  const context = await signedInContext(browser, baseURL!, employee, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`/home/documents/circulation/${id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // pdf.js drew the page: the canvas says which page it shows once it is drawn.
  await expect(page.getByRole('region', { name: az('documents.detail.preview') }).locator('canvas[data-rendered-page="1"]')).toBeVisible();
  await expect(page.getByText(az('documents.detail.pageOf', { n: 1, total: 1 }))).toBeVisible();
  await context.close();
});
