/*
 * The zod-free half of ../documents.ts (codes, limits and pure rules), which re-exports all of it:
 * client code that needs only these does not load zod and the schemas with its first paint
 * (issue #19's bundle budgets). Never import zod or a schema here (test/plain.test.ts).
 */
import { FOLDER_NAME_MAX_LENGTH } from './validation';
import type { FolderLevel, RegistryKind } from '../documents';

/** Most characters of a folder name (SPEC §9), for inputs' maxLength. */
export const FOLDER_NAME_MAX = FOLDER_NAME_MAX_LENGTH;

/** Permission levels on a folder, weakest first: read (see, download) < write (add, change, route, delete to the bin) < manage (rename, move, delete folders, permissions). */
export const FOLDER_LEVELS = ['read', 'write', 'manage'] as const;

/** Whether `level` is at least `needed`. */
export const levelAtLeast = (level: FolderLevel | null | undefined, needed: FolderLevel): boolean =>
  level != null && FOLDER_LEVELS.indexOf(level) >= FOLDER_LEVELS.indexOf(needed);

/** Who a folder permission names: one user, every user of a user type, or every member of a group (SPEC §6 "users and user types"; groups for teams). */
export const FOLDER_PRINCIPAL_KINDS = ['user', 'userType', 'group'] as const;

/** Longest document title (characters). */
export const DOCUMENT_TITLE_MAX = 300;

/** "Just finished": routing ended (approved or rejected) within this many days. */
export const DOCUMENT_JUST_FINISHED_DAYS = 30;

/** Items in the recycle bin older than this many days are purged by the job. */
export const RECYCLE_BIN_DAYS = 30;

/** The list screens (SPEC §2 "document circulation (unfinished, just finished, just finished for vendor invoice)"), a folder's content, and `all` (search across them). */
export const DOCUMENT_SCOPES = ['unfinished', 'justFinished', 'justFinishedForVendorInvoice', 'folder', 'all'] as const;

export const DOCUMENT_SORT_FIELDS = ['updatedAt', 'title', 'status'] as const;

/** A text diff between two versions: lines added, removed or unchanged (in order). */
export const DIFF_LINE_KINDS = ['same', 'added', 'removed'] as const;

// ---------------------------------------------------------------------------------------------
// Recycle bin
// ---------------------------------------------------------------------------------------------

export const BIN_ITEM_KINDS = ['folder', 'document'] as const;

// ---------------------------------------------------------------------------------------------
// Registry
// ---------------------------------------------------------------------------------------------

/** Registry entry kinds and their number prefixes (OUT-2026-00042). */
export const REGISTRY_KINDS = ['incoming', 'outgoing', 'internal'] as const;

export const REGISTRY_PREFIX: Record<RegistryKind, string> = { incoming: 'IN', outgoing: 'OUT', internal: 'INT' };

/** The registry number of the `seq`-th entry of `kind` in `year`: OUT-2026-00042. */
export const registryNumber = (kind: RegistryKind, year: number, seq: number): string =>
  `${REGISTRY_PREFIX[kind]}-${year}-${String(seq).padStart(5, '0')}`;

/** An entry's status: the engine's (IN_APPROVAL, APPROVED, REJECTED) or VOID (cancelled; kept, its number never reused). */
export const REGISTRY_STATUSES = ['IN_APPROVAL', 'APPROVED', 'REJECTED', 'VOID'] as const;

export const REGISTRY_SORT_FIELDS = ['registeredAt', 'number'] as const;
