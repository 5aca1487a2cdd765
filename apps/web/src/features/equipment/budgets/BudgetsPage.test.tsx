import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { budgetListResponse, saveBudgetInput, type BudgetLine } from '@servicedesk/contracts';
import { apiPath } from '@servicedesk/api/handlers';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';
import { budgetYears } from './BudgetsPage';
import { toMinorUnits } from './BudgetDialog';

/*
 * The budgets page (issue #13 "the budgets list with remaining amounts") against inline mocks
 * parsed by the contracts: the lines of a year with what remains, and the manager's dialog.
 */

const server = mockServerForFile();

const year = new Date().getFullYear();
const line = (over: Partial<BudgetLine>): BudgetLine => ({
  id: 1,
  groupId: 4,
  groupName: 'IT dəstək',
  year,
  category: 'itEquipment',
  currency: 'AZN',
  planned: 1_000_000,
  consumedByRequests: 250_000,
  consumedByOthers: 50_000,
  remaining: 700_000,
  ...over,
});
const lines = budgetListResponse.parse([
  line({}),
  line({ id: 2, groupId: 6, groupName: 'Hüquq', category: 'officeSupplies', planned: 100_000, consumedByRequests: 130_000, consumedByOthers: 0, remaining: -30_000 }),
]);
const groups = [
  { id: 4, name: 'IT dəstək', isActive: true, memberCount: 3, leadUserId: 3, leadName: 'Günel Hüseynova' },
  { id: 6, name: 'Hüquq', isActive: true, memberCount: 2, leadUserId: null, leadName: null },
];

/** Mocks the year's lines, the groups, the caller's permissions and the save call (whose bodies land in `saved`). */
function mockBudgets(options: { mayManage: boolean; saveAnswer?: () => Response }) {
  const saved: unknown[] = [];
  const years: string[] = [];
  server.use(
    http.get(apiPath('/equipment/budgets'), ({ request }) => {
      const asked = new URL(request.url).searchParams.get('year') ?? '';
      years.push(asked);
      return HttpResponse.json(asked === String(year) ? lines : []);
    }),
    http.get(apiPath('/admin/groups'), () => HttpResponse.json(groups)),
    http.post(apiPath('/global/getMenuPermissions'), () =>
      HttpResponse.json([{ key: 'inventory.requests.budgets', isChecked: options.mayManage }]),
    ),
    http.post(apiPath('/equipment/budgets/save'), async ({ request }) => {
      const body = await request.json();
      saved.push(saveBudgetInput.parse(body));
      return options.saveAnswer ? options.saveAnswer() : HttpResponse.json({ ...lines[0], ...(body as object), id: 9 });
    }),
  );
  return { saved, years };
}

describe('budget amounts', () => {
  it('turns a typed amount into minor units and refuses what the server would', () => {
    expect(toMinorUnits(1500.5)).toBe(150_050);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(toMinorUnits(0)).toBe(0);
    expect(toMinorUnits(Number.NaN)).toBeNull();
    expect(toMinorUnits(-1)).toBeNull();
    expect(toMinorUnits(1e15)).toBeNull();
    expect(budgetYears(new Date(2026, 10, 25))).toEqual([2025, 2026, 2027, 2028]);
  });
});

describe('budgets page', () => {
  it('lists the year’s lines with what each has used and left, flags the one over budget, and follows the year picked', async () => {
    signIn();
    const user = userEvent.setup();
    const { years } = mockBudgets({ mayManage: false });
    renderApp('/home/inventory/budgets');
    const table = await screen.findByRole('table', {}, { timeout: 20_000 });
    const rows = within(table).getAllByTestId('budget-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('IT dəstək');
    expect(rows[0]!).toHaveTextContent('IT equipment');
    expect(rows[0]!).toHaveTextContent(/7,000\.00/);
    expect(rows[0]!).not.toHaveTextContent('over budget');
    expect(rows[1]!).toHaveTextContent(/[-−]\D*300\.00/);
    expect(within(rows[1]!).getByText('over budget')).toBeInTheDocument();
    // The footer adds them up: planned 10,000 + 1,000; used 3,000 + 1,300; left 7,000 − 300.
    expect(within(table).getByRole('rowheader', { name: 'Total' }).closest('tr')).toHaveTextContent(/11,000\.00.*4,300\.00.*6,700\.00/);
    // A reader without the budgets permission gets no way to change them.
    expect(screen.queryByRole('button', { name: 'New budget line' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Change the planned amount/ })).toBeNull();
    // axe in jsdom (contrast is checked in Chromium).
    const scan = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(scan.violations.map((v) => v.id)).toEqual([]);

    await user.click(screen.getByRole('button', { name: /Year/ }));
    await user.click(await screen.findByRole('option', { name: String(year + 1) }));
    expect(await screen.findByText(`No budget lines for ${year + 1} yet.`)).toBeInTheDocument();
    expect(years).toContain(String(year + 1));
  });

  it('lets a manager add a line: required fields first, the amount in minor units, a refusal shown with the form kept', async () => {
    signIn();
    const user = userEvent.setup();
    let refuse = true;
    const { saved } = mockBudgets({
      mayManage: true,
      saveAnswer: () =>
        refuse
          ? HttpResponse.json({ code: 'budgetExists', message: 'exists' }, { status: 409 })
          : HttpResponse.json({ ...lines[0], id: 9 }),
    });
    renderApp('/home/inventory/budgets');
    await user.click(await screen.findByRole('button', { name: 'New budget line' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New budget line' });

    // Nothing is sent while a field is missing; each says so.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter an amount of zero or more.')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    const scan = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(scan.violations.map((v) => v.id)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: /Group/ }));
    await user.click(await screen.findByRole('option', { name: 'Hüquq' }));
    await user.click(within(dialog).getByRole('button', { name: /Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Office supplies' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Planned/ }), '1500.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ groupId: 6, year, category: 'officeSupplies', planned: 150_050 });
    // 409: the reason, and the dialog still holds what was typed.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This group already has a budget line of this category for this year.');
    expect(within(dialog).getByRole('textbox', { name: /Planned/ })).toHaveValue('1,500.50');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New budget line' })).toBeNull());
    expect(saved).toHaveLength(2);
  });

  it('changes the planned amount of a line, keeping its group, year and category', async () => {
    signIn();
    const user = userEvent.setup();
    const { saved } = mockBudgets({ mayManage: true });
    renderApp('/home/inventory/budgets');
    await user.click(await screen.findByRole('button', { name: 'Change the planned amount: Hüquq · Office supplies' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the planned amount' });
    const amount = within(dialog).getByRole('textbox', { name: /Planned/ });
    expect(amount).toHaveValue('1,000.00');
    await user.clear(amount);
    await user.type(amount, '2000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ id: 2, groupId: 6, year, category: 'officeSupplies', planned: 200_000 });
  });
});
