import { buildLocale } from '@servicedesk/i18n/resources';
import type { TranslationTree } from '@servicedesk/i18n/areas';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '@servicedesk/i18n/format';
import type { ApprovalState, LanguageCode, VendorInvoiceDetail } from '@servicedesk/contracts';
import { renderPdf } from '../../lib/pdf';

/*
 * The cover list of a vendor invoice (issue #16 "print the cover list"): an A4 PDF made with
 * pdfmake through lib/pdf (Roboto: every Azerbaijani, Russian and Turkish letter). It holds the invoice,
 * its lines, its totals and one signature block per approval step (who decided, on behalf of whom,
 * when), in the caller's language (area `finance`, key `coverList`).
 */

const texts = new Map<LanguageCode, TranslationTree>();
function labels(lang: LanguageCode): (key: string) => string {
  let tree = texts.get(lang);
  if (!tree) texts.set(lang, (tree = buildLocale(lang)));
  const area = ((tree.finance as TranslationTree | undefined)?.coverList ?? {}) as TranslationTree;
  return (key) => {
    const value = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as TranslationTree)[part] : undefined), area);
    return typeof value === 'string' ? value : key;
  };
}

/** Renders the cover list; answers the PDF's bytes. `now` is printed as the time of printing. */
export async function renderCoverList(detail: VendorInvoiceDetail, approval: ApprovalState | null, lang: LanguageCode, now = new Date()): Promise<Buffer> {
  const t = labels(lang);
  const inv = detail.invoice;
  const money = (minor: number) => formatMoney(minor, lang, inv.currency);
  const day = (date: string) => formatDate(date, lang);
  const muted = '#555555';

  const fields: [string, string][] = [
    [t('number'), inv.number],
    [t('vendor'), `${inv.vendor.name}${inv.vendor.tin ? ` (${t('tin')} ${inv.vendor.tin})` : ''}`],
    [t('invoiceDate'), day(inv.invoiceDate)],
    [t('status'), t(`statuses.${inv.status}`)],
    [t('order'), inv.orderCode ?? (inv.orderId ? `#${inv.orderId}` : '')],
    [t('transportNumbers'), inv.transportNumbers.join(', ')],
    [t('author'), inv.author.name],
  ];
  if (inv.paidDate) fields.push([t('paid'), `${day(inv.paidDate)} · ${inv.paymentReference ?? ''}`]);

  const head = ['#', t('lines.description'), t('lines.quantity'), t('lines.unitPrice'), t('lines.vatRate'), t('lines.gross')];
  const lineRows = detail.lines.map((line) => [
    String(line.position),
    line.description,
    { text: `${formatNumber(line.quantity, lang, { maximumFractionDigits: 3 })} ${line.unit}`.trim(), alignment: 'right' },
    { text: money(line.unitPrice), alignment: 'right' },
    { text: `${formatNumber(line.vatRate, lang, { maximumFractionDigits: 2 })}%`, alignment: 'right' },
    { text: money(line.gross), alignment: 'right' },
  ]);

  // Signatures: one block per step of the approval chain.
  const signatures = (approval?.steps ?? []).map((step) => {
    const decided = step.approvers.find((a) => a.decision !== null);
    const role = t(`roles.${step.role ?? 'users'}`);
    const lines: unknown[] = [{ text: `${step.position}. ${role}`, bold: true }];
    if (decided && decided.decidedAt) {
      const who =
        decided.decidedBy && decided.decidedBy.id !== decided.approver.id
          ? `${decided.decidedBy.name} (${t('onBehalfOf')} ${decided.approver.name})`
          : decided.approver.name;
      lines.push(`${t(`decisions.${decided.decision}`)}: ${who} · ${formatDateTime(decided.decidedAt, lang)}`);
      if (decided.comment) lines.push({ text: decided.comment, color: muted });
    } else {
      lines.push(`${t('waiting')}: ${step.approvers.map((a) => a.approver.name).join(', ')}`);
    }
    lines.push({ text: '_______________________________', alignment: 'right' });
    return { stack: lines, margin: [0, 0, 0, 8], unbreakable: true };
  });

  return renderPdf({
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 40],
    info: { title: `${t('title')} ${inv.number}`, creator: 'ServiceDesk', producer: 'ServiceDesk', creationDate: now },
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    content: [
      { text: t('title'), bold: true, fontSize: 16, alignment: 'center' },
      { text: `${t('printedAt')}: ${formatDateTime(now, lang)}`, fontSize: 9, color: muted, alignment: 'center', margin: [0, 2, 0, 12] },
      ...fields.map(([label, value]) => ({ text: [{ text: `${label}: `, bold: true }, value || '—'] })),
      {
        table: { headerRows: 1, widths: [18, '*', 60, 75, 40, 100], body: [head.map((text) => ({ text, bold: true })), ...lineRows] },
        layout: 'lightHorizontalLines',
        fontSize: 9,
        margin: [0, 12, 0, 6],
      },
      ...([
        [t('totals.net'), inv.netTotal],
        [t('totals.vat'), inv.vatTotal],
        [t('totals.gross'), inv.grossTotal],
      ] as const).map(([label, value]) => ({ text: `${label}: ${money(value)}`, alignment: 'right' })),
      { text: t('rounding'), fontSize: 8, color: muted, alignment: 'right', margin: [0, 4, 0, 18] },
      { text: t('signatures'), bold: true, fontSize: 12, margin: [0, 0, 0, 6] },
      ...(signatures.length ? signatures : [{ text: t('notSubmitted') }]),
    ],
  });
}
