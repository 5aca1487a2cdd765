import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { t } from './support/i18n';
import { apiLogin, demoUsers, textField, signedInContext } from './support/session';

/** This spec's browser contexts (support/session signedInContext). */
const CONTEXT_OPTIONS = { viewport: { width: 1280, height: 900 }, acceptDownloads: true } as const;


/*
 * Finance end to end (issue #16 "Done when"): a vendor invoice the clerk entered goes through the
 * chain in four browser contexts — the clerk sends it for approval, the warehouse keeper confirms
 * the delivery (received quantities: the stock level rises), the
 * director approves, the accountant takes it from the accounting pool and posts it: PAID, and its
 * budget line's consumption grew. The
 * cover list PDF downloads. Then the accountant imports an e-invoice XML for it: the preview
 * shows it matched before anything is saved, the import saves it, and the same file again
 * changes nothing. Every wait is a condition on what the user sees.
 */

const az = (key: string, params?: Record<string, string | number>) => t('az', key, params);

const status = (page: Page) => page.getByTestId('invoice-status');
const action = (page: Page, key: string) => page.getByRole('group', { name: az('finance.detail.actions') }).getByRole('button', { name: az(key), exact: true });

/** An export of the tax portal with this invoice (the Kompüter Mərkəzi vendor of the demo). */
const xmlFor = (number: string) => `<?xml version="1.0" encoding="UTF-8"?>
<EInvoiceExport>
  <Invoice>
    <Number>${number}</Number><IssueDate>2026-11-20</IssueDate><Currency>AZN</Currency>
    <Seller><Tin>1400123451</Tin><Name>Kompüter Mərkəzi MMC</Name></Seller>
    <Buyer><Tin>1300000001</Tin><Name>ServiceDesk Demo ASC</Name></Buyer>
    <Lines><Line><Name>Noutbuk</Name><Unit>ədəd</Unit><Quantity>2</Quantity><UnitPrice>1450.00</UnitPrice><VatRate>18</VatRate><NetAmount>2900.00</NetAmount><VatAmount>522.00</VatAmount></Line></Lines>
    <Totals><Net>2900.00</Net><Vat>522.00</Vat><Gross>3422.00</Gross></Totals>
  </Invoice>
</EInvoiceExport>
`;

test.describe('finance: a vendor invoice from the warehouse to payment', () => {
  // A vendor invoice carried by several signed-in people from the warehouse to payment, each step
  // a page load and a decision in Chromium.
  test.describe.configure({ timeout: 240_000 });

  test('keeper confirms delivery → director approves → accountant takes and posts: PAID; cover list PDF; e-invoice previewed, matched, imported once', async ({ browser, baseURL, request }) => {
    const clerk = await apiLogin(request, demoUsers.clerk);
    const keeper = await apiLogin(request, demoUsers.warehouse);
    const director = await apiLogin(request, demoUsers.director);
    const accountant = await apiLogin(request, demoUsers.accountant);
    const number = `E2E-${Date.now()}`;
    const vendors = (await (await request.get('/api/finance/vendors?search=1400123451', { headers: { authorization: `Bearer ${clerk.token}` } })).json()) as { id: number }[];
    // A stock level to receive into (stock #13) and a budget line to pay from (equipment #12).
    const levelOf = async (materialId?: number, warehouseId?: number) => {
      const res = await request.post('/api/stock/levels/grid', { headers: { authorization: `Bearer ${keeper.token}` }, data: { includeZero: true, take: 1, ...(materialId ? { materialId, warehouseId } : {}) } });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { rows: { materialId: number; warehouseId: number; quantity: number }[] }).rows[0]!;
    };
    const budgets = async () => {
      const res = await request.get('/api/equipment/budgets', { headers: { authorization: `Bearer ${director.token}` } });
      expect(res.status()).toBe(200);
      return (await res.json()) as { id: number; consumedByOthers: number; remaining: number; currency: string }[];
    };
    const level = await levelOf();
    const budget = (await budgets()).find((b) => b.currency === 'AZN')!;
    const created = await request.post('/api/finance/vendorInvoices/save', {
      headers: { authorization: `Bearer ${clerk.token}` },
      data: {
        vendorId: vendors[0]!.id,
        number,
        invoiceDate: '2026-11-20',
        transportNumbers: ['10-AZ-777'],
        warehouseId: level.warehouseId,
        budgetLineId: budget.id,
        lines: [{ materialId: level.materialId, description: 'Noutbuk', unit: 'ədəd', quantity: 2, unitPrice: 145000, vatRate: 18 }],
      },
    });
    expect(created.status()).toBe(200);
    const { invoice } = (await created.json()) as { invoice: { id: number; grossTotal: number } };
    expect(invoice.grossTotal).toBe(342200);
    const url = `/home/finance/vendor-invoices/${invoice.id}`;

    // The clerk sends it for approval from its page.
    const clerkPage = await (await signedInContext(browser, baseURL!, clerk, CONTEXT_OPTIONS)).newPage();
    await clerkPage.goto(url);
    await expect(status(clerkPage)).toHaveText(az('finance.statuses.DRAFT'));
    await expect(clerkPage.getByTestId('invoice-gross')).toContainText(/3[.,\s\u00a0]?422[.,]00/);
    await action(clerkPage, 'finance.actions.submit').click();
    await expect(status(clerkPage)).toHaveText(az('finance.statuses.WAREHOUSE_CHECK'));

    // The keeper finds it waiting for them and confirms what arrived.
    const keeperPage = await (await signedInContext(browser, baseURL!, keeper, CONTEXT_OPTIONS)).newPage();
    await keeperPage.goto('/home/finance/vendor-invoices');
    await keeperPage.getByRole('tab', { name: az('finance.list.views.myStep') }).click();
    await keeperPage.getByRole('link', { name: number }).click();
    await action(keeperPage, 'finance.actions.confirmDelivery').click();
    const receipt = keeperPage.getByRole('dialog', { name: az('finance.dialogs.receiptTitle') });
    await expect(textField(keeperPage, '1. Noutbuk (ədəd)')).toHaveValue('2');
    await receipt.getByRole('button', { name: az('finance.actions.confirmDelivery') }).click();
    await expect(status(keeperPage)).toHaveText(az('finance.statuses.DIRECTOR_APPROVAL'));
    await expect(keeperPage.getByRole('row', { name: /Noutbuk/ })).toContainText('2');
    // The receipt went into stock: the level rose by what arrived.
    expect((await levelOf(level.materialId, level.warehouseId)).quantity).toBe(level.quantity + 2);

    // The director approves.
    const directorPage = await (await signedInContext(browser, baseURL!, director, CONTEXT_OPTIONS)).newPage();
    await directorPage.goto(url);
    await action(directorPage, 'finance.actions.approve').click();
    await expect(status(directorPage)).toHaveText(az('finance.statuses.ACCOUNTING_POOL'));

    // The accountant takes it from the pool, then posts it with the payment.
    const accountantPage = await (await signedInContext(browser, baseURL!, accountant, CONTEXT_OPTIONS)).newPage();
    await accountantPage.goto('/home/finance/accounting-pool');
    const row = accountantPage.getByRole('row').filter({ has: accountantPage.getByRole('link', { name: number }) });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: az('finance.actions.take') }).click();
    await expect(row).toContainText(`${accountant.user.firstName} ${accountant.user.lastName}`);
    await row.getByRole('link', { name: number }).click();
    await action(accountantPage, 'finance.actions.post').click();
    const post = accountantPage.getByRole('dialog', { name: az('finance.dialogs.postTitle') });
    await textField(accountantPage, az('finance.dialogs.paymentReference')).fill('PP-E2E-1');
    await post.getByRole('button', { name: az('finance.actions.post') }).click();
    await expect(status(accountantPage)).toHaveText(az('finance.statuses.PAID'));
    await expect(accountantPage.getByText(/, əsas PP-E2E-1/)).toBeVisible();
    // The clerk's page followed live.
    await expect(status(clerkPage)).toHaveText(az('finance.statuses.PAID'));
    // The paid invoice counts against its budget line.
    const paidBudget = (await budgets()).find((b) => b.id === budget.id)!;
    expect(paidBudget.consumedByOthers).toBe(budget.consumedByOthers + 342200);
    expect(paidBudget.remaining).toBe(budget.remaining - 342200);

    // The cover list PDF downloads.
    const [download] = await Promise.all([accountantPage.waitForEvent('download'), accountantPage.getByRole('button', { name: az('finance.actions.coverList') }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(readFileSync((await download.path())!).subarray(0, 5).toString()).toBe('%PDF-');

    // The e-invoice: preview (matched, nothing saved), import, and the same file again changes nothing.
    await accountantPage.goto('/home/finance/e-invoices');
    const file = { name: `${number}.xml`, mimeType: 'application/xml', buffer: Buffer.from(xmlFor(number)) };
    await accountantPage.getByLabel(az('finance.eInvoices.choose')).setInputFiles(file);
    const preview = accountantPage.getByRole('table', { name: az('finance.eInvoices.previewTitle', { file: file.name }) });
    await expect(preview.getByRole('row', { name: new RegExp(number) })).toContainText(az('finance.matchStatuses.matched'));
    await expect(preview).toContainText(az('finance.eInvoices.willCreate'));
    await accountantPage.getByRole('button', { name: az('finance.eInvoices.import', { count: 1 }) }).click();
    await expect(accountantPage.getByRole('status').filter({ hasText: az('finance.eInvoices.imported', { created: 1, skipped: 0 }) })).toBeVisible();
    await expect(accountantPage.getByRole('grid', { name: az('finance.eInvoices.tableLabel') }).getByRole('row', { name: new RegExp(number) })).toBeVisible();

    await accountantPage.getByLabel(az('finance.eInvoices.choose')).setInputFiles({ ...file, name: `${number} (1).xml` });
    await expect(accountantPage.getByText(az('finance.eInvoices.alreadyImported'))).toBeVisible();
    await expect(accountantPage.getByRole('button', { name: az('finance.eInvoices.importNothing') })).toBeDisabled();

    // The invoice shows its e-invoice.
    await accountantPage.goto(url);
    await expect(accountantPage.getByText(az('finance.matchStatuses.matched'))).toBeVisible();
  });
});
