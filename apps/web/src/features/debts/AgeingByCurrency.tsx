import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AGEING_BUCKETS, type DebtAgeingAll, type DebtAgeingCurrency, type DebtAgeingRow } from '@servicedesk/contracts';
import { useDebtAgeingAll } from '@servicedesk/api/debts/get-debt-reports';
import { formatDate, formatMoney, formatNumber, toMajorUnits } from '@servicedesk/i18n';
import type { DataTableColumn } from '@servicedesk/ui/DataTable/types';
import { table as tableClass, tableWrap, td, th, numeric } from '@servicedesk/ui/SimpleTable';
import { AppDataTable } from '../shared/AppDataTable';
import { tableKeys } from '../shared/data-table';
import { LazyBarChart } from '../shared/LazyBarChart';
import { DatePicker } from '../shared/lazy-fields';
import { firstDayOfWeek } from '../shared/format';
import { bakuToday } from './debts-display';
import * as f from '../shared/forms.css';
import * as s from './debts.css';

const numericDate = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;

/** The rate a currency was converted at ("1.7 AZN per 1 USD (rate of 24.11.2026)"), AZN itself, or that it has none. */
function RateNote({ row, asOf }: { row: DebtAgeingCurrency; asOf: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const day = (d: string) => formatDate(`${d}T12:00:00Z`, lang, numericDate);
  if (row.currency === 'AZN') return <>{t('money.ageing.base')}</>;
  if (!row.rate) return <strong>{t('money.ageing.noRate', { date: day(asOf) })}</strong>;
  return <>{t('money.ageing.rateUsed', { rate: formatNumber(row.rate.rate, lang, { maximumFractionDigits: 6 }), nominal: row.rate.nominal, currency: row.currency, date: day(row.rate.rateDate) })}</>;
}

/** Each currency's ageing on its own line, then the total converted to AZN (never a sum of unconverted currencies). */
function CurrencyTable({ data }: { data: DebtAgeingAll }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    // The wrapper scrolls sideways on a phone: focusable and named, so a keyboard can scroll it (axe scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus (WCAG 2.1.1)
    <div className={tableWrap} tabIndex={0} role="region" aria-label={t('money.ageing.title', { date: data.asOf })}>
      <table className={tableClass} aria-label={t('money.ageing.title', { date: data.asOf })}>
        <thead>
          <tr>
            <th className={th}>{t('money.ageing.currency')}</th>
            <th className={`${th} ${numeric}`}>{t('money.ageing.counterparties')}</th>
            {AGEING_BUCKETS.map((b) => (
              <th key={b} className={`${th} ${numeric}`}>
                {t(`debts.buckets.${b}`)}
              </th>
            ))}
            <th className={`${th} ${numeric}`}>{t('money.ageing.total')}</th>
            <th className={th}>{t('money.rates.rate')}</th>
          </tr>
        </thead>
        <tbody>
          {data.currencies.map((c) => (
            <tr key={c.currency}>
              <td className={td}>{c.currency}</td>
              <td className={`${td} ${numeric}`}>{c.counterparties}</td>
              {AGEING_BUCKETS.map((b) => (
                <td key={b} className={`${td} ${numeric}`}>
                  {formatMoney(c.buckets[b], lang, c.currency)}
                </td>
              ))}
              <td className={`${td} ${numeric}`}>{formatMoney(c.totalMinor, lang, c.currency)}</td>
              <td className={td}>
                <RateNote row={c} asOf={data.asOf} />
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row" className={th}>
              {t('money.ageing.converted')}
            </th>
            <td className={td} />
            {AGEING_BUCKETS.map((b) => (
              <td key={b} className={`${td} ${numeric}`}>
                {formatMoney(data.converted.buckets[b], lang, 'AZN')}
              </td>
            ))}
            <td className={`${td} ${numeric}`} data-testid="ageing-converted-total">
              <strong>{formatMoney(data.converted.totalMinor, lang, 'AZN')}</strong>
            </td>
            <td className={td}>{t('money.ageing.convertedNote')}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/**
 * The ageing of every counterparty (of `groupId`) as of a date (issue #41): per currency, the
 * total converted to AZN at each currency's official rate of that date (the rate's date shown; a
 * currency without a rate is named and left out), the converted buckets as a chart, and the
 * ageing per counterparty in its own currency — a table the DataTable exports as CSV and XLSX.
 */
export function AgeingByCurrency({ groupId }: { groupId?: number | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [asOf, setAsOf] = useState(bakuToday);
  const ageing = useDebtAgeingAll(asOf, groupId);
  const data = ageing.data;
  const columns = useMemo<DataTableColumn<DebtAgeingRow>[]>(
    () => [
      {
        columnName: 'name',
        header: t('money.ageing.counterparty'),
        minWidth: 240,
        render: (_v, row) => (
          <RouterLink className={s.nameLink} to={`/home/finance/debt-reports/${row.id}`}>
            {row.name}
          </RouterLink>
        ),
      },
      { columnName: 'tin', header: t('money.ageing.tin'), minWidth: 130 },
      { columnName: 'currency', header: t('money.ageing.currency'), minWidth: 100 },
      ...AGEING_BUCKETS.map((b): DataTableColumn<DebtAgeingRow> => ({ columnName: b, header: t(`debts.buckets.${b}`), type: 'money', accessor: (row) => toMajorUnits(row.buckets[b]), minWidth: 140 })),
      { columnName: 'totalMinor', header: t('money.ageing.total'), type: 'money', accessor: (row) => toMajorUnits(row.totalMinor), minWidth: 150 },
      { columnName: 'creditMinor', header: t('money.ageing.credit'), type: 'money', accessor: (row) => toMajorUnits(row.creditMinor), minWidth: 130, hidden: true },
    ],
    [t],
  );
  return (
    <section className={f.form} aria-label={t('money.ageing.title', { date: formatDate(`${asOf}T12:00:00Z`, lang, numericDate) })}>
      <h2>{t('money.ageing.title', { date: formatDate(`${asOf}T12:00:00Z`, lang, numericDate) })}</h2>
      <div className={s.filterBar}>
        <DatePicker label={t('money.ageing.asOf')} value={asOf} onChange={(value) => value && setAsOf(value)} firstDayOfWeek={firstDayOfWeek(lang)} openCalendarLabel={t('money.ageing.asOf')} />
      </div>
      {ageing.isError ? <p role="alert">{t('error.generic')}</p> : null}
      {data ? (
        <>
          <CurrencyTable data={data} />
          {data.unconverted.length ? (
            <p className={f.error} role="status">
              {t('money.ageing.unconverted', { currencies: data.unconverted.join(', ') })}
            </p>
          ) : null}
          <LazyBarChart
            title={t('debts.list.ageingTitle')}
            height={220}
            emptyText={t('debts.detail.payments.empty')}
            data={AGEING_BUCKETS.map((b) => ({ bucket: t(`debts.buckets.${b}`), amount: toMajorUnits(data.converted.buckets[b]) }))}
            categoryKey="bucket"
            categoryLabel={t('debts.detail.ageing.chart')}
            series={[{ key: 'amount', label: t('money.ageing.converted') }]}
            formatValue={(v) => formatMoney(Math.round(v * 100), lang, 'AZN')}
          />
          <h3>{t('money.ageing.perCounterparty')}</h3>
          <AppDataTable
            tableKey={tableKeys.debtAgeing}
            aria-label={t('money.ageing.perCounterparty')}
            data={data.rows}
            columns={columns}
            getRowId={(row) => String(row.id)}
            exportFileName={`${t('money.ageing.exportName')}-${asOf}`}
            height="min(50vh, 420px)"
          />
        </>
      ) : (
        <p role="status">{t('loading')}</p>
      )}
    </section>
  );
}
