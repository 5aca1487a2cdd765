import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { ContractCurrency, ContractRenewal, ContractStatus } from '@servicedesk/contracts';
import { modalElements } from './modal-elements';
import { users } from './users';

/**
 * A contract (DOMAIN.md "Contracts", issue #14). `counterpartyId` is a vendor or contractor modal
 * element; `amountMinor` in minor units of `currency`; `startDate`/`endDate` calendar dates
 * (YYYY-MM-DD, the end inclusive). `number` is given when the clerk registers it: CT-`registryYear`-
 * `registrySeq` (gap-free per year, record_number_counters scope `contract`), or the previous term's number with
 * `/term` for an automatic renewal. `previousId` links a renewal to the term before it.
 * `noticeRemindedAt` / `endRemindedAt`: when the daily job sent the two reminders (each once).
 * Status changes go through the contracts service (and the approval engine's hooks) only.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    number: text('number'),
    registryYear: integer('registry_year'),
    registrySeq: integer('registry_seq'),
    status: text('status').$type<ContractStatus>().notNull(),
    counterpartyId: integer('counterparty_id')
      .notNull()
      .references(() => modalElements.id),
    subject: text('subject').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').$type<ContractCurrency>().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    noticeDays: integer('notice_days').notNull(),
    renewal: text('renewal').$type<ContractRenewal>().notNull(),
    renewalMonths: integer('renewal_months'),
    responsibleId: integer('responsible_id')
      .notNull()
      .references(() => users.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    reviewerIds: integer('reviewer_ids').array().notNull(),
    tagIds: integer('tag_ids').array().notNull(),
    previousId: integer('previous_id').references((): AnyPgColumn => contracts.id),
    term: integer('term').notNull().default(1),
    deactivationReason: text('deactivation_reason'),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    noticeRemindedAt: timestamp('notice_reminded_at', { withTimezone: true }),
    endRemindedAt: timestamp('end_reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contracts_number_idx').on(t.number),
    uniqueIndex('contracts_registry_idx').on(t.registryYear, t.registrySeq),
    uniqueIndex('contracts_previous_idx').on(t.previousId),
    index('contracts_created_idx').on(t.createdAt, t.id),
    index('contracts_status_end_idx').on(t.status, t.endDate),
    index('contracts_counterparty_idx').on(t.counterpartyId),
    index('contracts_responsible_idx').on(t.responsibleId),
    index('contracts_author_idx').on(t.authorId),
  ],
);
