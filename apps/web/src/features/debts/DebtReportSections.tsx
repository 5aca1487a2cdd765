import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGEING_BUCKETS, DEBT_STATUSES, type DebtEntry, type DebtReportDetail, type DebtStatus } from '@servicedesk/contracts';
import { useDebtAgeing, useDebtGroups, useDebtYearlyData } from '@servicedesk/api/debts/get-debt-reports';
import { useAssignDebtGroup, useUpdateDebtStatus } from '@servicedesk/api/debts/save-debts';
import { formatDate, formatMoney, toMajorUnits } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { DatePicker, LazySelect as Select } from '../shared/lazy-fields';
import { RecordSection } from '@servicedesk/ui/RecordPage';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import * as tbl from '@servicedesk/ui/SimpleTable';
import { firstDayOfWeek, numericDate } from '../shared/format';
import { LazyBarChart } from '../shared/LazyBarChart';
import { LazyLineChart } from '../shared/LazyLineChart';
import { refusalText as kitRefusalText } from '../shared/record/refusal';
import { bakuToday } from './debts-display';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';
import * as s from './debts.css';


/** The debts' own refusal sentences (`debts.detail.errors.<code>`), before the shared ones. */
export const DEBT_REFUSALS = { codes: 'debts.detail.errors' };

/** The status control: a new status, a comment (required to write off), Change status. */
export function StatusForm({ detail }: { detail: DebtReportDetail }) {
  const { t } = useTranslation();
  const [next, setNext] = useState<DebtStatus>(detail.status === 'normal' ? 'watch' : 'normal');
  const [comment, setComment] = useState('');
  const update = useUpdateDebtStatus(detail.id);
  return (
    <div className={`${s.row} ${s.noPrint}`}>
      <div className={s.grow}>
        <Select
          label={t('debts.detail.newStatus')}
          items={DEBT_STATUSES.filter((st) => st !== detail.status).map((st) => ({ id: st, label: t(`debts.status.${st}`) }))}
          selectedKey={next === detail.status ? null : next}
          onSelectionChange={(key) => key && setNext(key as DebtStatus)}
        />
      </div>
      <div className={s.grow}>
        <TextField label={t('debts.detail.statusComment')} value={comment} onChange={setComment} />
      </div>
      <Button
        isPending={update.isPending}
        isDisabled={next === detail.status}
        onPress={() =>
          update.mutate(
            { status: next, comment: comment.trim() || undefined },
            {
              onSuccess: (saved) => {
                setComment('');
                setNext(saved.status === 'normal' ? 'watch' : 'normal');
                toast.show({ title: t('debts.detail.statusSaved'), variant: 'success' });
              },
              onError: (e) => toast.show({ title: kitRefusalText(t, e, DEBT_REFUSALS), variant: 'error' }),
            },
          )
        }
      >
        {t('debts.detail.changeStatus')}
      </Button>
    </div>
  );
}

/** The counterparty's debt-report group (with `finance.debtReports.manage`). */
export function GroupSelect({ detail }: { detail: DebtReportDetail }) {
  const { t } = useTranslation();
  const groups = useDebtGroups();
  const assign = useAssignDebtGroup(detail.id);
  const NONE = 'none';
  return (
    <div className={s.noPrint}>
      <Select
        label={t('debts.columns.group')}
        items={[{ id: NONE, label: t('debts.detail.noGroup') }, ...(groups.data ?? []).map((g) => ({ id: String(g.id), label: g.name }))]}
        selectedKey={detail.group ? String(detail.group.id) : NONE}
        onSelectionChange={(key) =>
          assign.mutate(key === NONE || key === null ? null : Number(key), { onError: (e) => toast.show({ title: kitRefusalText(t, e, DEBT_REFUSALS), variant: 'error' }) })
        }
      />
    </div>
  );
}

/** The ageing as of a chosen date (default today): the four buckets as figures and a bar chart. */
export function AgeingSection({ id, currency }: { id: number; currency: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [asOf, setAsOf] = useState(bakuToday());
  const ageing = useDebtAgeing(id, asOf);
  const money = (minor: number) => formatMoney(minor, lang, currency);
  const data = ageing.data;
  return (
    <RecordSection title={t('debts.detail.ageing.title')}>
      <div className={f.form}>
        <div className={`${s.row} ${s.noPrint}`}>
          <DatePicker
            label={t('debts.detail.ageing.asOf')}
            value={asOf}
            onChange={(value) => value && setAsOf(value)}
            firstDayOfWeek={firstDayOfWeek(lang)}
            openCalendarLabel={t('debts.detail.ageing.asOf')}
          />
        </div>
        {data ? (
          <>
            <p data-testid="ageing-total">{t('debts.detail.ageing.total', { date: formatDate(`${data.asOf}T12:00:00Z`, lang, numericDate), amount: money(data.totalMinor) })}</p>
            {data.creditMinor > 0 ? <p>{t('debts.detail.ageing.credit', { amount: money(data.creditMinor) })}</p> : null}
            <dl className={s.figures} data-testid="ageing-buckets">
              {AGEING_BUCKETS.map((b) => (
                <div key={b} className={s.figure}>
                  <dt className={p.statLabel}>{t(`debts.buckets.${b}`)}</dt>
                  <dd className={s.figureValue} data-bucket={b}>
                    {money(data.buckets[b])}
                  </dd>
                </div>
              ))}
            </dl>
            <LazyBarChart
              title={t('debts.detail.ageing.chart')}
              height={220}
              emptyText={t('debts.detail.payments.empty')}
              data={AGEING_BUCKETS.map((b) => ({ bucket: t(`debts.buckets.${b}`), amount: toMajorUnits(data.buckets[b]) }))}
              categoryKey="bucket"
              categoryLabel={t('debts.detail.ageing.chart')}
              series={[{ key: 'amount', label: t('debts.detail.balance') }]}
              formatValue={(v) => formatMoney(Math.round(v * 100), lang, currency)}
            />
          </>
        ) : null}
      </div>
    </RecordSection>
  );
}

/** The year by month: a line chart of the balance and the table (opening, invoices, payments, closing). */
export function YearSection({ id, currency }: { id: number; currency: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const thisYear = Number(bakuToday().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const data = useDebtYearlyData(id, year).data;
  const money = (minor: number) => formatMoney(minor, lang, currency);
  const monthName = (m: number) => formatDate(`${year}-${String(m).padStart(2, '0')}-15`, lang, { month: 'long' });
  const years = [thisYear, thisYear - 1, thisYear - 2].map((y) => ({ id: String(y), label: String(y) }));
  return (
    <RecordSection title={t('debts.detail.yearly.title')}>
      <div className={f.form}>
        <div className={`${s.row} ${s.noPrint}`}>
          <Select label={t('debts.detail.yearly.year')} items={years} selectedKey={String(year)} onSelectionChange={(key) => key && setYear(Number(key))} />
        </div>
        {data ? (
          <>
            <LazyLineChart
              title={t('debts.detail.yearly.chart')}
              height={220}
              emptyText={t('debts.detail.payments.empty')}
              data={data.months.map((m) => ({ month: monthName(m.month), closing: toMajorUnits(m.closingMinor) }))}
              categoryKey="month"
              categoryLabel={t('debts.detail.yearly.month')}
              series={[{ key: 'closing', label: t('debts.detail.yearly.closing') }]}
              formatValue={(v) => formatMoney(Math.round(v * 100), lang, currency)}
            />
            <div className={tbl.tableWrap}>
              <table className={tbl.table} aria-label={t('debts.detail.yearly.tableLabel', { year })}>
                <thead>
                  <tr>
                    <th className={tbl.th}>{t('debts.detail.yearly.month')}</th>
                    <th className={tbl.th}>{t('debts.columns.invoiced')}</th>
                    <th className={tbl.th}>{t('debts.columns.paid')}</th>
                    <th className={tbl.th}>{t('debts.detail.yearly.closing')}</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <td className={tbl.td}>{t('debts.detail.opening')}</td>
                    <td className={tbl.td} />
                    <td className={tbl.td} />
                    <td className={`${tbl.td} ${s.numeric}`}>{money(data.openingMinor)}</td>
                  </tr>
                  {data.months.map((m) => (
                    <tr key={m.month}>
                      <td className={tbl.td}>{monthName(m.month)}</td>
                      <td className={`${tbl.td} ${s.numeric}`}>{money(m.invoicedMinor)}</td>
                      <td className={`${tbl.td} ${s.numeric}`}>{money(m.paidMinor)}</td>
                      <td className={`${tbl.td} ${s.numeric}`}>{money(m.closingMinor)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
      </div>
    </RecordSection>
  );
}

/** Entries as a table: kind, document, dates, amount, payment type and where each came from (file, line). */
export function EntriesTable({ entries, label }: { entries: DebtEntry[]; label: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const day = (iso: string | null) => (iso ? formatDate(`${iso}T12:00:00Z`, lang, numericDate) : '');
  return (
    <div className={tbl.tableWrap}>
      <table className={tbl.table} aria-label={label}>
        <thead>
          <tr>
            <th className={tbl.th}>{t('debts.detail.entries.date')}</th>
            <th className={tbl.th}>{t('debts.detail.entries.kind')}</th>
            <th className={tbl.th}>{t('debts.detail.entries.number')}</th>
            <th className={tbl.th}>{t('debts.detail.entries.due')}</th>
            <th className={tbl.th}>{t('debts.detail.entries.amount')}</th>
            <th className={tbl.th}>{t('debts.detail.entries.type')}</th>
            <th className={tbl.th}>{t('debts.detail.entries.source')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <td className={tbl.td}>{day(e.docDate)}</td>
              <td className={tbl.td}>{t(`debts.entryKind.${e.kind}`)}</td>
              <td className={tbl.td}>{e.docNumber}</td>
              <td className={tbl.td}>{day(e.dueDate)}</td>
              <td className={`${tbl.td} ${s.numeric}`}>{formatMoney(e.amountMinor, lang, e.currency)}</td>
              <td className={tbl.td}>{e.paymentType ?? ''}</td>
              <td className={tbl.td}>{e.source ? t('debts.detail.entries.sourceText', { file: e.source.fileName, line: e.source.line }) : t('debts.detail.entries.manual')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

