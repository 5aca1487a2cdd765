import { z } from 'zod';
import { approvalStatus } from './approvals';
import { fileItem } from './files';
import { baseListQuery, listResponse } from './lists';
import { recordComment, recordHistoryEntry } from './records';
import { folderNameFlags, id, idParam } from './validation';
import { FOLDER_LEVELS, FOLDER_PRINCIPAL_KINDS, DOCUMENT_TITLE_MAX, DOCUMENT_SCOPES, DOCUMENT_SORT_FIELDS, DIFF_LINE_KINDS, BIN_ITEM_KINDS, REGISTRY_KINDS, REGISTRY_STATUSES, REGISTRY_SORT_FIELDS } from './plain/documents';
export { FOLDER_NAME_MAX, FOLDER_LEVELS, levelAtLeast, FOLDER_PRINCIPAL_KINDS, DOCUMENT_TITLE_MAX, DOCUMENT_JUST_FINISHED_DAYS, RECYCLE_BIN_DAYS, DOCUMENT_SCOPES, DOCUMENT_SORT_FIELDS, DIFF_LINE_KINDS, BIN_ITEM_KINDS, REGISTRY_KINDS, REGISTRY_PREFIX, registryNumber, REGISTRY_STATUSES, REGISTRY_SORT_FIELDS } from './plain/documents';

/*
 * Document circulation and the document registry (issue #15; DOMAIN.md "Document circulation and
 * registry"; SPEC §2 list screens and the folder-name prompt, §5 folder-name rule, §6 folder
 * permissions, §7 "document circulation, recycle bin, registry (save, callback, approve/reject)").
 * The server validates with these shapes, the web types with them.
 */

// ---------------------------------------------------------------------------------------------
// Folders and their permissions
// ---------------------------------------------------------------------------------------------

/**
 * A folder name (SPEC §5): trimmed, not empty, at most 100 characters, none of < > : " / \ | ? *,
 * not a reserved device name (CON, PRN, AUX, NUL, COM1–9, LPT1–9, any case). The issue messages
 * are the flags of {@link folderNameFlags} (`required`, `maxLength`, `invalidCharacters`,
 * `reservedName`) — the same the FolderNamePrompt shows.
 */
export const folderName = z
  .string()
  .trim()
  .superRefine((name, ctx) => {
    for (const flag of folderNameFlags(name)) ctx.addIssue({ code: 'custom', message: flag });
  });
export const folderLevel = z.enum(FOLDER_LEVELS);
export type FolderLevel = z.infer<typeof folderLevel>;
export const folderPrincipalKind = z.enum(FOLDER_PRINCIPAL_KINDS);
export type FolderPrincipalKind = z.infer<typeof folderPrincipalKind>;

/** One permission entry as set on a folder. */
export const folderPermissionInput = z.object({ principalKind: folderPrincipalKind, principalId: id, level: folderLevel });
export type FolderPermissionInput = z.infer<typeof folderPermissionInput>;

/** One entry as shown: with the principal's name and, for inherited ones, the folder it comes from. */
export const folderPermissionEntry = folderPermissionInput.extend({
  principalName: z.string(),
  /** null = set on this folder; else the ancestor it is inherited from. */
  inheritedFrom: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type FolderPermissionEntry = z.infer<typeof folderPermissionEntry>;

/** A folder in the tree: `level` is the caller's effective permission on it. */
export const documentFolder = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  inherit: z.boolean(),
  level: folderLevel,
  documentCount: z.number().int().nonnegative(),
});
export type DocumentFolder = z.infer<typeof documentFolder>;

/** The folders the caller may read (a tree by parentId; a folder whose parent they cannot read hangs at the root). */
export const folderTreeResponse = z.object({ folders: z.array(documentFolder), canCreateRoot: z.boolean() });
export type FolderTreeResponse = z.infer<typeof folderTreeResponse>;

/** Create a folder under `parentId` (null = at the root; needs write on the parent, or documents.circulation.create for the root). */
export const createFolderInput = z.object({ parentId: id.nullable().default(null), name: folderName });
export type CreateFolderInput = z.input<typeof createFolderInput>;

/** Rename and/or move a folder (manage on it; moving also needs write on the new parent; never under itself: 422 `folderCycle`). */
export const updateFolderInput = z.object({ name: folderName.optional(), parentId: id.nullable().optional() });
export type UpdateFolderInput = z.input<typeof updateFolderInput>;

/** A folder's permissions: whether it inherits, its own entries and the inherited ones. */
export const folderPermissions = z.object({
  folderId: z.number().int(),
  inherit: z.boolean(),
  entries: z.array(folderPermissionEntry),
});
export type FolderPermissions = z.infer<typeof folderPermissions>;

/**
 * Replace a folder's own entries and its inheritance (manage on it). Breaking inheritance
 * (`inherit` false) keeps what was inherited as the folder's own entries unless they are left
 * out of `entries` — the dialog shows them, so what is saved is what the user saw.
 */
export const setFolderPermissionsInput = z.object({
  inherit: z.boolean(),
  entries: z.array(folderPermissionInput).max(200),
});
export type SetFolderPermissionsInput = z.infer<typeof setFolderPermissionsInput>;

// ---------------------------------------------------------------------------------------------
// Documents and versions
// ---------------------------------------------------------------------------------------------

/** A document's status: the approval engine's, or DRAFT before it was ever routed. */
export const documentStatus = approvalStatus;
export type DocumentStatus = z.infer<typeof documentStatus>;

/** Create (no id) or edit a document (write on its folder). `fileId`: an upload (type document) that becomes the next version. */
export const saveDocumentInput = z.object({
  id: id.optional(),
  folderId: id,
  title: z.string().trim().min(1).max(DOCUMENT_TITLE_MAX),
  typeCode: z.string().trim().min(1).max(50),
  destinationId: id.nullable().default(null),
  tagIds: z.array(id).max(20).default([]),
  forVendorInvoice: z.boolean().default(false),
  fileId: id.optional(),
});
export type SaveDocumentInput = z.input<typeof saveDocumentInput>;

/** One version of a document's file: number from 1, content hash (SHA-256 hex), size in bytes, who and when. */
export const documentVersion = z.object({
  versionNo: z.number().int().positive(),
  file: fileItem,
  sha256: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  hasText: z.boolean(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: z.string().datetime(),
});
export type DocumentVersion = z.infer<typeof documentVersion>;

/** A piece of a search snippet: plain text, marked when it is a word found. */
export const snippetPart = z.object({ text: z.string(), mark: z.boolean() });
export type SnippetPart = z.infer<typeof snippetPart>;

/** A list row (the three circulation lists, a folder's documents, search). */
export const documentRow = z.object({
  id: z.number().int(),
  title: z.string(),
  typeCode: z.string(),
  typeName: z.string(),
  folderId: z.number().int().nullable(),
  folderName: z.string().nullable(),
  status: documentStatus,
  versionCount: z.number().int().nonnegative(),
  forVendorInvoice: z.boolean(),
  author: z.string(),
  updatedAt: z.string().datetime(),
  finishedAt: z.string().datetime().nullable(),
  registryNumber: z.string().nullable(),
  /**
   * Search only: a fragment of the matching text in its original spelling, as parts of plain text —
   * `mark` true on the words found (the web renders them as text in <mark>, never as HTML).
   */
  snippet: z.array(snippetPart).nullable(),
});
export type DocumentRow = z.infer<typeof documentRow>;
export const documentScope = z.enum(DOCUMENT_SCOPES);
export type DocumentScope = z.infer<typeof documentScope>;
export const documentSortField = z.enum(DOCUMENT_SORT_FIELDS);

/**
 * The circulation grid: a scope (`folder` with `folderId`; `all`: every document the caller may
 * read, whatever its status — the web searches there, across the tabs), the base query; `search` is
 * full-text over titles and the text of the files' current versions (PostgreSQL full-text search,
 * case and Azerbaijani accents ignored), only in what the caller may read.
 */
export const documentListQuery = baseListQuery(documentSortField, 'updatedAt').extend({
  scope: documentScope.default('unfinished'),
  folderId: id.optional(),
});
export type DocumentListQuery = z.input<typeof documentListQuery>;
/**
 * A page of a documents list (listResponse). A full-text `search` in the lists' time order
 * (`sort: 'updatedAt'`) counts its matches only as far as the page reaches: `total` is exact when
 * they end within the page (`totalCapped` false), else it is `skip + take` with `totalCapped` true —
 * more match, and the next page's `total` says how far they go (the server's
 * modules/documents/documents.search.ts: the count to LIST_COUNT_CAP was most of a search's cost at
 * 200,000 documents). Other lists count up to LIST_COUNT_CAP.
 */
export const documentListResponse = listResponse(documentRow);
export type DocumentListResponse = z.infer<typeof documentListResponse>;

/** A document's detail: its fields, versions (newest first), history, comments, the caller's level and what they may do. */
export const documentDetail = z.object({
  document: documentRow.extend({
    destinationId: z.number().int().nullable(),
    destinationName: z.string().nullable(),
    tagIds: z.array(z.number().int()),
    tagNames: z.array(z.string()),
    /** Who created it (never offered on its route: a document is not routed to its author). */
    authorId: z.number().int(),
    createdAt: z.string().datetime(),
  }),
  versions: z.array(documentVersion),
  history: z.array(recordHistoryEntry),
  comments: z.array(recordComment),
  level: folderLevel,
  registryEntries: z.array(z.object({ id: z.number().int(), number: z.string(), status: z.string() })),
});
export type DocumentDetail = z.infer<typeof documentDetail>;

/** Add a version: an upload of type `document` by the caller. */
export const addVersionInput = z.object({ fileId: id });
export type AddVersionInput = z.infer<typeof addVersionInput>;

/** Move a document to another folder (write on both). */
export const moveDocumentInput = z.object({ folderId: id });

/** One route step: the people who give a visa or approve, all of them or any one. */
export const documentRouteStep = z.object({
  purpose: z.enum(['visa', 'approval']),
  userIds: z.array(id).min(1).max(20),
  mode: z.enum(['all', 'any']).default('all'),
});
/** Send a document for visa / approval through the approval engine (write on its folder). */
export const routeDocumentInput = z.object({ steps: z.array(documentRouteStep).min(1).max(10) });
export type RouteDocumentInput = z.input<typeof routeDocumentInput>;
export const documentDiff = z.object({
  from: z.number().int(),
  to: z.number().int(),
  lines: z.array(z.object({ kind: z.enum(DIFF_LINE_KINDS), text: z.string() })),
  /** Lines left out after this many (a diff is for reading, not a copy). */
  truncated: z.boolean(),
});
export type DocumentDiff = z.infer<typeof documentDiff>;
export const documentDiffQuery = z.object({ from: idParam, to: idParam });
/** A DOCX version as HTML for the preview (GET /api/documents/{id}/versions/{n}/html); not sanitised: the web sanitises it before showing it. */
export const documentPreviewHtml = z.object({ versionNo: z.number().int().positive(), html: z.string() });
export type DocumentPreviewHtml = z.infer<typeof documentPreviewHtml>;

export const documentIdParams = z.object({ id: idParam });
export const documentVersionParams = z.object({ id: idParam, versionNo: idParam });
export const binItemKind = z.enum(BIN_ITEM_KINDS);
export type BinItemKind = z.infer<typeof binItemKind>;

/** An item in the recycle bin: what, where it was, who deleted it and when, when the job purges it. */
export const binItem = z.object({
  kind: binItemKind,
  id: z.number().int(),
  name: z.string(),
  originalFolder: z.string().nullable(),
  deletedBy: z.string(),
  deletedAt: z.string().datetime(),
  purgeAt: z.string().datetime(),
});
export type BinItem = z.infer<typeof binItem>;
export const binResponse = z.object({ items: z.array(binItem), canPurge: z.boolean() });
export type BinResponse = z.infer<typeof binResponse>;
export const binItemParams = z.object({ kind: binItemKind, id: idParam });
export const registryKind = z.enum(REGISTRY_KINDS);
export type RegistryKind = z.infer<typeof registryKind>;
export const registryStatus = z.enum(REGISTRY_STATUSES);
export type RegistryStatus = z.infer<typeof registryStatus>;

/** Register an entry: the number is allocated in the same transaction (gap-free per kind and year). */
export const saveRegistryEntryInput = z.object({
  kind: registryKind,
  subject: z.string().trim().min(1).max(500),
  correspondent: z.string().trim().max(300).default(''),
  documentId: id.nullable().default(null),
});
export type SaveRegistryEntryInput = z.input<typeof saveRegistryEntryInput>;

export const registryRow = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: registryKind,
  year: z.number().int(),
  subject: z.string(),
  correspondent: z.string(),
  status: registryStatus,
  documentId: z.number().int().nullable(),
  documentTitle: z.string().nullable(),
  registeredBy: z.string(),
  registeredAt: z.string().datetime(),
});
export type RegistryRow = z.infer<typeof registryRow>;
export const registryListQuery = baseListQuery(z.enum(REGISTRY_SORT_FIELDS), 'registeredAt').extend({
  kind: registryKind.optional(),
  status: registryStatus.optional(),
  year: z.number().int().min(2000).max(2100).optional(),
});
export type RegistryListQuery = z.input<typeof registryListQuery>;
export const registryListResponse = listResponse(registryRow);
export type RegistryListResponse = z.infer<typeof registryListResponse>;

/**
 * What the caller may do with a registry entry now, as the server decides it: `approve` / `reject`
 * only for the pending step's approver or their active substitute (never the entry's author, who
 * the engine refuses with `ownRecord`), `void` for a holder of documents.registry.create while the
 * entry is not void yet.
 */
export const REGISTRY_ACTIONS = ['approve', 'reject', 'void'] as const;
export const registryAction = z.enum(REGISTRY_ACTIONS);
export type RegistryAction = z.infer<typeof registryAction>;

export const registryDetail = z.object({
  entry: registryRow.extend({ voidReason: z.string().nullable() }),
  history: z.array(recordHistoryEntry),
  allowedActions: z.array(registryAction),
});
export type RegistryDetail = z.infer<typeof registryDetail>;

/** A registry decision (approve; reject needs a comment of ≥ 10 characters). */
export const registryDecisionInput = z.object({ comment: z.string().max(2000).optional() });
/** Cancel an entry: it becomes VOID with the reason (≥ 10 characters), never deleted. */
export const voidRegistryEntryInput = z.object({ reason: z.string().max(2000) });
/** Link an entry to a document (null unlinks). */
export const linkRegistryEntryInput = z.object({ documentId: id.nullable() });
export const registryIdParams = z.object({ id: idParam });

/** Who a folder permission may name (the permissions dialog's pickers). */
const namedItem = z.object({ id: z.number().int(), name: z.string() });
/**
 * Who a folder permission may name (the dialog's pickers). `canOpen`: the user's (or the user
 * type's) type holds `documents.circulation` — a new entry naming one that does not is refused
 * (422 `principalCannotOpenDocuments`); `membersWithoutAccess`: a group's active members whose type
 * does not (the entry counts for the others).
 */
export const folderPrincipalsResponse = z.object({
  users: z.array(namedItem.extend({ canOpen: z.boolean() })),
  userTypes: z.array(namedItem.extend({ canOpen: z.boolean() })),
  groups: z.array(namedItem.extend({ membersWithoutAccess: z.number().int().nonnegative() })),
});
export type FolderPrincipalsResponse = z.infer<typeof folderPrincipalsResponse>;
export const folderIdParams = z.object({ id: idParam });
export const restoreResponse = z.object({ parentId: z.number().int().nullable() });
export const addDocumentCommentInput = z.object({ text: z.string().trim().min(1).max(10_000), mentionedUserIds: z.array(id).max(50).default([]) });
