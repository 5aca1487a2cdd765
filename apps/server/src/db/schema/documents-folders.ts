import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Document-circulation folders (issue #15; DOMAIN.md "Folder tree"; SPEC §5 folder names). A tree
 * by `parentId` (null = at the root). `inherit` false breaks the inheritance of permissions from
 * the parent (SPEC §6 "folder permissions"). Deleting moves the folder to the recycle bin
 * (`deletedAt`, `deletedBy`; its subtree goes with it and `parentId` stays as the place to restore
 * to); the purge removes the row and its subtree. A live name is unique among its live siblings,
 * case-insensitively.
 */
export const documentFolders = pgTable(
  'document_folders',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => documentFolders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    inherit: boolean('inherit').notNull().default(true),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id),
  },
  (t) => [
    index('document_folders_parent_idx').on(t.parentId),
    uniqueIndex('document_folders_sibling_name_idx')
      .on(sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * Permission entries of a folder: a principal (a user, every user of a user type, every member of
 * a group) and a level (read < write < manage). Subfolders inherit them unless they break
 * inheritance (documentFolders.inherit).
 */
export const documentFolderPermissions = pgTable(
  'document_folder_permissions',
  {
    id: serial('id').primaryKey(),
    folderId: integer('folder_id')
      .notNull()
      .references(() => documentFolders.id, { onDelete: 'cascade' }),
    principalKind: text('principal_kind', { enum: ['user', 'userType', 'group'] }).notNull(),
    principalId: integer('principal_id').notNull(),
    level: text('level', { enum: ['read', 'write', 'manage'] }).notNull(),
  },
  (t) => [
    uniqueIndex('document_folder_permissions_unique_idx').on(t.folderId, t.principalKind, t.principalId),
    index('document_folder_permissions_principal_idx').on(t.principalKind, t.principalId),
  ],
);
