import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { documents } from './documents-documents';
import { users } from './users';

/**
 * The document registry (issue #15): incoming, outgoing and internal entries, each with a number
 * per kind and year (OUT-2026-00042) taken from {@link registryCounters} in the registering
 * transaction. An entry is never deleted: cancelling makes it VOID, so its number is never given
 * again. `status` mirrors the approval engine (IN_APPROVAL → APPROVED | REJECTED) or is VOID.
 */
export const registryEntries = pgTable(
  'registry_entries',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['incoming', 'outgoing', 'internal'] }).notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    subject: text('subject').notNull(),
    correspondent: text('correspondent').notNull().default(''),
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
    status: text('status').notNull(),
    voidReason: text('void_reason'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('registry_entries_number_idx').on(t.number),
    uniqueIndex('registry_entries_seq_idx').on(t.kind, t.year, t.seq),
    // The grid's keyset walks (issue #44, migration 0043): by registration, by number (year, kind, seq).
    index('registry_entries_created_idx').on(t.createdAt, t.id),
    index('registry_entries_year_kind_seq_idx').on(t.year, t.kind, t.seq),
    index('registry_entries_document_idx').on(t.documentId),
  ],
);
