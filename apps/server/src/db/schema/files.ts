import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Uploaded files (SPEC §3 "File", §7 FileUploadGlobal/uploadFile/DownloadFile/removeFile;
 * ARCHITECTURE.md "Files"). The bytes live content-addressed under DATA_DIR/files
 * (lib/storage.ts): `storageKey` is the sha256 hex of the content, so two uploads of the same
 * bytes share one blob and each keeps its own row and name. `originalName` is the sanitised
 * name shown and offered on download — never used as a path. `uploadType` is what the file is
 * for (contracts UPLOAD_TYPES: avatar, helpdeskRequest, …); `recordType`/`recordId` the record
 * it is attached to (null until a module attaches it, see files.service attachFiles). Removal is
 * soft (`deletedAt`, `deletedBy`); the blob stays until the purge job (files.jobs.ts) deletes the
 * blobs that no live row names any more, a while later (`purgedAt` = when it did).
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    originalName: text('original_name').notNull(),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    uploadType: text('upload_type').notNull(),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    recordType: text('record_type'),
    recordId: integer('record_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id),
    purgedAt: timestamp('purged_at', { withTimezone: true }),
  },
  (t) => [index('files_record_idx').on(t.recordType, t.recordId), index('files_sha256_idx').on(t.sha256)],
);
