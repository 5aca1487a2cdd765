import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { escapeRegExp, t } from './support/i18n';
import { apiLogin, demoUsers, signedInContext } from './support/session';

/*
 * Issue #40 "Done when" (the keeper's half): the keeper issues a unit to an employee by scanning
 * its serial into the operation form (a USB scanner types it and presses Enter), and the operation
 * shows that unit; a count started on one page, reloaded and continued in a second browser
 * context (whose quantity line reaches the first page live), with one quantity line and one
 * missing unit, posts exactly what its plan said. A warehouse of its own, stocked through the API,
 * so the figures do not depend on the demo data or on other specs.
 */

const az = (key: string, params?: Record<string, string | number>) => t('az', key, params);
const CONTEXT_OPTIONS = { viewport: { width: 1280, height: 900 } } as const;
const MONITOR = 'MN-P2423';
const PAPER = 'PP-A4';

/** Picks `option` in the Select labelled `label` (its options come with the page's reference data). */
async function pick(page: Page, label: string, option: string) {
  const choice = page.getByRole('option', { name: option, exact: true });
  await expect(async () => {
    if (!(await choice.isVisible())) await page.getByRole('button', { name: new RegExp(`${escapeRegExp(label)}\\*?$`) }).first().click();
    await expect(choice).toBeVisible({ timeout: 1000 });
  }).toPass();
  await choice.click();
}

async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

test('the keeper issues a scanned unit; a count resumes after a reload and in a second context, and posts exactly its plan', async ({ browser, baseURL, request }) => {
  test.setTimeout(90_000);
  const [keeperLogin, adminLogin] = await Promise.all([apiLogin(request, demoUsers.warehouse), apiLogin(request, demoUsers.admin)]);
  const keeperToken = keeperLogin.token;
  const run = Date.now().toString(36).toUpperCase();
  const warehouseName = `Sayım anbarı ${run}`;
  const search = async (code: string) => (await api<{ id: number }[]>(request, keeperToken, 'GET', `/api/stock/materials/search?search=${code}`))[0]!.id;
  const [monitorId, paperId] = [await search(MONITOR), await search(PAPER)];
  const vendor = (await api<{ id: number }[]>(request, keeperToken, 'GET', '/api/global/getModalElements/vendor'))[0]!;
  const warehouse = await api<{ id: number }>(request, adminLogin.token, 'POST', '/api/stock/warehouses', { name: warehouseName, keeperId: keeperLogin.user.id });
  const serials = [`E2E-${run}-1`, `E2E-${run}-2`, `E2E-${run}-3`];
  const receipt = await api<{ lines: { units: { id: number; inventoryNumber: string; serial: string }[] }[] }>(request, adminLogin.token, 'POST', '/api/stock/operations', {
    kind: 'receipt',
    warehouseId: warehouse.id,
    vendorId: vendor.id,
    lines: [
      { materialId: monitorId, quantity: 3, unitCost: 42_000, serials },
      { materialId: paperId, quantity: 5, unitCost: 1_250 },
    ],
  });
  const units = receipt.lines[0]!.units;

  const keeper = await signedInContext(browser, baseURL!, keeperLogin, CONTEXT_OPTIONS);
  const page = await keeper.newPage();

  // --- Issue the newest monitor to the employee by scanning its serial (not the oldest one).
  await page.goto('/home/inventory/warehouses/operations/new');
  await pick(page, az('stock.columns.kind'), az('stock.kind.issue'));
  await pick(page, az('stock.columns.warehouse'), warehouseName);
  await pick(page, az('stock.columns.recipient'), 'Rəşad Əliyev');
  // A scanner is quicker than the list of units: the list's answer is held until the scan is
  // chosen (this order once failed in CI — the scan was refused as "not available" while the list
  // loaded), then let through.
  let releaseList!: () => void;
  const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
  await page.route('**/api/stock/units', async (route) => {
    if (!(route.request().postDataJSON() as { search?: string }).search) await listHeld;
    await route.continue();
  });
  await page.getByRole('combobox', { name: az('stock.columns.material') }).fill(MONITOR);
  await page.getByRole('option', { name: new RegExp(`^${MONITOR}`) }).click();
  const scanField = page.getByRole('textbox', { name: az('stock.units.scan') });
  await scanField.fill(serials[2]!.toLowerCase());
  await scanField.press('Enter');
  await expect(page.getByText(az('stock.units.chosenLoading', { n: 1 }))).toBeVisible();
  releaseList();
  await expect(page.getByText(az('stock.units.chosen', { n: 1, total: 3 }))).toBeVisible();
  await page.unroute('**/api/stock/units');
  await page.getByRole('button', { name: az('stock.operations.post'), exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: az('stock.operations.post') }).click();
  await expect(page).toHaveURL(/\/home\/inventory\/warehouses\/operations\/\d+$/);
  await expect(page.getByTestId('operation-units')).toContainText(units[2]!.inventoryNumber);
  const issued = await api<{ inventory: { status: string; holder: { name: string } | null } }>(request, keeperToken, 'GET', `/api/stock/inventories/${units[2]!.id}`);
  expect(issued.inventory).toMatchObject({ status: 'assigned', holder: { name: 'Rəşad Əliyev' } });

  // --- Start a count of the warehouse and scan one of the two monitors left.
  await page.goto('/home/inventory/warehouses/counts');
  await pick(page, az('stock.columns.warehouse'), warehouseName);
  await page.getByRole('button', { name: az('stock.count.start') }).click();
  await expect(page).toHaveURL(/\/home\/inventory\/warehouses\/counts\/\d+$/);
  const countUrl = new URL(page.url()).pathname;
  const countId = Number(countUrl.split('/').pop());
  const scan = page.getByRole('textbox', { name: az('stock.count.scanLabel') });
  await scan.fill(units[0]!.inventoryNumber);
  await scan.press('Enter');
  await expect(page.getByTestId('count-found')).toContainText(units[0]!.inventoryNumber);

  // --- A reload resumes it.
  await page.reload();
  await expect(page.getByTestId('count-found')).toContainText(units[0]!.inventoryNumber);
  await expect(page.getByTestId('count-missing')).toContainText(units[1]!.inventoryNumber);

  // --- A second context (another device) continues it: the paper counted 4 where the book says 5.
  const second = await signedInContext(browser, baseURL!, await apiLogin(request, demoUsers.warehouse), CONTEXT_OPTIONS);
  const other = await second.newPage();
  await other.goto(countUrl);
  await expect(other.getByTestId('count-found')).toContainText(units[0]!.inventoryNumber);
  await other.getByRole('combobox', { name: az('stock.columns.material') }).fill(PAPER);
  await other.getByRole('option', { name: new RegExp(`^${PAPER}`) }).click();
  const counted = other.getByRole('textbox', { name: az('stock.count.counted') });
  await counted.fill('4');
  await counted.press('Tab');
  await other.getByRole('button', { name: az('stock.count.saveLine') }).click();
  await expect(other.getByTestId('count-lines')).toContainText(PAPER);
  // The first page sees the line live (RecordChanged over the hub), without a reload.
  await expect(page.getByTestId('count-lines')).toContainText(PAPER);

  // --- Post from the second context: the plan first — 1 write-off, 0 transfers, 1 adjustment.
  const plan = await api<{ figures: { writeOffs: number; transfers: number; adjustments: number }; writeOffs: { value: number }; adjustments: { value: number } }>(
    request,
    keeperToken,
    'GET',
    `/api/stock/counts/${countId}/plan`,
  );
  expect(plan.figures).toEqual({ writeOffs: 1, transfers: 0, adjustments: 1 });
  await other.getByRole('button', { name: az('stock.count.post') }).click();
  const dialog = other.getByRole('dialog');
  await expect(dialog.getByTestId('count-plan')).toContainText(/1 silinmə/);
  await expect(dialog.getByTestId('count-plan')).toContainText(/1 miqdar düzəlişi/);
  await dialog.getByRole('textbox').fill('Sayımda tapılmadı, akt tərtib edilib');
  await dialog.getByRole('button', { name: az('stock.count.plan.confirm', plan.figures) }).click();
  await expect(other.getByRole('status').filter({ hasText: az('stock.count.posted', plan.figures) })).toBeVisible();

  // --- Exactly the plan: the missing monitor written off, the paper down to 4, nothing else.
  const session = await api<{ status: string; operationIds: number[]; postedPlan: unknown }>(request, keeperToken, 'GET', `/api/stock/counts/${countId}`);
  expect(session).toMatchObject({ status: 'posted', postedPlan: plan.figures });
  expect(session.operationIds).toHaveLength(1);
  const writeOff = await api<{ kind: string; totalAmount: number; lines: { materialId: number; quantity: number; inventoryIds: number[] }[] }>(
    request,
    keeperToken,
    'GET',
    `/api/stock/operations/${session.operationIds[0]}`,
  );
  expect(writeOff.kind).toBe('writeOff');
  expect(writeOff.totalAmount).toBe(plan.writeOffs.value - plan.adjustments.value);
  expect(writeOff.lines.map((l) => [l.materialId, l.quantity, l.inventoryIds])).toEqual([
    [monitorId, 1, [units[1]!.id]],
    [paperId, 1, []],
  ]);
  const level = async (materialId: number) =>
    (await api<{ rows: { quantity: number }[] }>(request, keeperToken, 'POST', '/api/stock/levels/grid', { materialId, warehouseId: warehouse.id, includeZero: true })).rows[0]?.quantity;
  expect(await level(monitorId)).toBe(1);
  expect(await level(paperId)).toBe(4);
  // The first page shows it posted too.
  await expect(page.getByRole('status').filter({ hasText: az('stock.count.posted', plan.figures) })).toBeVisible();

  await second.close();
  await keeper.close();
});
