import {
  DEFAULT_VAT_RATE,
  MINOR_PER_MAJOR,
  computeLineTotals,
  parseMajorAmount,
  type FinanceCurrency,
  type SaveVendorInvoiceInput,
  type VendorInvoiceDetail,
} from '@servicedesk/contracts';

/*
 * The vendor-invoice form's model (issue #16): what the user types (amounts in major units as
 * text, in their locale's decimal comma or point) and its conversion to the save call (minor
 * units). The totals shown while typing use contracts computeLineTotals — the same rule the server
 * applies when it saves (it computes them again; the form never sends totals).
 */

export interface LineValues {
  key: string;
  description: string;
  unit: string;
  quantity: string;
  unitPrice: string;
  vatRate: string;
}

export interface InvoiceFormValues {
  vendorId: number | null;
  number: string;
  invoiceDate: string | null;
  currency: FinanceCurrency;
  orderCode: string;
  transportNumbers: string;
  note: string;
  lines: LineValues[];
  fileIds: number[];
}

let keySeq = 0;
export const newLine = (): LineValues => ({ key: `l${++keySeq}`, description: '', unit: '', quantity: '1', unitPrice: '', vatRate: String(DEFAULT_VAT_RATE) });

export const emptyInvoiceForm = (): InvoiceFormValues => ({
  vendorId: null,
  number: '',
  invoiceDate: null,
  currency: 'AZN',
  orderCode: '',
  transportNumbers: '',
  note: '',
  lines: [newLine()],
  fileIds: [],
});

/** A decimal typed with a comma or a point, at most `places` decimals; null otherwise. */
export function parseDecimal(text: string, places: number): number | null {
  const cleaned = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!new RegExp(`^\\d{1,10}(\\.\\d{1,${places}})?$`).test(cleaned)) return null;
  return Number(cleaned);
}

/** The line's amounts (minor units) when its numbers are valid, else null. */
export function lineTotals(line: LineValues) {
  const quantity = parseDecimal(line.quantity, 3);
  const unitPrice = parseMajorAmount(line.unitPrice);
  const rate = parseDecimal(line.vatRate, 2);
  if (quantity === null || quantity <= 0 || unitPrice === null || rate === null || rate > 100) return null;
  return computeLineTotals(quantity, unitPrice, rate);
}

/** Field errors: keys of the finance area. */
export type InvoiceFormErrors = Partial<Record<'vendorId' | 'number' | 'invoiceDate', string>> & { lines?: Record<string, Partial<Record<'description' | 'quantity' | 'unitPrice' | 'vatRate', string>>> };

export function validateInvoiceForm(v: InvoiceFormValues): InvoiceFormErrors {
  const errors: InvoiceFormErrors = {};
  if (v.vendorId === null) errors.vendorId = 'finance.form.required';
  if (v.number.trim() === '') errors.number = 'finance.form.required';
  if (!v.invoiceDate) errors.invoiceDate = 'finance.form.required';
  const lines: NonNullable<InvoiceFormErrors['lines']> = {};
  for (const line of v.lines) {
    const e: Partial<Record<'description' | 'quantity' | 'unitPrice' | 'vatRate', string>> = {};
    if (line.description.trim() === '') e.description = 'finance.form.required';
    const q = parseDecimal(line.quantity, 3);
    if (q === null || q <= 0) e.quantity = 'finance.form.invalidQuantity';
    if (parseMajorAmount(line.unitPrice) === null) e.unitPrice = 'finance.form.invalidAmount';
    const r = parseDecimal(line.vatRate, 2);
    if (r === null || r > 100) e.vatRate = 'finance.form.invalidAmount';
    if (Object.keys(e).length) lines[line.key] = e;
  }
  if (Object.keys(lines).length) errors.lines = lines;
  return errors;
}

export const hasErrors = (e: InvoiceFormErrors) => Object.keys(e).length > 0;

/** The save call of valid values (`id` when editing). */
export function toSaveInput(v: InvoiceFormValues, id?: number): SaveVendorInvoiceInput {
  return {
    ...(id ? { id } : {}),
    vendorId: v.vendorId ?? 0,
    number: v.number.trim(),
    invoiceDate: v.invoiceDate ?? '',
    currency: v.currency,
    orderCode: v.orderCode.trim() || null,
    transportNumbers: [...new Set(v.transportNumbers.split(',').map((x) => x.trim()).filter(Boolean))],
    note: v.note,
    lines: v.lines.map((l) => ({
      description: l.description.trim(),
      unit: l.unit.trim(),
      quantity: parseDecimal(l.quantity, 3) ?? 0,
      unitPrice: parseMajorAmount(l.unitPrice) ?? 0,
      vatRate: parseDecimal(l.vatRate, 2) ?? 0,
    })),
    fileIds: v.fileIds,
  };
}

const major = (minor: number) => (minor / MINOR_PER_MAJOR).toFixed(2);

/** The form's values of a saved invoice (editing a draft or a returned one). */
export function fromDetail(d: VendorInvoiceDetail): InvoiceFormValues {
  return {
    vendorId: d.invoice.vendor.id,
    number: d.invoice.number,
    invoiceDate: d.invoice.invoiceDate,
    currency: d.invoice.currency,
    orderCode: d.invoice.orderCode ?? '',
    transportNumbers: d.invoice.transportNumbers.join(', '),
    note: d.invoice.note,
    lines: d.lines.map((l) => ({ ...newLine(), description: l.description, unit: l.unit, quantity: String(l.quantity), unitPrice: major(l.unitPrice), vatRate: String(l.vatRate) })),
    fileIds: [],
  };
}
