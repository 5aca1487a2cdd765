import { sql } from 'drizzle-orm';
import { buildLocale } from '@servicedesk/i18n/resources';
import type { TranslationTree } from '@servicedesk/i18n/areas';
import { formatDateTime, formatNumber } from '@servicedesk/i18n/format';
import type { LanguageCode, StockOperation } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import * as access from '../../lib/access';
import { domainRule, notFound } from '../../lib/errors';
import { executedRows } from '../../lib/lists/list-page';
import { renderPdf } from '../../lib/pdf';
import type { AppDeps, AuthUser } from '../../types';
import { INVENTORY_RECORD_KIND } from './stock.kind';
import { getOperation } from './stock.service';

/*
 * The hand-over certificate (akt) of an issue operation (issue #40 "the hand-over PDF signed by
 * name and time", the Snipe-IT acceptance habit): what was handed over (lines, units with number
 * and serial), from which warehouse, by whom, to whom, for which equipment request; whether and
 * when the recipient confirmed the receipt on My equipment (per unit and in the signature block);
 * and signature lines for both sides, for the paper copy. In the caller's language (area `stock`,
 * key `handover`). Only the document's content is built here; lib/pdf renders it.
 */

/** A unit's receipt confirmation: the recipient's `confirmReceipt` on My equipment for this very issue. */
export interface UnitConfirmation {
  inventoryId: number;
  name: string;
  at: string;
}

/**
 * The confirmations of the units an issue operation handed over: for each unit, the recipient's
 * first `confirmReceipt` history row after the operation's `issue` row and before any later issue
 * of the same unit (a unit returned and issued again is confirmed for that later issue, not this
 * one). Ordered by the history's ids, which grow with every row.
 */
export async function issueConfirmations(db: Db, operationId: number, recipientId: number): Promise<UnitConfirmation[]> {
  const rows = await db.execute(sql`
    select h.record_id as "inventoryId", c.created_at as at, trim(u.first_name || ' ' || u.last_name) as name
    from record_history h
    join lateral (
      select c.* from record_history c
      where c.record_kind = ${INVENTORY_RECORD_KIND} and c.record_id = h.record_id and c.action = 'confirmReceipt'
        and c.actor_id = ${recipientId} and c.id > h.id
        and not exists (
          select 1 from record_history x
          where x.record_kind = ${INVENTORY_RECORD_KIND} and x.record_id = h.record_id and x.action = 'issue' and x.id > h.id and x.id < c.id)
      order by c.id limit 1) c on true
    join users u on u.id = c.actor_id
    where h.record_kind = ${INVENTORY_RECORD_KIND} and h.action = 'issue' and (h.details->>'operationId')::int = ${operationId}`);
  return executedRows<{ inventoryId: number; at: string | Date; name: string }>(rows).map((r) => ({
    inventoryId: Number(r.inventoryId),
    name: r.name,
    at: new Date(r.at).toISOString(),
  }));
}

const texts = new Map<LanguageCode, TranslationTree>();
function labels(lang: LanguageCode): (key: string, params?: Record<string, string | number>) => string {
  let tree = texts.get(lang);
  if (!tree) texts.set(lang, (tree = buildLocale(lang)));
  const area = ((tree.stock as TranslationTree | undefined)?.handover ?? {}) as TranslationTree;
  return (key, params = {}) => {
    const value = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as TranslationTree)[part] : undefined), area);
    return typeof value === 'string' ? value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? '')) : key;
  };
}

/**
 * The request an issue was made for (`source` `inventoryRequest:<id>`), by its number — printed
 * only when `user` may open that request (equipment's record rule `inventory.requests`, asked
 * through lib/access so stock imports nothing of equipment; issue #42: a document answers no field
 * of a record its reader would get 403 for). Null otherwise, and for an issue made for none.
 */
async function requestNumber(deps: AppDeps, user: AuthUser, source: string | null): Promise<string | null> {
  const id = /^inventoryRequest:(\d+)$/.exec(source ?? '')?.[1];
  if (!id) return null;
  if (!(await access.explain(deps, user, 'inventory.requests', { id: Number(id) })).allowed) return null;
  const rows = executedRows<{ number: string }>(await deps.db.execute(sql`select number from equipment_requests where id = ${Number(id)}`));
  return rows[0]?.number ?? null;
}

/**
 * Builds and renders the certificate of `op` (an issue) with its units' confirmations → the PDF's
 * bytes. `now` is printed as the time of printing.
 */
export async function renderHandover(op: StockOperation, confirmations: UnitConfirmation[], request: string | null, lang: LanguageCode, now = new Date()): Promise<Buffer> {
  const t = labels(lang);
  const at = (iso: string | Date) => formatDateTime(iso, lang);
  const muted = '#555555';
  const confirmed = new Map(confirmations.map((c) => [c.inventoryId, c]));
  const recipient = op.recipient?.name ?? op.recipientLocationName ?? '—';

  const fields: [string, string][] = [
    [t('number'), op.number],
    [t('date'), at(op.operationDate)],
    [t('warehouse'), op.warehouseName],
    [t('handedBy'), op.postedBy?.name ?? '—'],
    [t('recipient'), recipient],
  ];
  if (request) fields.push([t('request'), request]);

  const head = ['#', t('lines.material'), t('lines.inventoryNumber'), t('lines.serial'), t('lines.quantity'), t('lines.confirmed')];
  const rows: unknown[][] = [];
  for (const line of op.lines) {
    const quantity = `${formatNumber(line.quantity, lang, { maximumFractionDigits: 3 })} ${line.unitCode}`;
    const material = `${line.materialCode} — ${line.materialName}`;
    if (line.units.length === 0) {
      rows.push([String(line.lineNo), material, '—', '—', { text: quantity, alignment: 'right' }, '—']);
      continue;
    }
    // One row per unit: each is confirmed on its own (My equipment lists units).
    line.units.forEach((unit, i) => {
      const c = confirmed.get(unit.id);
      rows.push([
        i === 0 ? String(line.lineNo) : '',
        i === 0 ? material : '',
        unit.inventoryNumber,
        unit.serial ?? '—',
        { text: `1 ${line.unitCode}`, alignment: 'right' },
        c ? at(c.at) : { text: t('lines.notConfirmed'), color: muted },
      ]);
    });
  }

  // The receipt: confirmed electronically (all units, some, none), then both sides' lines to sign.
  const units = op.lines.flatMap((l) => l.units);
  const last = confirmations.reduce<UnitConfirmation | null>((a, c) => (!a || c.at > a.at ? c : a), null);
  const receipt =
    units.length === 0
      ? t('receipt.noUnits')
      : last === null
        ? t('receipt.notConfirmed', { name: recipient })
        : confirmations.length >= units.length
          ? t('receipt.confirmed', { name: last.name, at: at(last.at) })
          : t('receipt.partly', { name: last.name, n: confirmations.length, total: units.length, at: at(last.at) });
  const side = (title: string, name: string, note: string | null) => ({
    stack: [
      { text: title, bold: true, margin: [0, 0, 0, 4] },
      `${t('signatures.name')}: ${name}`,
      ...(note ? [{ text: note, color: muted, fontSize: 9 }] : []),
      { text: `${t('signatures.signature')}: ______________________`, margin: [0, 14, 0, 0] },
      { text: `${t('signatures.date')}: ____ . ____ . ________`, margin: [0, 8, 0, 0] },
    ],
  });

  return renderPdf({
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 40],
    info: { title: `${t('title')} ${op.number}`, creator: 'ServiceDesk', producer: 'ServiceDesk', creationDate: now },
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    content: [
      { text: `${t('title')} № ${op.number}`, bold: true, fontSize: 16, alignment: 'center' },
      { text: `${t('printedAt')}: ${at(now)}`, fontSize: 9, color: muted, alignment: 'center', margin: [0, 2, 0, 12] },
      ...fields.map(([label, value]) => ({ text: [{ text: `${label}: `, bold: true }, value || '—'] })),
      {
        table: { headerRows: 1, widths: [18, '*', 80, 80, 45, 90], body: [head.map((text) => ({ text, bold: true })), ...rows] },
        layout: 'lightHorizontalLines',
        fontSize: 9,
        margin: [0, 12, 0, 12],
      },
      { text: t('receipt.title'), bold: true, fontSize: 12, margin: [0, 0, 0, 4] },
      { text: receipt, margin: [0, 0, 0, 18] },
      {
        columns: [side(t('signatures.handedOver'), op.postedBy?.name ?? '—', null), side(t('signatures.received'), recipient, last ? t('receipt.electronic', { at: at(last.at) }) : null)],
        columnGap: 24,
        unbreakable: true,
      },
    ],
  });
}

/**
 * GET /api/stock/operations/{id}/handover → the certificate's PDF bytes and a file name. Who may:
 * the operation's recipient (from My equipment), or whoever reads the warehouses' operations
 * (`inventory.warehouses`); to anyone else the operation does not exist (404, as My equipment
 * answers for an asset one does not hold: nothing says what others were given). 404 an unknown
 * operation; 422 `notAnIssue` for a receipt, transfer, write-off or return.
 */
export async function handoverPdf(deps: AppDeps, user: AuthUser, id: number, lang: LanguageCode): Promise<{ pdf: Buffer; name: string }> {
  const op = await getOperation(deps, id);
  if (op.recipient?.id !== user.id && !(await access.hasAction(deps, user, 'inventory.warehouses'))) throw notFound('Operation not found');
  if (op.kind !== 'issue') throw domainRule('notAnIssue', 'Only an issue has a hand-over certificate.', { kind: op.kind });
  const confirmations = op.recipient ? await issueConfirmations(deps.db, op.id, op.recipient.id) : [];
  const pdf = await renderHandover(op, confirmations, await requestNumber(deps, user, op.source), lang);
  return { pdf, name: `handover-${op.number.replace(/[^\w.-]+/g, '_')}.pdf` };
}
