import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrencyRate } from '@servicedesk/contracts';
import { useCurrencyRates, useImportCurrencyRates, useSaveCurrencyRate } from '@servicedesk/api/debts/currency-rates';
import { formatDate } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import type { DataTableColumn } from '@servicedesk/ui/DataTable/types';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import { AppDataTable } from '../shared/AppDataTable';
import { tableKeys } from '../shared/data-table';
import { DatePicker } from '../shared/lazy-fields';
import { firstDayOfWeek } from '../shared/format';
import { bakuToday } from './debts-display';
import * as f from '../shared/forms.css';
import * as s from './debts.css';

const numericDate = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
/** The server's refusal text (already in the caller's language, SPEC §7). */
const serverMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
const daysBefore = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** Typing one rate by hand (the accountant's correction, or a currency the bank's file lacks). */
function RateForm({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ currency: '', rateDate: bakuToday(), rate: '', nominal: '1' });
  const [error, setError] = useState<string | null>(null);
  const save = useSaveCurrencyRate();
  const rate = Number(values.rate.replace(',', '.'));
  const nominal = Number(values.nominal);
  const valid = /^[A-Z]{3}$/.test(values.currency) && values.currency !== 'AZN' && rate > 0 && Number.isInteger(nominal) && nominal > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setError(null);
    save.mutate(
      { currency: values.currency, rateDate: values.rateDate, rate, nominal },
      {
        onSuccess: () => toast.show({ title: t('money.rates.saved'), variant: 'success' }),
        onError: (e) => setError(t('money.rates.saveFailed', { message: serverMessage(e) })),
      },
    );
  };
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: key === 'currency' ? value.toUpperCase().slice(0, 3) : value }));
  return (
    <form className={f.form} onSubmit={submit} aria-label={t('money.rates.formTitle')}>
      <h3>{t('money.rates.formTitle')}</h3>
      {error ? (
        <p className={f.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={s.filterBar}>
        <TextField label={t('money.rates.currency')} description={t('money.rates.currencyHint')} value={values.currency} onChange={set('currency')} isRequired maxLength={3} />
        <DatePicker label={t('money.rates.date')} value={values.rateDate} onChange={(v) => v && setValues((x) => ({ ...x, rateDate: v }))} firstDayOfWeek={firstDayOfWeek(lang)} openCalendarLabel={t('money.rates.date')} />
        <TextField label={t('money.rates.rate')} value={values.rate} onChange={set('rate')} inputMode="decimal" isRequired />
        <TextField label={t('money.rates.nominal')} value={values.nominal} onChange={set('nominal')} inputMode="numeric" />
      </div>
      <div className={f.actions}>
        <Button type="submit" isDisabled={!valid} isPending={save.isPending}>
          {t('money.rates.add')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The official rates tab of the debt reports (issue #41, the accountant's): import the Central
 * Bank of Azerbaijan's daily XML (cbar.az/currencies/DD.MM.YYYY.xml, saved from the bank's site),
 * type a rate by hand, and the rates of the last month. The ageing converts with them.
 */
export function CurrencyRatesTab({ canManage }: { canManage: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const to = bakuToday();
  const rates = useCurrencyRates(daysBefore(to, 45), to);
  const importer = useImportCurrencyRates();
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const choose = (file: File | undefined) => {
    setMessage(null);
    if (!file) return;
    importer.mutate(file, {
      onSuccess: (done) =>
        setMessage({ ok: true, text: t('money.rates.imported', { count: done.rates.length, date: formatDate(`${done.rateDate}T12:00:00Z`, lang, numericDate), created: done.created, changed: done.changed }) }),
      onError: (e) => setMessage({ ok: false, text: t('money.rates.importFailed', { message: serverMessage(e) }) }),
      onSettled: () => {
        if (input.current) input.current.value = '';
      },
    });
  };
  const columns = useMemo<DataTableColumn<CurrencyRate>[]>(
    () => [
      { columnName: 'rateDate', header: t('money.rates.date'), type: 'date', minWidth: 130 },
      { columnName: 'currency', header: t('money.rates.currency'), minWidth: 100 },
      { columnName: 'nominal', header: t('money.rates.nominal'), type: 'number', minWidth: 100 },
      { columnName: 'rate', header: t('money.rates.rate'), type: 'number', minWidth: 130 },
      { columnName: 'name', header: t('money.rates.name'), minWidth: 200 },
      { columnName: 'source', header: t('money.rates.source'), accessor: (row) => `money.rates.sources.${row.source}`, translate: true, minWidth: 120 },
    ],
    [t],
  );
  return (
    <div className={f.form}>
      <h2>{t('money.rates.title')}</h2>
      <p>{t('money.rates.intro')}</p>
      {canManage ? (
        <>
          <label className={f.form}>
            {t('money.rates.importLabel')}
            <input ref={input} type="file" accept=".xml,text/xml,application/xml" onChange={(e) => choose(e.target.files?.[0])} />
          </label>
          {importer.isPending ? <p role="status">{t('loading')}</p> : null}
          {message ? (
            <p className={message.ok ? f.info : f.error} role={message.ok ? 'status' : 'alert'}>
              {message.text}
            </p>
          ) : null}
          <RateForm lang={lang} />
        </>
      ) : null}
      <AppDataTable
        tableKey={tableKeys.currencyRates}
        aria-label={t('money.rates.tableLabel')}
        data={rates.data ?? []}
        columns={columns}
        getRowId={(row) => `${row.currency}-${row.rateDate}`}
        isLoading={rates.isPending}
        exportFileName={t('money.rates.tableLabel')}
        height="min(50vh, 420px)"
      />
    </div>
  );
}
