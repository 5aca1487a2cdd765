import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BudgetLine } from '@servicedesk/contracts';
import { useBudgets } from '@servicedesk/api/equipment/budgets';
import { formatMoney } from '@servicedesk/i18n';
import { Badge } from '@servicedesk/ui/Badge';
import { Button } from '@servicedesk/ui/Button';
import { EmptyState } from '@servicedesk/ui/EmptyState';
import { Select } from '@servicedesk/ui/Select';
import { Skeleton } from '@servicedesk/ui/Skeleton';
import { table as tableClass, tableWrap, td, th, numeric, muted, rowActions } from '@servicedesk/ui/SimpleTable';
import { usePagePermissions } from '../../access/use-page-permissions';
import { lazyPart } from '../../shared/lazy-fields';
import type { BudgetDialogProps } from './BudgetDialog';
import { refusalKey } from '../../shared/record/refusal';
import * as p from '../../shared/page.css';
import * as f from '../../shared/forms.css';
import * as s from '../shared/equipment.css';
import * as b from './budgets.css';

/** The years offered by the page: last year, this year and the next two (budgets are planned ahead). */
export function budgetYears(now: Date = new Date()): number[] {
  const year = now.getFullYear();
  return [year - 1, year, year + 1, year + 2];
}

/** The new-line / planned-amount dialog, loaded when first opened (its fields stay off the page's first load). */
const BudgetDialog = lazyPart<BudgetDialogProps>(() => import('./BudgetDialog').then((m) => m.BudgetDialog));

/**
 * /home/inventory/budgets (issue #13 "the budgets list with remaining amounts"; DOMAIN.md
 * "Budget"): the budget lines of a year per group and category — planned, consumed by approved
 * and processed equipment requests, consumed by paid vendor invoices, and what remains (red when
 * an override took it below zero). Anyone with `inventory.requests` reads it (GET
 * /api/equipment/budgets); `inventory.requests.budgets` adds "New budget line" and "Change
 * planned amount" (POST /api/equipment/budgets/save; 409 `budgetExists` shown in the dialog).
 */
export function BudgetsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const years = useMemo(() => budgetYears(), []);
  const [year, setYear] = useState(years[1]!);
  const budgets = useBudgets(year);
  const { can } = usePagePermissions('inventory.requests');
  const mayManage = can('inventory.requests.budgets');
  const [editing, setEditing] = useState<BudgetLine | 'new' | null>(null);
  const rows = budgets.data ?? [];
  const totals = rows.reduce(
    (sum, r) => ({
      planned: sum.planned + r.planned,
      consumed: sum.consumed + r.consumedByRequests + r.consumedByOthers,
      remaining: sum.remaining + r.remaining,
    }),
    { planned: 0, consumed: 0, remaining: 0 },
  );
  const currency = rows[0]?.currency;
  const money = (minor: number, cur = currency) => formatMoney(minor, lang, cur);

  return (
    <div className={p.page}>
      <div className={s.header}>
        <div>
          <h1 className={p.heading}>{t('equipment.budgets.title')}</h1>
          <p className={p.lead}>{t('equipment.budgets.description')}</p>
        </div>
        {mayManage ? <Button onPress={() => setEditing('new')}>{t('equipment.budgets.new')}</Button> : null}
      </div>
      <section className={p.card} aria-labelledby="budgets-table-title">
        <div className={b.titleRow}>
          <h2 id="budgets-table-title" className={p.cardTitle}>
            {t('equipment.budgets.tableTitle', { year })}
          </h2>
          <Select
            label={t('equipment.budgets.year')}
            items={years.map((y) => ({ id: String(y), label: String(y) }))}
            selectedKey={String(year)}
            onSelectionChange={(key) => key !== null && setYear(Number(key))}
          />
        </div>
        {budgets.isPending ? (
          <Skeleton lines={5} label={t('loading')} />
        ) : budgets.isError ? (
          <p className={f.error} role="alert">
            {t(refusalKey(budgets.error))}
          </p>
        ) : rows.length === 0 ? (
          <EmptyState title={t('equipment.budgets.empty', { year })} />
        ) : (
          <div className={tableWrap}>
            <table className={tableClass}>
              <thead>
                <tr>
                  <th className={th} scope="col">{t('equipment.budgets.columns.line')}</th>
                  <th className={`${th} ${b.figure}`} scope="col">{t('equipment.budgets.columns.planned')}</th>
                  <th className={`${th} ${b.figure}`} scope="col">{t('equipment.budgets.columns.used')}</th>
                  <th className={`${th} ${b.figure}`} scope="col">{t('equipment.budgets.columns.remaining')}</th>
                  {mayManage ? <th className={`${th} ${muted}`} scope="col">{t('equipment.budgets.columns.actions')}</th> : null}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const category = t(`equipment.budgetCategory.${row.category}`);
                  return (
                    <tr key={row.id} data-testid="budget-row">
                      <th className={`${td} ${b.lineCell}`} scope="row">
                        <span className={b.group}>{row.groupName}</span>
                        <span className={b.detail}>{category}</span>
                      </th>
                      <td className={`${td} ${numeric} ${b.figure}`}>{money(row.planned, row.currency)}</td>
                      <td className={`${td} ${numeric} ${b.figure}`}>
                        {money(row.consumedByRequests + row.consumedByOthers, row.currency)}
                        <span className={b.usedDetail}>
                          {t('equipment.budgets.usedBy', {
                            requests: money(row.consumedByRequests, row.currency),
                            invoices: money(row.consumedByOthers, row.currency),
                          })}
                        </span>
                      </td>
                      <td className={`${td} ${numeric} ${b.figure} ${row.remaining < 0 ? b.overBudget : ''}`}>
                        {money(row.remaining, row.currency)}
                        {row.remaining < 0 ? (
                          <span className={b.badgeLine}>
                            <Badge variant="danger">{t('equipment.budgets.over')}</Badge>
                          </span>
                        ) : null}
                      </td>
                      {mayManage ? (
                        <td className={td}>
                          <div className={rowActions}>
                            <Button
                              variant="secondary"
                              size="sm"
                              aria-label={t('equipment.budgets.editFor', { line: `${row.groupName} · ${category}` })}
                              onPress={() => setEditing(row)}
                            >
                              {t('equipment.budgets.edit')}
                            </Button>
                          </div>
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
              <tfoot>
                <tr>
                  <th className={`${td} ${b.lineCell}`} scope="row">{t('equipment.budgets.total')}</th>
                  <td className={`${td} ${numeric} ${b.figure} ${b.totalFigure}`}>{money(totals.planned)}</td>
                  <td className={`${td} ${numeric} ${b.figure} ${b.totalFigure}`}>{money(totals.consumed)}</td>
                  <td className={`${td} ${numeric} ${b.figure} ${b.totalFigure}`}>{money(totals.remaining)}</td>
                  {mayManage ? <td className={td} /> : null}
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </section>
      {editing !== null ? (
        <BudgetDialog line={editing === 'new' ? null : editing} year={year} years={years} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}
