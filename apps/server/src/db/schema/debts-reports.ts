import { bigint, boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { modalElements } from './modal-elements';
import { users } from './users';

/*
 * Debt reports (issue #17; DOMAIN.md "Finance" debt report). A counterparty is a modal element
 * (vendor | contractor); its report row holds what the report adds (group, status, currency);
 * its balance is derived from `debt_entries` (opening balances, invoices, payments) — never stored.
 * Money in minor units (bigint, read as JS numbers: far below 2^53).
 */

/** Debt-report groups (SPEC §7 "debt reports … groups"): a counterparty belongs to at most one. */
export const debtGroups = pgTable(
  'debt_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('debt_groups_name_idx').on(t.name)],
);

/** Payment types (SPEC §2 "debt-report payment types" list screen); 1C rows name them by code or name. */
export const debtPaymentTypes = pgTable(
  'debt_payment_types',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('debt_payment_types_code_idx').on(t.code)],
);

/** A counterparty's report row: group, status (with its history in record_history), currency. */
export const debtCounterparties = pgTable(
  'debt_counterparties',
  {
    id: integer('id')
      .primaryKey()
      .references(() => modalElements.id),
    groupId: integer('group_id').references(() => debtGroups.id),
    status: text('status', { enum: ['normal', 'watch', 'inDispute', 'writtenOff'] }).notNull().default('normal'),
    currency: text('currency').notNull().default('AZN'),
    /** Derived from debt_entries, recomputed by every import that touches the counterparty (sorting the report needs them). */
    invoicedMinor: bigint('invoiced_minor', { mode: 'number' }).notNull().default(0),
    paidMinor: bigint('paid_minor', { mode: 'number' }).notNull().default(0),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
    lastEntryDate: date('last_entry_date', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('debt_counterparties_group_idx').on(t.groupId),
    // The report grid's keyset walks (issue #44, migration 0043).
    index('debt_counterparties_balance_idx').on(t.balanceMinor, t.id),
    index('debt_counterparties_status_idx').on(t.status, t.id),
  ],
);

/** One file imported (1C data or a dislocation snapshot): its name, hash, encoding and counts. */
export const debtImports = pgTable(
  'debt_imports',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['oneC', 'dislocation'] }).notNull(),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    encoding: text('encoding').notNull(),
    total: integer('total').notNull(),
    created: integer('created').notNull(),
    changed: integer('changed').notNull(),
    refused: integer('refused').notNull(),
    importedBy: integer('imported_by')
      .notNull()
      .references(() => users.id),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('debt_imports_kind_idx').on(t.kind, t.id)],
);

/**
 * An opening balance, invoice or payment of a counterparty. `externalKey` is the row's identity in
 * the accounting system (kind, TIN, document number — or the date for an opening balance): the
 * same row imported again is found by it, so a second import changes nothing. `importId` +
 * `sourceLine` say which file and line the values last came from (a balance can be explained).
 */
export const debtEntries = pgTable(
  'debt_entries',
  {
    id: serial('id').primaryKey(),
    counterpartyId: integer('counterparty_id')
      .notNull()
      .references(() => modalElements.id),
    kind: text('kind', { enum: ['opening', 'invoice', 'payment'] }).notNull(),
    docNumber: text('doc_number').notNull(),
    docDate: date('doc_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    paymentTypeId: integer('payment_type_id').references(() => debtPaymentTypes.id),
    externalKey: text('external_key').notNull(),
    importId: integer('import_id').references(() => debtImports.id),
    sourceLine: integer('source_line'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('debt_entries_external_key_idx').on(t.externalKey),
    index('debt_entries_counterparty_idx').on(t.counterpartyId, t.docDate),
  ],
);
