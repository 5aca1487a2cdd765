import { pgTable, text, integer } from 'drizzle-orm/pg-core';

/**
 * The catalogue of action keys permissions are given for: one per menu item (`helpdesk.requests`)
 * plus the element actions under it (`helpdesk.requests.approve`), linked by `parentKey`.
 * getMenuPermissions lists the children of one key.
 */
export const permissionActions = pgTable('permission_actions', {
  key: text('key').primaryKey(),
  parentKey: text('parent_key'),
  sortOrder: integer('sort_order').notNull().default(0),
});
