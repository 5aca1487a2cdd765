import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Modal elements (DOMAIN.md "Modal elements", SPEC §7 create/update/remove/activateModalElement):
 * vendor, contractor, tag and document destination in ONE table, told apart by `kind` — they
 * share every behaviour (name unique per kind, soft remove, activate) and differ only in the
 * counterparty fields (`tin`, `phone`, `address`: vendor and contractor only, null otherwise).
 * `nameKey` is the name folded by @servicedesk/i18n normalizeForSearch (case and Azerbaijani
 * accents ignored); the unique index on (kind, nameKey) refuses "ABC MMC" next to "abc mmc".
 * A TIN (10 digits) is unique across vendors and contractors (DOMAIN.md "Contract").
 * Remove is soft (`isActive` false).
 */
export const modalElements = pgTable(
  'modal_elements',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['vendor', 'contractor', 'tag', 'documentDestination'] }).notNull(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    tin: text('tin'),
    phone: text('phone'),
    address: text('address'),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('modal_elements_kind_name_key_idx').on(t.kind, t.nameKey),
    index('modal_elements_tin_idx').on(t.tin),
    // The debt reports sorted by counterparty name walk it (issue #44, migration 0043).
    index('modal_elements_name_idx').on(t.name, t.id),
  ],
);
