import { useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FINANCE_CURRENCIES, computeInvoiceTotals, type FinanceCurrency } from '@servicedesk/contracts';
import { useFinanceVendors, useOrderLookup, useSaveVendorInvoice, useVendorInvoice } from '@servicedesk/api/finance/vendor-invoices';
import { Button } from '@servicedesk/ui/Button';
import { DatePicker } from '../../shared/lazy-fields';
import { Select } from '@servicedesk/ui/Select';
import { TextArea } from '@servicedesk/ui/TextArea';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import { FileUploadField } from '../../shared/lazy-fields';
import { firstDayOfWeek } from '../../shared/format';
import { money, refusal } from '../shared/finance-display';
import { DuplicateWarning, possibleDuplicate, type PossibleDuplicate } from './DuplicateWarning';
import { emptyInvoiceForm, fromDetail, hasErrors, lineTotals, newLine, parseDecimal, toSaveInput, validateInvoiceForm, type InvoiceFormValues, type LineValues } from './invoice-form';
import { parseMajorAmount } from '@servicedesk/contracts';
import * as p from '../../shared/page.css';
import * as f from '../../shared/forms.css';
import * as s from '../shared/finance.css';

/**
 * /home/finance/vendor-invoices/new and …/:id/edit (issue #16): the vendor (modal element), number,
 * date, currency, the equipment order (looked up by code or id), transport numbers, note, lines
 * (material or service, unit, quantity, unit price, VAT rate) with their amounts and the totals
 * computed while typing by the stated rounding rule, attachments. Saves a draft (the server
 * computes the totals again) and opens the invoice.
 */
export function VendorInvoiceFormPage() {
  const { t } = useTranslation();
  const params = useParams();
  const editId = params.id ? Number(params.id) : 0;
  const existing = useVendorInvoice(editId);
  if (editId && !existing.data) {
    return (
      <div className={p.page}>
        {existing.isError ? <p role="alert">{t('finance.detail.loadFailed')}</p> : <p className={p.muted} role="status">{t('loading')}</p>}
      </div>
    );
  }
  return <InvoiceForm key={editId} editId={editId} initial={existing.data ? fromDetail(existing.data) : emptyInvoiceForm()} />;
}

/** The form itself, started from `initial` (a new invoice, or the saved one being edited). */
function InvoiceForm({ editId, initial }: { editId: number; initial: InvoiceFormValues }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const vendors = useFinanceVendors();
  const order = useOrderLookup();
  const [values, setValues] = useState<InvoiceFormValues>(initial);
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState<PossibleDuplicate | null>(null);
  const set = <K extends keyof InvoiceFormValues>(key: K, value: InvoiceFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerError(null);
  };
  const setLine = (key: string, change: Partial<LineValues>) => set('lines', values.lines.map((l) => (l.key === key ? { ...l, ...change } : l)));
  const save = useSaveVendorInvoice({
    onSuccess: (detail) => {
      toast.show({ title: t('finance.form.saved'), variant: 'success' });
      void navigate(`/home/finance/vendor-invoices/${detail.invoice.id}`);
    },
    onError: (error) => {
      const similar = possibleDuplicate(error);
      if (similar) return setDuplicate(similar);
      const r = refusal(error);
      setServerError(t(r.key, { ...r.values, defaultValue: t('finance.errors.generic', r.values) }));
    },
  });

  const errors = attempted ? validateInvoiceForm(values) : {};
  const totals = useMemo(() => {
    const valid = values.lines.map((l) => ({ l, q: parseDecimal(l.quantity, 3), u: parseMajorAmount(l.unitPrice), r: parseDecimal(l.vatRate, 2) })).filter((x) => x.q !== null && x.q > 0 && x.u !== null && x.r !== null);
    return computeInvoiceTotals(valid.map((x) => ({ quantity: x.q as number, unitPrice: x.u as number, vatRate: x.r as number })));
  }, [values.lines]);
  const vendorItems = (vendors.data ?? []).map((v) => ({ id: String(v.id), label: v.tin ? `${v.name} (${v.tin})` : v.name }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (hasErrors(validateInvoiceForm(values))) return;
    save.mutate(toSaveInput(values, editId || undefined));
  };

  return (
    <div className={p.page}>
      <p>
        <RouterLink className={f.link} to={editId ? `/home/finance/vendor-invoices/${editId}` : '/home/finance/vendor-invoices'}>
          {t('finance.detail.back')}
        </RouterLink>
      </p>
      <h1 className={p.heading}>{editId ? t('finance.form.editTitle', { number: values.number }) : t('finance.form.newTitle')}</h1>
      <form className={`${p.card} ${f.form}`} onSubmit={submit} noValidate aria-label={t('finance.form.newTitle')}>
        {serverError ? <p className={f.error} role="alert">{serverError}</p> : null}
        <div className={s.grid2}>
          <Select
            label={t('finance.form.vendor')}
            items={vendorItems}
            selectedKey={values.vendorId === null ? null : String(values.vendorId)}
            onSelectionChange={(key) => set('vendorId', key === null ? null : Number(key))}
            placeholder={t('finance.form.vendorPlaceholder')}
            isRequired
            isInvalid={!!errors.vendorId}
            errorMessage={errors.vendorId ? t(errors.vendorId) : undefined}
          />
          <TextField label={t('finance.form.number')} value={values.number} onChange={(v) => set('number', v)} isRequired isInvalid={!!errors.number} errorMessage={errors.number ? t(errors.number) : undefined} maxLength={50} />
          <DatePicker
            label={t('finance.form.invoiceDate')}
            value={values.invoiceDate}
            onChange={(v) => set('invoiceDate', v)}
            firstDayOfWeek={firstDayOfWeek(lang)}
            openCalendarLabel={t('finance.dialogs.openCalendar')}
            isRequired
            isInvalid={!!errors.invoiceDate}
            errorMessage={errors.invoiceDate ? t(errors.invoiceDate) : undefined}
          />
          <Select label={t('finance.form.currency')} items={FINANCE_CURRENCIES.map((c) => ({ id: c, label: c }))} selectedKey={values.currency} onSelectionChange={(key) => set('currency', String(key ?? 'AZN') as FinanceCurrency)} />
          <div>
            <TextField label={t('finance.form.orderCode')} value={values.orderCode} onChange={(v) => set('orderCode', v)} maxLength={40} />
            <Button size="sm" variant="secondary" isDisabled={values.orderCode.trim() === ''} isPending={order.isPending} onPress={() => order.mutate(values.orderCode.trim())}>
              {t('finance.form.findOrder')}
            </Button>
            {order.isSuccess ? (
              <p className={s.note}>
                {/* Title and status come only to who may open the order (issue #42); others learn it exists. */}
                {order.data.title === null
                  ? t('finance.form.orderFoundNumberOnly', { code: order.data.code })
                  : t('finance.form.orderFound', { code: order.data.code, title: order.data.title })}
              </p>
            ) : null}
            {order.isError ? <p className={s.note}>{t('finance.form.orderNotFound')}</p> : null}
          </div>
          <TextField label={t('finance.form.transportNumbers')} description={t('finance.form.transportHint')} value={values.transportNumbers} onChange={(v) => set('transportNumbers', v)} />
        </div>

        <fieldset>
          <legend>{t('finance.form.lines')}</legend>
          {values.lines.map((line, i) => {
            const le = errors.lines?.[line.key] ?? {};
            const lt = lineTotals(line);
            return (
              <div key={line.key} className={s.lineRow} role="group" aria-label={`${t('finance.form.lines')} ${i + 1}`}>
                <TextField label={t('finance.form.line.description')} value={line.description} onChange={(v) => setLine(line.key, { description: v })} isRequired isInvalid={!!le.description} errorMessage={le.description ? t(le.description) : undefined} maxLength={300} />
                <TextField label={t('finance.form.line.unit')} value={line.unit} onChange={(v) => setLine(line.key, { unit: v })} maxLength={20} />
                <TextField label={t('finance.form.line.quantity')} value={line.quantity} onChange={(v) => setLine(line.key, { quantity: v })} inputMode="decimal" isInvalid={!!le.quantity} errorMessage={le.quantity ? t(le.quantity) : undefined} />
                <TextField label={t('finance.form.line.unitPrice')} value={line.unitPrice} onChange={(v) => setLine(line.key, { unitPrice: v })} inputMode="decimal" isInvalid={!!le.unitPrice} errorMessage={le.unitPrice ? t(le.unitPrice) : undefined} />
                <TextField label={t('finance.form.line.vatRate')} value={line.vatRate} onChange={(v) => setLine(line.key, { vatRate: v })} inputMode="decimal" isInvalid={!!le.vatRate} errorMessage={le.vatRate ? t(le.vatRate) : undefined} />
                <output className={s.lineTotal} aria-label={`${t('finance.form.line.gross')} ${i + 1}`}>
                  {lt ? money(lt.gross, lang, values.currency) : '—'}
                </output>
                <Button size="sm" variant="ghost" isDisabled={values.lines.length === 1} onPress={() => set('lines', values.lines.filter((l) => l.key !== line.key))}>
                  {t('finance.form.line.remove', { n: i + 1 })}
                </Button>
              </div>
            );
          })}
          <Button size="sm" variant="secondary" onPress={() => set('lines', [...values.lines, newLine()])}>
            {t('finance.form.line.add')}
          </Button>
        </fieldset>

        <section aria-label={t('finance.form.totals')}>
          <dl className={s.totals}>
            <dt>{t('finance.form.line.net')}</dt>
            <dd data-testid="total-net">{money(totals.net, lang, values.currency)}</dd>
            <dt>{t('finance.form.line.vat')}</dt>
            <dd data-testid="total-vat">{money(totals.vat, lang, values.currency)}</dd>
            <dt className={s.strong}>{t('finance.form.line.gross')}</dt>
            <dd className={s.strong} data-testid="total-gross">{money(totals.gross, lang, values.currency)}</dd>
          </dl>
          <p className={s.note}>{t('finance.form.rounding')}</p>
        </section>

        <TextArea label={t('finance.form.note')} value={values.note} onChange={(v) => set('note', v)} />
        {editId === 0 ? <FileUploadField type="vendorInvoice" label={t('finance.form.files')} onChange={(files) => set('fileIds', files.map((file) => file.id))} /> : null}
        <div className={f.actions}>
          <Button type="submit" isPending={save.isPending}>
            {t('finance.form.save')}
          </Button>
        </div>
      </form>
      <DuplicateWarning
        duplicate={duplicate}
        onClose={() => setDuplicate(null)}
        onConfirm={() => {
          setDuplicate(null);
          save.mutate({ ...toSaveInput(values, editId || undefined), confirmDuplicate: true });
        }}
      />
    </div>
  );
}
