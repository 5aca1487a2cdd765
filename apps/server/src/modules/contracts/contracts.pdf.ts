import type { ContractDetail, LanguageCode } from '@servicedesk/contracts';
import az from '@servicedesk/i18n/locales/az/contracts.json' with { type: 'json' };
import en from '@servicedesk/i18n/locales/en/contracts.json' with { type: 'json' };
import ru from '@servicedesk/i18n/locales/ru/contracts.json' with { type: 'json' };
import tr from '@servicedesk/i18n/locales/tr/contracts.json' with { type: 'json' };
import { formatDate, formatDateTime } from '@servicedesk/i18n/format';
import { renderPdf } from '../../lib/pdf';

/*
 * The contract's PDF summary sheet (issue #14), made with pdfmake on the server in the caller's
 * language (the contracts area's translations): number, status, counterparty and TIN, subject,
 * amount (formatted by Intl from minor units), dates, notice and renewal, people, the approval
 * rows of the history and the chain of renewals. Roboto (shipped with pdfmake) covers the
 * Azerbaijani, Russian and Turkish letters.
 */

const texts = { az, en, ru, tr } as const;
type Tree = (typeof en)['contracts'];

const LOCALES: Record<LanguageCode, string> = {
  az: 'az-AZ',
  en: 'en-GB',
  ru: 'ru-RU',
  tr: 'tr-TR',
};

/** `{{name}}` placeholders filled from `params`. */
const fill = (text: string, params: Record<string, string | number> = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key] ?? ''));

/** The summary sheet of `detail` in `lang` → the PDF's bytes. */
export async function contractPdf(
  detail: ContractDetail,
  lang: LanguageCode = 'az',
  now = new Date(),
): Promise<Buffer> {
  const t: Tree = (texts[lang] ?? texts.az).contracts as Tree;
  const locale = LOCALES[lang] ?? LOCALES.az;
  const c = detail.contract;
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: c.currency }).format(
    c.amountMinor / 100,
  );
  // The screen's formats: a calendar date as that day, an instant in the organisation's zone.
  const date = (value: string) => formatDate(value.slice(0, 10), lang);
  const instant = (value: string) => formatDateTime(value, lang);
  const renewal =
    c.renewal === 'automatic'
      ? `${t.renewal.automatic} (${c.renewalMonths ?? ''})`
      : t.renewal[c.renewal];
  const rows: [string, string][] = [
    [t.fields.number, c.number ?? t.pdf.unregistered],
    [t.fields.status, t.status[c.status]],
    [t.fields.counterparty, `${c.counterparty.name} (${t.kind[c.counterparty.kind]})`],
    [t.fields.tin, c.counterparty.tin ?? '—'],
    [t.fields.subject, c.subject],
    [t.fields.amount, money],
    [t.fields.startDate, date(c.startDate)],
    [t.fields.endDate, date(c.endDate)],
    [t.fields.noticeDays, String(c.noticeDays)],
    [t.fields.noticeDate, date(c.noticeDate)],
    [t.fields.renewal, renewal],
    [t.fields.responsible, c.responsible.name],
    [t.fields.author, c.author.name],
    [t.fields.reviewers, c.reviewers.map((r) => r.name).join(', ')],
    [t.fields.term, String(c.term)],
    ...(c.registeredAt
      ? ([[t.fields.registeredAt, instant(c.registeredAt)]] as [string, string][])
      : []),
    ...(c.deactivationReason
      ? ([[t.fields.deactivationReason, c.deactivationReason]] as [string, string][])
      : []),
  ];
  const historyText = (action: string, details: Record<string, unknown> | null) => {
    const text = (t.history as Record<string, string>)[action] ?? action;
    return fill(text, { number: String(details?.number ?? '') });
  };
  const doc = {
    pageSize: 'A4',
    pageMargins: [40, 48, 40, 48],
    info: { title: `${t.pdf.title} ${c.number ?? ''}`.trim() },
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    content: [
      { text: t.pdf.title, fontSize: 18, bold: true, margin: [0, 0, 0, 4] },
      {
        text: fill(t.pdf.generated, { date: instant(now.toISOString()) }),
        color: '#555',
        margin: [0, 0, 0, 12],
      },
      {
        table: { widths: [160, '*'], body: rows.map(([k, v]) => [{ text: k, bold: true }, v]) },
        layout: 'lightHorizontalLines',
      },
      { text: t.pdf.approval, fontSize: 13, bold: true, margin: [0, 16, 0, 6] },
      {
        table: {
          widths: [110, 130, '*'],
          body: detail.history.map((h) => [
            instant(h.createdAt),
            h.actor?.name ?? t.history.system,
            [historyText(h.action, h.details), h.comment ? `: ${h.comment}` : ''].join(''),
          ]),
        },
        layout: 'lightHorizontalLines',
      },
      ...(detail.terms.length > 1
        ? [
            { text: t.detail.terms, fontSize: 13, bold: true, margin: [0, 16, 0, 6] },
            {
              ul: detail.terms.map(
                (term) =>
                  `${term.term}. ${term.number ?? t.pdf.unregistered} — ${date(term.startDate)} – ${date(term.endDate)} (${t.status[term.status]})`,
              ),
            },
          ]
        : []),
    ],
  };
  return renderPdf(doc);
}
