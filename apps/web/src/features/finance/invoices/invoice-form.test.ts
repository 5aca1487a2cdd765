import { describe, expect, it } from 'vitest';
import { emptyInvoiceForm, lineTotals, newLine, parseDecimal, toSaveInput, validateInvoiceForm } from './invoice-form';

describe('the vendor-invoice form model', () => {
  it('reads decimals typed with a comma or a point, refusing more places than allowed', () => {
    expect(parseDecimal('1,5', 3)).toBe(1.5);
    expect(parseDecimal(' 2.125 ', 3)).toBe(2.125);
    expect(parseDecimal('2.1255', 3)).toBeNull();
    expect(parseDecimal('abc', 2)).toBeNull();
    expect(parseDecimal('-1', 2)).toBeNull();
  });

  it('shows a line’s amounts by the server’s rounding rule while typing', () => {
    expect(lineTotals({ ...newLine(), quantity: '1,005', unitPrice: '1,00', vatRate: '18' })).toEqual({ net: 101, vat: 18, gross: 119 });
    expect(lineTotals({ ...newLine(), quantity: '2', unitPrice: '1450', vatRate: '18' })).toEqual({ net: 290000, vat: 52200, gross: 342200 });
    expect(lineTotals({ ...newLine(), quantity: '0', unitPrice: '1', vatRate: '18' })).toBeNull();
  });

  it('names every missing field and every malformed number', () => {
    const v = emptyInvoiceForm();
    const line = v.lines[0]!;
    const errors = validateInvoiceForm({ ...v, lines: [{ ...line, quantity: '1.2345', unitPrice: '12,345' }] });
    expect(errors).toMatchObject({
      vendorId: 'finance.form.required',
      number: 'finance.form.required',
      invoiceDate: 'finance.form.required',
      lines: { [line.key]: { description: 'finance.form.required', quantity: 'finance.form.invalidQuantity', unitPrice: 'finance.form.invalidAmount' } },
    });
  });

  it('sends amounts in minor units and transport numbers as a list, never totals', () => {
    const v = { ...emptyInvoiceForm(), vendorId: 3, number: ' KM-1 ', invoiceDate: '2026-11-20', transportNumbers: '10-AA-1, 10-AA-2,,10-AA-1' };
    v.lines = [{ ...v.lines[0]!, description: 'Noutbuk', quantity: '2', unitPrice: '1 450,50', vatRate: '18' }];
    const input = toSaveInput(v);
    expect(input).toMatchObject({ vendorId: 3, number: 'KM-1', transportNumbers: ['10-AA-1', '10-AA-2'], lines: [{ quantity: 2, unitPrice: 145050, vatRate: 18 }] });
    expect(input).not.toHaveProperty('grossTotal');
  });
});
