import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { escapeRegExp, t } from './support/i18n';
import { apiLogin, demoUsers, type LoginAnswer, signedInContext } from './support/session';

/*
 * Issue #40 "Done when", in Chromium on the real server: an equipment request of two monitors —
 * the keeper issues one from stock and marks the other for purchase; the request stays open
 * ("awaiting purchase") while the employee watches each line's state; the bought unit arrives in
 * the purchase queue (a receipt linked to the line) and is issued: PROCESSED. The employee sees
 * both units on My equipment (reached from the dashboard's figure) and confirms receipt of one.
 * Every wait is a condition on what a user sees.
 */

const az = (key: string, params?: Record<string, string | number>) => t('az', key, params);
const CONTEXT_OPTIONS = { viewport: { width: 1280, height: 900 } } as const;
const lineState = (page: Page, n: number) => page.getByTestId(`line-state-${n}`);
const lineActions = (page: Page, n: number) => page.getByRole('group', { name: az('equipment.detail.lineActions', { n }) });

test.describe('my equipment and purchase follow-up (issue #40)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a line marked for purchase keeps the request open until its receipt and issue; the employee sees the units on My equipment and confirms receipt', async ({ browser, baseURL, request }) => {
    const [employeeLogin, directorLogin, visaPoolLogin, keeperLogin] = await Promise.all([
      apiLogin(request, demoUsers.employee),
      apiLogin(request, demoUsers.director),
      apiLogin(request, demoUsers.visapool),
      apiLogin(request, demoUsers.warehouse),
    ]);
    const auth = (login: LoginAnswer) => ({ authorization: `Bearer ${login.token}` });

    // --- The employee's request (through the API): two monitors of the catalogue, on a line of their group.
    const reference = await (await request.get('/api/equipment/reference', { headers: auth(employeeLogin) })).json();
    const roomy = (reference.budgets as { id: number; remaining: number }[]).reduce((a, b) => (b.remaining > a.remaining ? b : a));
    const found = await (await request.get('/api/stock/materials/search?search=MN-P2423', { headers: auth(employeeLogin) })).json();
    const monitor = (found as { id: number; code: string }[]).find((m) => m.code === 'MN-P2423')!;
    const line = { materialId: monitor.id, description: 'Monitor Dell P2423', quantity: 1, unit: 'pcs', unitPrice: 100 };
    const saved = await request.post('/api/equipment/requests/save', {
      headers: auth(employeeLogin),
      data: { budgetId: roomy.id, justification: 'İki monitor: biri anbardan, biri alınacaq.', lines: [line, { ...line, description: 'Monitor Dell P2423 (alış)' }], submit: true },
    });
    expect(saved.status()).toBe(200);
    const { id, number } = (await saved.json()).request as { id: number; number: string };
    for (const [login, call] of [[directorLogin, 'directorCallback'], [visaPoolLogin, 'visaPoolCallback']] as const) {
      const decided = await request.post(`/api/equipment/requests/${id}/${call}`, { headers: auth(login), data: { decision: 'approve' } });
      expect(decided.status()).toBe(200);
    }

    const [employee, keeper] = await Promise.all([
      signedInContext(browser, baseURL!, employeeLogin, CONTEXT_OPTIONS),
      signedInContext(browser, baseURL!, keeperLogin, CONTEXT_OPTIONS),
    ]);
    try {
      const mine = await employee.newPage();
      await mine.goto(`/home/inventory/requests/${id}`);
      await expect(lineState(mine, 2)).toHaveText(az('equipment.lineState.pending'));

      // --- The keeper issues line 1 from the main warehouse and marks line 2 for purchase.
      const desk = await keeper.newPage();
      await desk.goto(`/home/inventory/requests/${id}`);
      await desk.getByRole('button', { name: new RegExp(`${escapeRegExp(az('equipment.detail.warehouse'))}$`) }).click();
      await desk.getByRole('option', { name: 'Mərkəzi anbar' }).click();
      await lineActions(desk, 1).getByRole('button', { name: az('equipment.detail.issue') }).click();
      await expect(lineState(desk, 1)).toContainText(az('equipment.lineState.issued'));
      await lineActions(desk, 2).getByRole('button', { name: az('equipment.detail.purchase') }).click();

      // The request stays open: APPROVED, awaiting purchase — on the employee's page too, live.
      await expect(lineState(mine, 2)).toHaveText(az('equipment.lineState.awaitingPurchase'));
      await expect(mine.getByTestId('request-status')).toContainText(az('equipment.status.APPROVED'));
      await expect(mine.getByTestId('request-status')).toContainText(az('equipment.awaitingPurchase'));

      // --- The purchase arrives: the keeper receives it from the purchase queue.
      await desk.goto('/home/inventory/purchases');
      const row = desk.getByTestId('purchase-row').filter({ hasText: number });
      await row.getByRole('button', { name: az('assets.purchases.receiveLine', { number, n: 2 }) }).click();
      const dialog = desk.getByRole('dialog');
      await dialog.getByRole('button', { name: new RegExp(`${escapeRegExp(az('assets.purchases.vendor'))}`) }).click();
      await desk.getByRole('option').first().click();
      await dialog.getByRole('textbox', { name: az('assets.purchases.serials') }).fill(`SN-E2E-${id}`);
      await dialog.getByRole('button', { name: az('assets.purchases.receive') }).click();
      await expect(row).toContainText(az('equipment.lineState.received'));
      await expect(lineState(mine, 2)).toContainText(az('equipment.lineState.received'));
      await expect(mine.getByTestId('request-status')).toContainText(az('equipment.status.APPROVED'));

      // --- Issued: the request is processed only now.
      await desk.goto(`/home/inventory/requests/${id}`);
      await lineActions(desk, 2).getByRole('button', { name: az('equipment.detail.issue') }).click();
      await expect(mine.getByTestId('request-status')).toContainText(az('equipment.status.PROCESSED'));
      await expect(lineState(mine, 2)).toContainText(az('equipment.lineState.issued'));

      // --- The employee: dashboard → My equipment; both units from this request; confirms receipt of the bought one.
      await mine.goto('/home/dashboard');
      await mine.getByTestId('stat-myInventories').getByRole('link', { name: az('assets.mine.title') }).click();
      await expect(mine).toHaveURL(/\/home\/inventory\/my-equipment$/);
      const units = mine.getByTestId('my-equipment-row').filter({ hasText: number });
      await expect(units).toHaveCount(2);
      const bought = units.filter({ hasText: `SN-E2E-${id}` });
      await expect(bought).toContainText(az('assets.mine.notConfirmed'));
      await bought.getByRole('button', { name: az('assets.mine.confirm') }).click();
      await expect(bought).toContainText(az('assets.mine.confirmedAt', { when: '' }).trim());
      await expect(bought.getByRole('button', { name: az('assets.mine.confirm') })).toHaveCount(0);

      // The asset's history names who confirmed.
      await bought.getByRole('link', { name: /^AST-/ }).click();
      await expect(mine.getByRole('list', { name: az('stock.inventories.history') })).toContainText(az('assets.history.confirmReceipt'));
    } finally {
      await Promise.all([employee, keeper].map((c) => c.close()));
    }
  });
});
