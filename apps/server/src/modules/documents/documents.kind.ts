import type { RecordKind } from '@servicedesk/contracts';

/** The record kind of a circulation document (contracts RECORD_KINDS): history, comments, files, approval. */
export const DOCUMENT_KIND = 'document' satisfies RecordKind;
/** The record kind of a registry entry (its approval and history). */
export const REGISTRY_KIND = 'registryEntry' satisfies RecordKind;

/**
 * Announced (publishRecordChange, every instance) after a folder or its permissions changed —
 * created, renamed, moved, deleted, restored, purged, its entries or inheritance set: not a record
 * kind one joins, a signal for the documents grid's page cache (documents.routes.ts), whose pages
 * show folder names and depend on who may read which folder.
 */
export const DOCUMENT_FOLDERS_CHANGE_KIND = 'documentFolders';

/** Holders see and manage every folder (folder administrators). */
export const MANAGE_ALL_KEY = 'documents.circulation.manageFolders';
/** Holders empty the recycle bin (purge), and see every item in it. */
export const PURGE_KEY = 'documents.circulation.purge';
/** The key that opens document circulation at all: a folder permission counts only for holders (documents.folders.ts). */
export const OPEN_KEY = 'documents.circulation';
/** The statuses in which a document is being routed: its route's people read it only then (documents.access.ts). */
export const ROUTING_STATUSES = ['SUBMITTED', 'IN_APPROVAL'] as const;
