import { type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { expect, test } from './support/fixtures';
import { escapeRegExp, t } from './support/i18n';
import { apiLogin, demoUsers, signedInContext } from './support/session';
import { bell, bellCount, bellName } from './support/bell';

/** This spec's browser contexts (support/session signedInContext). */
const CONTEXT_OPTIONS = { viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' } as const;


/*
 * Debt reports, the 1C import and the dislocation end to end (issue #17 "Done when"): the
 * accountant imports the shipped example 1C file (Windows-1251) — preview with the refused rows,
 * then import; the same file again changes nothing —, opens a counterparty, sees the ageing as of
 * today and as of a past date differ, comments mentioning the director (whose bell rises live in
 * another browser), changes the status (history), then imports the example dislocation snapshot
 * and follows a wagon to its timeline and its invoices section. Every wait is on what a user sees.
 */

const az = (key: string, params?: Record<string, string | number>) => t('az', key, params);
const examples = (name: string) => fileURLToPath(new URL(`../../apps/server/src/modules/debts/examples/${name}`, import.meta.url));

/** Opens the import dialog's file, previews it and answers the dialog. */
async function preview(page: Page, file: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(az('debts.import.file')).setInputFiles(file);
  await dialog.getByRole('button', { name: az('debts.import.preview') }).click();
  return dialog;
}

const counts = (c: { total: number; create: number; change: number; same: number; refuse: number }) => az('debts.import.counts', c);

test.describe('debt reports: the 1C import, a counterparty’s ageing, comments and status; the dislocation', () => {
  // A 1C workbook imported through the page (upload, parse, the import report), then the ageing,
  // comments with a mention awaited in the director's bell, and the dislocation: one long journey.
  test.describe.configure({ timeout: 180_000 });

  test('import twice (nothing changes) → ageing today vs a past date → @mention notifies live → status → wagon timeline', async ({ browser, baseURL, request }) => {
    const accountantLogin = await apiLogin(request, demoUsers.accountant);
    const directorLogin = await apiLogin(request, demoUsers.director);
    const accountantContext = await signedInContext(browser, baseURL!, accountantLogin, CONTEXT_OPTIONS);
    const directorContext = await signedInContext(browser, baseURL!, directorLogin, CONTEXT_OPTIONS);
    const page = await accountantContext.newPage();
    const director = await directorContext.newPage();
    // The bell's count is read once the director's notifications have arrived.
    const loaded = director.waitForResponse((r) => r.url().includes('/api/global/Layout/GetHeaderNotifications') && r.ok());
    await director.goto('/home/dashboard');
    const { unreadCnt } = (await (await loaded).json()) as { unreadCnt: number };
    await expect.poll(() => bellCount(director)).toBe(unreadCnt);
    const bellBefore = unreadCnt;

    await test.step('preview the example 1C file: Windows-1251, 8 new, 3 refused with their reasons; then import', async () => {
      await page.goto('/home/finance/debt-reports');
      await page.getByRole('button', { name: az('debts.list.import1C') }).click();
      const dialog = await preview(page, examples('1c-example.csv'));
      await expect(dialog.getByTestId('import-counts')).toHaveText(counts({ total: 11, create: 8, change: 0, same: 0, refuse: 3 }));
      await expect(dialog.getByText(az('debts.import.detected', { encoding: az('debts.encoding.windows-1251'), separator: az('debts.separator.semicolon') }))).toBeVisible();
      for (const reason of ['badDate', 'unknownCounterparty', 'duplicateRow']) await expect(dialog.getByRole('cell', { name: az(`debts.refusals.${reason}`) })).toBeVisible();
      await dialog.getByRole('button', { name: az('debts.import.confirm') }).click();
      await expect(dialog.getByRole('status')).toHaveText(az('debts.import.done', { create: 8, change: 0 }));
    });

    await test.step('the same file again: every row unchanged, nothing changes', async () => {
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: az('debts.import.preview') }).click();
      await expect(dialog.getByTestId('import-counts')).toHaveText(counts({ total: 11, create: 0, change: 0, same: 8, refuse: 3 }));
      await dialog.getByRole('button', { name: az('debts.import.confirm') }).click();
      await expect(dialog.getByRole('status')).toHaveText(az('debts.import.nothingChanged'));
      await dialog.getByRole('button', { name: az('debts.import.close') }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step('open Baku Electronics: the ageing as of today and as of 31.10.2026 differ', async () => {
      // The report's own grid (the per-currency ageing below it names the counterparty too).
      await page.getByRole('grid', { name: az('debts.list.tableLabel') }).getByRole('link', { name: 'Baku Electronics' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Baku Electronics' })).toBeVisible();
      const total = page.getByTestId('ageing-total');
      await expect(total).toContainText(/15\D?500\D50/);
      const today = await total.textContent();
      const asOf = page.getByRole('group', { name: az('debts.detail.ageing.asOf') });
      // Type each segment of the date field in whatever order the locale shows them (told by its maximum).
      const segments = asOf.getByRole('spinbutton');
      // The date field loads when it first renders (issue #19): wait for its segments before counting them.
      await expect(segments.first()).toBeVisible();
      for (let i = 0; i < (await segments.count()); i++) {
        const segment = segments.nth(i);
        const max = Number(await segment.getAttribute('aria-valuemax'));
        await segment.click();
        await page.keyboard.type(max === 31 ? '31' : max === 12 ? '10' : '2026');
      }
      await expect(total).toContainText(/25\D?500\D50/);
      expect(await total.textContent()).not.toBe(today);
    });

    await test.step('a comment mentioning the director reaches the director’s bell live', async () => {
      const box = page.getByRole('textbox', { name: az('debts.detail.comments.label') });
      await box.click();
      await box.pressSequentially(`Zəhmət olmasa baxın @${directorLogin.user.firstName.slice(0, 3)}`);
      await page.getByRole('option', { name: new RegExp(escapeRegExp(directorLogin.user.firstName)) }).click();
      await page.getByRole('button', { name: az('debts.detail.comments.send') }).click();
      await expect(page.getByRole('list', { name: az('debts.detail.history.title') })).toContainText('Zəhmət olmasa baxın');
      // Live, without a reload: the count rises (other notifications may arrive meanwhile, e.g. a
      // scheduled reminder), and the mention is in the director's list, naming the counterparty.
      await expect.poll(() => bellCount(director)).toBeGreaterThan(bellBefore);
      await bell(director).click();
      const dropdown = director.getByRole('dialog', { name: bellName });
      await expect(dropdown.getByRole('listitem').filter({ hasText: 'Baku Electronics' })).not.toHaveCount(0);
      await director.keyboard.press('Escape');
      await expect(dropdown).toBeHidden();
    });

    await test.step('the status changes to watch, with its history', async () => {
      await page.getByRole('textbox', { name: az('debts.detail.statusComment') }).fill('Ödəniş gecikir');
      await page.getByRole('button', { name: az('debts.detail.changeStatus') }).click();
      await expect(page.getByTestId('debt-status')).toHaveText(az('debts.status.watch'));
      await expect(page.getByRole('list', { name: az('debts.detail.history.title') })).toContainText('Ödəniş gecikir');
      // Toasts (top right) pause while hovered and would cover the next page's header button:
      // move the pointer away and let them go.
      await page.mouse.move(10, 790);
      await expect(page.getByRole('button', { name: az('close'), exact: true })).toHaveCount(0);
    });

    await test.step('import the example dislocation snapshot and follow a wagon to its timeline and invoices', async () => {
      await page.goto('/home/finance/dislocation');
      await page.getByRole('button', { name: az('debts.dislocation.import') }).click();
      const dialog = await preview(page, examples('dislocation-example.csv'));
      await expect(dialog.getByTestId('import-counts')).toHaveText(counts({ total: 7, create: 5, change: 0, same: 0, refuse: 2 }));
      await expect(dialog.getByRole('cell', { name: az('debts.refusals.badWagonNumber') })).toBeVisible();
      await dialog.getByRole('button', { name: az('debts.import.confirm') }).click();
      await expect(dialog.getByRole('status')).toHaveText(az('debts.import.done', { create: 5, change: 0 }));
      await dialog.getByRole('button', { name: az('debts.import.close') }).click();
      await page.getByRole('link', { name: '50070291' }).click();
      await expect(page.getByRole('heading', { level: 1, name: az('debts.dislocation.wagon.title', { number: '50070291' }) })).toBeVisible();
      const timeline = page.getByRole('list', { name: az('debts.dislocation.wagon.timeline') });
      await expect(timeline.getByRole('listitem')).toHaveCount(4);
      await expect(timeline.getByRole('listitem').first()).toContainText('Дербент');
      // Its vendor invoices: listed once finance registers its transport-number lookup (the seam
      // apps/server/src/modules/debts/debts.invoice-link.ts); until then the section says none names it.
      const invoices = page.getByRole('region', { name: az('debts.dislocation.wagon.invoices') });
      await expect(invoices.getByTestId('wagon-invoices').or(invoices.getByText(az('debts.dislocation.wagon.noInvoices')))).toBeVisible();
    });

    await accountantContext.close();
    await directorContext.close();
  });
});
