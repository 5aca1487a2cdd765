import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { userTypes } from './user-types';
import { permissionActions } from './permission-actions';

/** One row per action key a user type may use (DOMAIN.md "UserType": menu and element permissions). */
export const userTypePermissions = pgTable(
  'user_type_permissions',
  {
    userTypeId: integer('user_type_id')
      .notNull()
      .references(() => userTypes.id, { onDelete: 'cascade' }),
    actionKey: text('action_key')
      .notNull()
      .references(() => permissionActions.key, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userTypeId, t.actionKey] })],
);
