import { integer, pgTable, serial, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { permissionActions } from './permission-actions';

/**
 * The sidebar tree (SPEC §2 "Sidebar"): `captionKey` is an i18n key under `menu.*`, `icon` a ui
 * icon name, `url` empty for an item that only expands. An item is shown to a user type that holds
 * its `actionKey`; a parent is shown when at least one child is.
 */
export const menus = pgTable('menus', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id').references((): AnyPgColumn => menus.id, { onDelete: 'cascade' }),
  captionKey: text('caption_key').notNull().unique(),
  icon: text('icon').notNull().default(''),
  url: text('url').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  actionKey: text('action_key')
    .notNull()
    .unique()
    .references(() => permissionActions.key),
});
