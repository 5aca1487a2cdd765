import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { buildLocale } from '@servicedesk/i18n/resources';
import type { TranslationTree } from '@servicedesk/i18n/areas';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '@servicedesk/i18n/format';
import type { ApprovalState, LanguageCode, VendorInvoiceDetail } from '@servicedesk/contracts';

/*
 * The cover list of a vendor invoice (issue #16 "print the cover list"): an A4 PDF made with
 * pdfkit (a maintained library) in DejaVu Sans (the npm package dejavu-fonts-ttf: it has every
 * Azerbaijani, Russian and Turkish letter — PDF's built-in fonts lack "ə"). It holds the invoice,
 * its lines, its totals and one signature block per approval step (who decided, on behalf of whom,
 * when), in the caller's language (area `finance`, key `coverList`).
 */

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

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
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `${t('title')} ${inv.number}`, Producer: 'ServiceDesk', CreationDate: now } });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(16).text(t('title'), { align: 'center' });
  doc.font('body').fontSize(9).fillColor('#555').text(`${t('printedAt')}: ${formatDateTime(now, lang, { timeZone: 'Asia/Baku' })}`, { align: 'center' });
  doc.moveDown().fillColor('#000').fontSize(10);

  const field = (label: string, value: string) => {
    doc.font('bold').text(`${label}: `, { continued: true }).font('body').text(value || '—');
  };
  field(t('number'), inv.number);
  field(t('vendor'), `${inv.vendor.name}${inv.vendor.tin ? ` (${t('tin')} ${inv.vendor.tin})` : ''}`);
  field(t('invoiceDate'), formatDate(`${inv.invoiceDate}T12:00:00Z`, lang, { timeZone: 'UTC' }));
  field(t('status'), t(`statuses.${inv.status}`));
  field(t('order'), inv.orderCode ?? (inv.orderId ? `#${inv.orderId}` : ''));
  field(t('transportNumbers'), inv.transportNumbers.join(', '));
  field(t('author'), inv.author.name);
  if (inv.paidDate) field(t('paid'), `${formatDate(`${inv.paidDate}T12:00:00Z`, lang, { timeZone: 'UTC' })} · ${inv.paymentReference ?? ''}`);
  doc.moveDown();

  // Lines
  const cols = [
    { key: '#', width: 22, align: 'left' as const },
    { key: t('lines.description'), width: 185, align: 'left' as const },
    { key: t('lines.quantity'), width: 60, align: 'right' as const },
    { key: t('lines.unitPrice'), width: 75, align: 'right' as const },
    { key: t('lines.vatRate'), width: 40, align: 'right' as const },
    { key: t('lines.gross'), width: 133, align: 'right' as const },
  ];
  const left = doc.page.margins.left;
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = left;
    let height = 0;
    doc.font(bold ? 'bold' : 'body').fontSize(9);
    cells.forEach((cell, i) => {
      const col = cols[i]!;
      doc.text(cell, x, y, { width: col.width - 4, align: col.align });
      height = Math.max(height, doc.y - y);
      x += col.width;
    });
    doc.x = left;
    doc.y = y + height + 3;
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
  };
  row(cols.map((c) => c.key), true);
  doc.moveTo(left, doc.y).lineTo(left + 515, doc.y).stroke();
  doc.y += 3;
  for (const line of detail.lines) {
    row([
      String(line.position),
      line.description,
      `${formatNumber(line.quantity, lang, { maximumFractionDigits: 3 })} ${line.unit}`.trim(),
      money(line.unitPrice),
      `${formatNumber(line.vatRate, lang, { maximumFractionDigits: 2 })}%`,
      money(line.gross),
    ]);
  }
  doc.moveTo(left, doc.y).lineTo(left + 515, doc.y).stroke();
  doc.moveDown(0.5);
  doc.font('body').fontSize(10);
  for (const [label, value] of [
    [t('totals.net'), inv.netTotal],
    [t('totals.vat'), inv.vatTotal],
    [t('totals.gross'), inv.grossTotal],
  ] as const) {
    doc.text(`${label}: ${money(value)}`, left, doc.y, { width: 515, align: 'right' });
  }
  doc.fontSize(8).fillColor('#555').text(t('rounding'), left, doc.y + 4, { width: 515, align: 'right' }).fillColor('#000');
  doc.moveDown(1.5);

  // Signatures: one block per step of the approval chain
  doc.font('bold').fontSize(12).text(t('signatures'), left);
  doc.moveDown(0.5).fontSize(10);
  for (const step of approval?.steps ?? []) {
    const decided = step.approvers.find((a) => a.decision !== null);
    const role = t(`roles.${step.role ?? 'users'}`);
    doc.font('bold').text(`${step.position}. ${role}`, left);
    doc.font('body');
    if (decided && decided.decidedAt) {
      const who = decided.decidedBy && decided.decidedBy.id !== decided.approver.id ? `${decided.decidedBy.name} (${t('onBehalfOf')} ${decided.approver.name})` : decided.approver.name;
      doc.text(`${t(`decisions.${decided.decision}`)}: ${who} · ${formatDateTime(decided.decidedAt, lang, { timeZone: 'Asia/Baku' })}`);
      if (decided.comment) doc.fillColor('#555').text(decided.comment).fillColor('#000');
    } else {
      doc.text(`${t('waiting')}: ${step.approvers.map((a) => a.approver.name).join(', ')}`);
    }
    doc.text('_______________________________', { align: 'right' });
    doc.moveDown(0.5);
  }
  if (!approval || approval.steps.length === 0) doc.font('body').text(t('notSubmitted'));
  doc.end();
  return done;
}
