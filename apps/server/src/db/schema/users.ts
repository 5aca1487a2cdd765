import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { userTypes } from './user-types';
import { positions } from './positions';
import { locations } from './locations';

/**
 * A member of staff (DOMAIN.md "User"). `email` is stored trimmed and lower-case, and the unique
 * index is on lower(email) too, so lookups are case-insensitive. `phone` is `994` + 9 digits.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    imgPath: text('img_path'),
    phone: text('phone'),
    positionId: integer('position_id').references(() => positions.id),
    locationId: integer('location_id').references(() => locations.id),
    userTypeId: integer('user_type_id')
      .notNull()
      .references(() => userTypes.id),
    language: text('language', { enum: ['az', 'en', 'ru', 'tr'] }).notNull().default('az'),
    theme: text('theme', { enum: ['light', 'dark'] }).notNull().default('light'),
    isActive: boolean('is_active').notNull().default(true),
    deactivationReason: text('deactivation_reason'),
    /**
     * The user's entry in the company directory (modules/directory); null for a local account.
     * A directory user signs in against the directory and has no usable local password.
     */
    directoryDn: text('directory_dn'),
    /** Fields an admin changed here that the directory sync leaves alone (DirectoryPinField). */
    directoryPinned: text('directory_pinned').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`), uniqueIndex('users_directory_dn_lower_idx').on(sql`lower(${t.directoryDn})`)],
);
