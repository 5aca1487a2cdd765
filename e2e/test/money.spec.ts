import { fileURLToPath } from 'node:url';
import { expect, test } from './support/fixtures';
import { t } from './support/i18n';
import { apiLogin, demoUsers, signedInContext } from './support/session';

/*
 * Money (issue #41 "Done when"): the accountant imports the Central Bank's daily rates file (the
 * sample kept beside the server's rates code) on the debt reports' rates tab and sees the ageing's
 * total converted to AZN at those rates, with the rate's date — before it, the foreign currencies
 * are named as not converted. Short: one page, waits on what the user sees.
 */

const az = (key: string, params?: Record<string, string | number>) => t('az', key, params);
const CBAR_SAMPLE = fileURLToPath(new URL('../../apps/server/src/modules/debts/examples/cbar-rates-24.11.2026.xml', import.meta.url));
const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');

test('the accountant imports the CBAR rates file and sees the total converted to AZN at the rates of its date', async ({ browser, baseURL, request }) => {
  const login = await apiLogin(request, demoUsers.accountant);
  const context = await signedInContext(browser, baseURL!, login, { viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/home/finance/debt-reports');

  const total = page.getByTestId('ageing-converted-total');
  await expect(total).toBeVisible();
  // No rates yet: the foreign currencies are named, not summed.
  await expect(page.getByText(az('money.ageing.unconverted', { currencies: 'RUB, TRY, USD' }))).toBeVisible();
  const before = digits(await total.textContent());

  await page.getByRole('tab', { name: az('money.rates.tab') }).click();
  await page.getByLabel(az('money.rates.importLabel')).setInputFiles(CBAR_SAMPLE);
  await expect(page.getByRole('status').filter({ hasText: az('money.rates.imported', { count: 10, date: '24.11.2026', created: 10, changed: 0 }) })).toBeVisible();
  await expect(page.getByRole('grid', { name: az('money.rates.tableLabel') }).getByRole('row').filter({ hasText: 'RUB' })).toBeVisible();

  await page.getByRole('tab', { name: az('debts.tabs.report') }).click();
  const ageing = (await (await request.get('/api/debtReports/ageing', { headers: { authorization: `Bearer ${login.token}` } })).json()) as { converted: { totalMinor: number }; unconverted: string[] };
  expect(ageing.unconverted).toEqual([]);
  await expect.poll(async () => digits(await page.getByTestId('ageing-converted-total').textContent())).toBe(String(ageing.converted.totalMinor));
  expect(String(ageing.converted.totalMinor)).not.toBe(before);
  await expect(page.getByRole('row').filter({ hasText: 'RUB' }).filter({ hasText: '24.11.2026' })).toBeVisible();
  await expect(page.getByText(az('money.ageing.unconverted', { currencies: 'RUB, TRY, USD' }))).toHaveCount(0);
  await context.close();
});
