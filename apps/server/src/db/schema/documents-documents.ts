import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** PostgreSQL's tsvector (read only: generated from the search text). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
import { documentFolders } from './documents-folders';
import { files } from './files';
import { modalElements } from './modal-elements';
import { users } from './users';

/**
 * Documents of document circulation (issue #15). `status` mirrors the approval engine's status of
 * the document (DRAFT until routed); `finishedAt` is when routing last ended (APPROVED or
 * REJECTED) — the "just finished" lists. `searchText` is the title and the current version's
 * extracted text, folded for search (@servicedesk/i18n normalizeForSearch: case and Azerbaijani
 * accents ignored); `searchVector` (generated, stored, GIN-indexed) serves the full-text search in every interface language (the `simple` configuration: no stemming,
 * which would favour one language over the other three). Deleting moves it to the recycle bin.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    folderId: integer('folder_id').references(() => documentFolders.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    typeCode: text('type_code').notNull(),
    destinationId: integer('destination_id').references(() => modalElements.id),
    tagIds: integer('tag_ids').array().notNull().default(sql`'{}'::integer[]`),
    forVendorInvoice: boolean('for_vendor_invoice').notNull().default(false),
    status: text('status').notNull().default('DRAFT'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    versionCount: integer('version_count').notNull().default(0),
    searchText: text('search_text').notNull().default(''),
    /** to_tsvector('simple', search_text), stored: the search's GIN index and its recheck read it instead of parsing the text again. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, "search_text")`),
    /** The original of searchText: title and current text, runs of white space one space (lines up with searchText; the search's snippet shows it). */
    searchSource: text('search_source'),
    /** The route the document was last sent on (the approval engine's chain reads it at submission). */
    route: jsonb('route').$type<{ purpose: 'visa' | 'approval'; userIds: number[]; mode: 'all' | 'any' }[]>(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id),
  },
  (t) => [
    // The lists' keyset walks (issue #44, migration 0043): a folder's documents, every document by title and by status.
    index('documents_folder_idx').on(t.folderId, t.updatedAt, t.id),
    index('documents_title_idx').on(t.title, t.id),
    index('documents_status_id_idx').on(t.status, t.id),
    index('documents_status_idx').on(t.status, t.updatedAt),
    index('documents_finished_idx').on(t.finishedAt),
    index('documents_deleted_idx').on(t.deletedAt),
    // Newest first: a search for a common word reads this backwards and stops after a page (bench/documents).
    index('documents_updated_idx').on(t.updatedAt, t.id),
    // fastupdate off: every search would read the whole pending list of entries not yet merged into
    // the tree (up to gin_pending_list_limit, 4 MB: 1.3 ms a search at 200,000 documents, against
    // 0.04 ms without — bench/documents); a document's words are inserted once per version.
    index('documents_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    // The documents routed to someone (`route @> '[{"userIds":[id]}]'`): the search's count of
    // what a caller may read finds them without reading every row (documents.search.ts).
    index('documents_route_idx').using('gin', t.route.op('jsonb_path_ops')),
  ],
);

/**
 * The versions of a document's file: each upload is the next `versionNo`, with the file's content
 * hash (SHA-256 hex), size, who and when; `text` is what was extracted from a PDF, DOCX or TXT
 * (null for other files) — the diff and the search read it. Earlier versions stay downloadable.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    versionNo: integer('version_no').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    sha256: text('sha256').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    text: text('text'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('document_versions_no_idx').on(t.documentId, t.versionNo)],
);
