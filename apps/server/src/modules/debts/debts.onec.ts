import { and, eq, inArray, sql } from 'drizzle-orm';
import { normalizeForSearch } from '@servicedesk/i18n/normalize';
import type { DebtEntryKind } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { debtCounterparties, debtEntries, debtGroups, debtPaymentTypes, modalElements } from '../../db/schema';
import { executedRows } from '../../lib/lists/list-page';
import { foldHeader, mapColumns, parseAmountMinor, parseDate } from './debts.csv';
import { requireColumns, type ImportSpec, type PreparedItem, type Refused } from './debts.import';

/*
 * The "1C data" import (issue #17; SPEC §7 "debt reports … 1C data"): the accounting system's CSV
 * export of opening balances, invoices and payments per counterparty. Columns are found by their
 * header in Russian (1C), Azerbaijani or English (any order, case and spacing ignored):
 *
 * | field | headers | rule |
 * |---|---|---|
 * | date | Дата, Tarix, Date | required, dd.mm.yyyy → `badDate` |
 * | docType | ВидДокумента, SənədNövü, DocType | Остаток/Qalıq/Opening, Поступление/Qaimə/Invoice, Оплата/Ödəniş/Payment → `unknownDocType` |
 * | number | Номер, Nömrə, Number | required for invoices and payments |
 * | tin | ИНН, VÖEN, TIN | the counterparty (vendor or contractor) → `unknownCounterparty`; blank: found by name |
 * | counterparty | Контрагент, Kontragent, Counterparty | the name (when the TIN is blank) |
 * | amount | Сумма, Məbləğ, Amount | "1 234,56" → minor units; not 0, not negative but for openings → `badAmount` |
 * | currency | Валюта, Valyuta, Currency | default the counterparty's (AZN); another → `currencyMismatch` |
 * | dueDate | СрокОплаты, ÖdənişMüddəti, DueDate | optional (the date itself) |
 * | paymentType | ВидОплаты, ÖdənişNövü, PaymentType | code or name of a payment type → `unknownPaymentType` |
 * | group | Группа, Qrup, Group | a debt-report group's name → `unknownGroup`; given to a counterparty without one |
 *
 * Identity (what makes a second import find the row): kind + counterparty + document number (an
 * opening balance: its date).
 */

const f = (...names: string[]) => names.map(foldHeader);
const ALIASES = {
  date: f('Дата', 'Tarix', 'Date'),
  docType: f('ВидДокумента', 'Вид документа', 'Документ', 'SənədNövü', 'Sənəd', 'DocType', 'Document type'),
  number: f('Номер', 'Nömrə', 'Number', '№'),
  tin: f('ИНН', 'VÖEN', 'VOEN', 'TIN'),
  counterparty: f('Контрагент', 'Kontragent', 'Counterparty'),
  amount: f('Сумма', 'Məbləğ', 'Amount'),
  currency: f('Валюта', 'Valyuta', 'Currency'),
  dueDate: f('СрокОплаты', 'Срок оплаты', 'ÖdənişMüddəti', 'DueDate', 'Due date'),
  paymentType: f('ВидОплаты', 'Вид оплаты', 'ÖdənişNövü', 'PaymentType', 'Payment type'),
  group: f('Группа', 'Qrup', 'Group'),
} as const;
type Field = keyof typeof ALIASES;

const DOC_TYPES: Record<DebtEntryKind, string[]> = {
  opening: f('Остаток', 'Начальный остаток', 'Сальдо', 'Qalıq', 'İlkin qalıq', 'Opening', 'Opening balance'),
  invoice: f('Поступление', 'Поступление товаров', 'Счет', 'Счёт', 'Реализация', 'Qaimə', 'Hesab-faktura', 'Invoice'),
  payment: f('Оплата', 'Платеж', 'Платёж', 'Списание с расчетного счета', 'Ödəniş', 'Payment'),
};
const docKindOf = (cell: string): DebtEntryKind | undefined =>
  (Object.keys(DOC_TYPES) as DebtEntryKind[]).find((kind) => DOC_TYPES[kind].includes(foldHeader(cell)));

/** A 1C row ready to store. */
export interface OneCItem {
  counterpartyId: number;
  kind: DebtEntryKind;
  docNumber: string;
  docDate: string;
  dueDate: string | null;
  amountMinor: number;
  currency: string;
  paymentTypeId: number | null;
  groupId: number | null;
}
/** A row's identity in the accounting system: kind, counterparty, document number (an opening balance: its date). */
const keyOf = (item: Pick<OneCItem, 'kind' | 'counterpartyId' | 'docDate' | 'docNumber'>) =>
  `${item.kind}|${item.counterpartyId}|${item.kind === 'opening' ? item.docDate : item.docNumber}`;

type Stored = Pick<OneCItem, 'docDate' | 'dueDate' | 'amountMinor' | 'currency' | 'paymentTypeId'> & { id: number };

/**
 * The 1C import's spec for the pipeline (debts.import.ts): reads the counterparties (active
 * vendors and contractors, by TIN and by folded name), their currencies, the payment types and
 * groups once, then checks each row against them.
 */
export async function oneCImport(db: Db): Promise<ImportSpec<OneCItem, Stored>> {
  const elements = await db
    .select({ id: modalElements.id, tin: modalElements.tin, nameKey: modalElements.nameKey, currency: debtCounterparties.currency })
    .from(modalElements)
    .leftJoin(debtCounterparties, eq(debtCounterparties.id, modalElements.id))
    .where(and(inArray(modalElements.kind, ['vendor', 'contractor']), eq(modalElements.isActive, true)));
  const byTin = new Map(elements.filter((e) => e.tin).map((e) => [e.tin!, e.id]));
  const byName = new Map(elements.map((e) => [e.nameKey, e.id]));
  const currencyOf = new Map(elements.filter((e) => e.currency).map((e) => [e.id, e.currency!]));
  const types = await db.select({ id: debtPaymentTypes.id, code: debtPaymentTypes.code, name: debtPaymentTypes.name }).from(debtPaymentTypes);
  const typeOf = new Map<string, number>();
  for (const t of types) {
    typeOf.set(normalizeForSearch(t.code), t.id);
    typeOf.set(normalizeForSearch(t.name), t.id);
  }
  const groups = await db.select({ id: debtGroups.id, name: debtGroups.name }).from(debtGroups);
  const groupOf = new Map(groups.map((g) => [normalizeForSearch(g.name), g.id]));
  const touched = new Map<number, { currency: string; groupId: number | null }>();
  // The few distinct payment types and groups of a file, folded once each.
  const foldedCache = new Map<string, string>();
  const folded = (text: string) => {
    let value = foldedCache.get(text);
    if (value === undefined) foldedCache.set(text, (value = normalizeForSearch(text)));
    return value;
  };
  let col: Partial<Record<Field, number>> = {};

  return {
    kind: 'oneC',
    header(cells) {
      col = mapColumns(cells, ALIASES);
      requireColumns(col, ['date', 'docType', 'amount']);
      if (col.tin === undefined && col.counterparty === undefined) requireColumns(col, ['tin']);
    },
    summary(cells) {
      const cell = (field: Field) => (col[field] === undefined ? '' : (cells[col[field]!] ?? '').trim());
      return [cell('counterparty') || cell('tin'), cell('docType'), cell('number'), cell('date'), cell('amount')].filter(Boolean).join(' · ').slice(0, 200);
    },
    prepare(cells): PreparedItem<OneCItem> | Refused {
      const cell = (field: Field) => (col[field] === undefined ? '' : (cells[col[field]!] ?? '').trim());
      const refuse = (reason: Refused['refuse'], field?: Field): Refused => ({ refuse: reason, field });
      for (const field of ['date', 'docType', 'amount'] as const) if (cell(field) === '') return refuse('missingField', field);
      const docDate = parseDate(cell('date'));
      if (!docDate) return refuse('badDate', 'date');
      const dueDate = cell('dueDate') === '' ? null : parseDate(cell('dueDate'));
      if (dueDate === null && cell('dueDate') !== '') return refuse('badDate', 'dueDate');
      const kind = docKindOf(cell('docType'));
      if (!kind) return refuse('unknownDocType', 'docType');
      const amountMinor = parseAmountMinor(cell('amount'));
      if (amountMinor === null || amountMinor === 0 || (amountMinor < 0 && kind !== 'opening')) return refuse('badAmount', 'amount');
      const tin = cell('tin');
      const counterpartyId = tin ? byTin.get(tin) : cell('counterparty') ? byName.get(normalizeForSearch(cell('counterparty'))) : undefined;
      if (counterpartyId === undefined) return refuse(tin || cell('counterparty') ? 'unknownCounterparty' : 'missingField', tin || cell('counterparty') ? 'tin' : 'tin');
      const docNumber = cell('number');
      if (kind !== 'opening' && docNumber === '') return refuse('missingField', 'number');
      let paymentTypeId: number | null = null;
      if (cell('paymentType') !== '') {
        paymentTypeId = typeOf.get(folded(cell('paymentType'))) ?? null;
        if (paymentTypeId === null) return refuse('unknownPaymentType', 'paymentType');
      }
      let groupId: number | null = null;
      if (cell('group') !== '') {
        groupId = groupOf.get(folded(cell('group'))) ?? null;
        if (groupId === null) return refuse('unknownGroup', 'group');
      }
      const known = currencyOf.get(counterpartyId);
      const currency = (cell('currency') || known || 'AZN').toUpperCase();
      if (!/^[A-Z]{3}$/.test(currency)) return refuse('currencyMismatch', 'currency');
      if (known && known !== currency) return refuse('currencyMismatch', 'currency');
      // The first row of a counterparty new to the report fixes its currency for the rest of the file.
      if (!known) currencyOf.set(counterpartyId, currency);
      const item = { counterpartyId, kind, docNumber, docDate, dueDate, amountMinor, currency, paymentTypeId, groupId };
      return { key: keyOf(item), item };
    },
    async existing(tx, keys) {
      // One JSON parameter instead of 1,000 bound ones (bench/debts: binding them was the cost).
      const rows = executedRows<{ key: string; id: number; doc_date: string; due_date: string | null; amount_minor: string | number; currency: string; payment_type_id: number | null }>(
        await tx.execute(sql`
          select e.external_key as key, e.id, to_char(e.doc_date, 'YYYY-MM-DD') as doc_date, to_char(e.due_date, 'YYYY-MM-DD') as due_date,
            e.amount_minor, e.currency, e.payment_type_id
          from ${debtEntries} e
          where e.external_key in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`),
      );
      return new Map(
        rows.map((r) => [
          r.key,
          { id: r.id, docDate: r.doc_date, dueDate: r.due_date, amountMinor: Number(r.amount_minor), currency: r.currency, paymentTypeId: r.payment_type_id },
        ]),
      );
    },
    same: (item, stored) =>
      item.docDate === stored.docDate &&
      item.dueDate === stored.dueDate &&
      item.amountMinor === stored.amountMinor &&
      item.currency === stored.currency &&
      item.paymentTypeId === stored.paymentTypeId,
    async apply(tx, importId, create, change) {
      const note = ({ item }: { item: OneCItem }) => {
        const was = touched.get(item.counterpartyId);
        touched.set(item.counterpartyId, { currency: item.currency, groupId: was?.groupId ?? item.groupId });
      };
      create.forEach(note);
      change.forEach(note);
      if (create.length > 0) {
        // The batch as ONE JSON parameter, unpacked by PostgreSQL (12,000 bound values were slow).
        const json = JSON.stringify(
          create.map(({ item, line }) => ({
            counterparty_id: item.counterpartyId,
            kind: item.kind,
            doc_number: item.docNumber,
            doc_date: item.docDate,
            due_date: item.dueDate,
            amount_minor: item.amountMinor,
            currency: item.currency,
            payment_type_id: item.paymentTypeId,
            external_key: keyOf(item),
            source_line: line,
          })),
        );
        await tx.execute(sql`
          insert into ${debtEntries} (counterparty_id, kind, doc_number, doc_date, due_date, amount_minor, currency, payment_type_id, external_key, import_id, source_line)
          select x.counterparty_id, x.kind, x.doc_number, x.doc_date, x.due_date, x.amount_minor, x.currency, x.payment_type_id, x.external_key, ${importId}, x.source_line
          from jsonb_to_recordset(${json}::jsonb) as x(counterparty_id int, kind text, doc_number text, doc_date date, due_date date, amount_minor bigint,
            currency text, payment_type_id int, external_key text, source_line int)`);
      }
      for (const { item, line, existing } of change) {
        await tx
          .update(debtEntries)
          .set({ docDate: item.docDate, dueDate: item.dueDate, amountMinor: item.amountMinor, currency: item.currency, paymentTypeId: item.paymentTypeId, importId, sourceLine: line, updatedAt: new Date() })
          .where(eq(debtEntries.id, existing.id));
      }
    },
    async finish(tx) {
      if (touched.size === 0) return;
      const ids = [...touched.keys()];
      await tx
        .insert(debtCounterparties)
        .values([...touched].map(([id, t]) => ({ id, currency: t.currency, groupId: t.groupId })))
        .onConflictDoUpdate({ target: debtCounterparties.id, set: { groupId: sql`coalesce(${debtCounterparties.groupId}, excluded.group_id)` } });
      await recomputeTotals(tx, ids);
    },
  };
}

/** Recomputes the derived totals of counterparties `ids` from their entries (minor units). */
export async function recomputeTotals(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update ${debtCounterparties} c set
      invoiced_minor = t.invoiced, paid_minor = t.paid, balance_minor = t.opening + t.invoiced - t.paid,
      last_entry_date = t.last_date, updated_at = now()
    from (
      select counterparty_id,
        coalesce(sum(amount_minor) filter (where kind = 'opening'), 0) as opening,
        coalesce(sum(amount_minor) filter (where kind = 'invoice'), 0) as invoiced,
        coalesce(sum(amount_minor) filter (where kind = 'payment'), 0) as paid,
        max(doc_date) as last_date
      from ${debtEntries} where counterparty_id in ${sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`}
      group by counterparty_id
    ) t
    where c.id = t.counterparty_id`);
}
