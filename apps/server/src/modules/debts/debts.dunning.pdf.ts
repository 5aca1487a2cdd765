import { buildLocale } from '@servicedesk/i18n/resources';
import type { TranslationTree } from '@servicedesk/i18n/areas';
import { formatDate, formatMoney } from '@servicedesk/i18n/format';
import { AGEING_BUCKETS, type DebtAgeing, type DebtEntry, type LanguageCode } from '@servicedesk/contracts';
import { renderPdf } from '../../lib/pdf';

/*
 * The dunning letter of a counterparty (issue #41): an A4 PDF through lib/pdf (pdfmake, Roboto),
 * in az, en or ru (area `money`, key `dunning`): the counterparty, what it owes as of the date in
 * its own currency by days past due, and its open invoices (oldest due first) — the debts the
 * ageing left unsettled.
 */

const texts = new Map<LanguageCode, TranslationTree>();
function labels(lang: LanguageCode): (key: string, values?: Record<string, string>) => string {
  let tree = texts.get(lang);
  if (!tree) texts.set(lang, (tree = buildLocale(lang)));
  const area = ((tree.money as TranslationTree | undefined)?.dunning ?? {}) as TranslationTree;
  return (key, values = {}) => {
    const value = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as TranslationTree)[part] : undefined), area);
    return typeof value === 'string' ? value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '') : key;
  };
}

/** What the letter is about: the counterparty, its ageing as of the date and its entries up to it. */
export interface DunningInput {
  counterparty: { name: string; tin: string | null };
  ageing: DebtAgeing;
  entries: readonly DebtEntry[];
}

/** The invoices still (partly) open as of the date, as the ageing settles them: payments pay the earliest due first. */
export function openInvoices(entries: readonly DebtEntry[]): { docNumber: string; docDate: string; due: string; leftMinor: number }[] {
  const debts = entries
    .filter((e) => e.kind !== 'payment' && e.amountMinor > 0)
    .map((e) => ({ docNumber: e.docNumber, docDate: e.docDate, due: e.dueDate ?? e.docDate, leftMinor: e.amountMinor }))
    .sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : 0));
  let credit = entries.reduce((sum, e) => sum + (e.kind === 'payment' ? e.amountMinor : e.amountMinor < 0 ? -e.amountMinor : 0), 0);
  for (const debt of debts) {
    const settled = Math.min(credit, debt.leftMinor);
    credit -= settled;
    debt.leftMinor -= settled;
  }
  return debts.filter((d) => d.leftMinor > 0);
}

/** Renders the letter in `lang` (az | en | ru) → the PDF's bytes. */
export async function renderDunningLetter(input: DunningInput, lang: LanguageCode): Promise<Buffer> {
  const t = labels(lang);
  const { ageing, counterparty } = input;
  const money = (minor: number) => formatMoney(minor, lang, ageing.currency);
  const day = (date: string) => formatDate(date, lang);
  const open = openInvoices(input.entries);
  return renderPdf({
    pageSize: 'A4',
    pageMargins: [48, 56, 48, 56],
    defaultStyle: { fontSize: 10 },
    content: [
      { text: t('title'), fontSize: 16, bold: true, margin: [0, 0, 0, 12] },
      { text: `${counterparty.name}${counterparty.tin ? ` · ${t('tin')} ${counterparty.tin}` : ''}`, bold: true },
      { text: t('date', { date: day(ageing.asOf) }), margin: [0, 4, 0, 12], color: '#555555' },
      { text: t('body', { total: money(ageing.totalMinor), date: day(ageing.asOf) }), margin: [0, 0, 0, 12] },
      {
        table: {
          widths: ['*', 'auto'],
          body: [
            [{ text: t('bucket'), bold: true }, { text: t('amount'), bold: true, alignment: 'right' }],
            ...AGEING_BUCKETS.map((b) => [t(`buckets.${b}`), { text: money(ageing.buckets[b]), alignment: 'right' }]),
            [{ text: t('total'), bold: true }, { text: money(ageing.totalMinor), bold: true, alignment: 'right' }],
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 16],
      },
      open.length
        ? {
            table: {
              headerRows: 1,
              widths: ['*', 'auto', 'auto', 'auto'],
              body: [
                [t('invoice'), t('invoiceDate'), t('dueDate'), { text: t('open'), alignment: 'right' }].map((c) => (typeof c === 'string' ? { text: c, bold: true } : { ...c, bold: true })),
                ...open.map((o) => [o.docNumber, day(o.docDate), day(o.due), { text: money(o.leftMinor), alignment: 'right' }]),
              ],
            },
            layout: 'lightHorizontalLines',
            margin: [0, 0, 0, 16],
          }
        : { text: t('nothingOpen'), margin: [0, 0, 0, 16] },
      { text: t('closing') },
    ],
  });
}
