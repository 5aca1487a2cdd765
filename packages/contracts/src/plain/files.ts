/*
 * The zod-free half of ../files.ts (codes, limits and pure rules), which re-exports all of it:
 * client code that needs only these does not load zod and the schemas with its first paint
 * (issue #19's bundle budgets). Never import zod or a schema here (test/plain.test.ts).
 */
import type { UploadType } from '../files';

/*
 * Uploaded files (SPEC §3 "File", §5 "Uploads", §7 Global: FileUploadGlobal, uploadFile,
 * FileServer/DownloadFile, removeFile, §8 upload and removal errors; ARCHITECTURE.md "Files").
 * The server enforces the same limits the client checks before sending: the policy lives here
 * so both sides read one table.
 */

/** Default maximum total size of the files of one upload request, in bytes (SPEC §5, §9: 50 MB). */
export const DEFAULT_UPLOAD_MAX_TOTAL_BYTES = 50 * 1024 * 1024;

/** Most file parts one upload request may carry. */
export const UPLOAD_MAX_FILES = 20;

/** Longest original file name kept, in characters (longer names are shortened, extension kept). */
export const FILE_NAME_MAX_LENGTH = 200;

const images = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;

const office = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'rtf'] as const;

const text = ['txt', 'csv'] as const;

const archives = ['zip', '7z'] as const;

/**
 * What the files of an upload are for (the multipart `type` field), and the lower-case
 * extensions each accepts. The server also checks the content (magic bytes) against the
 * extension, so a renamed .exe is refused whatever its name. Modules add a purpose here
 * (one line) when they start taking attachments.
 */
export const UPLOAD_TYPES = {
  /** A user's profile picture; readable by every signed-in user. */
  avatar: images,
  /** Attachments of a help-desk request (screenshots, logs, documents). */
  helpdeskRequest: [...images, ...office, ...text, ...archives],
  /** Attachments of an equipment request (quotes, specifications, photos). */
  equipmentRequest: [...images, ...office, ...text],
  /** Contract scans and drafts. */
  contract: [...images, ...office],
  /** Document-circulation files. */
  document: [...images, ...office, ...text, ...archives],
  /** Vendor invoices and their scans. */
  vendorInvoice: [...images, ...office, ...text, 'xml'],
  /** News pictures and attachments. */
  news: [...images, ...office],
  /** Anything else the app uploads: the broadest safe list. */
  general: [...images, ...office, ...text, ...archives],
} as const satisfies Record<string, readonly string[]>;

export const uploadTypes = Object.keys(UPLOAD_TYPES) as [keyof typeof UPLOAD_TYPES, ...(keyof typeof UPLOAD_TYPES)[]];

/** The lower-case extension of a file name without the dot ('' when none): "Report.PDF" → "pdf". */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** Whether `name`'s extension is allowed for `type` (the client's check before sending; the server repeats it). */
export function isAllowedExtension(type: UploadType, name: string): boolean {
  return (UPLOAD_TYPES[type] as readonly string[]).includes(fileExtension(name));
}

/**
 * Stable error codes of the file calls (the shared error shape's `code`):
 * - `fileTooLarge` 413: the request's files exceed the total; details FileTooLargeDetails
 *   (SPEC §8 fileSizeErrorHeader / fileSizeErrorInfo: total, maximum, names).
 * - `fileTypeNotAllowed` 415: an extension outside the type's list; details FileTypeDetails
 *   (SPEC §8 fileUploadFiletypeErrorHeader / fileUploadFiletypeErrorInfo: allowed extensions).
 * - `fileContentMismatch` 415: the content is not what the extension claims (an .exe named
 *   .pdf, a binary named .txt); details FileTypeDetails.
 * - `noFiles` 400: no file part; `invalidUploadType` 400: `type` missing or unknown;
 *   `tooManyFiles` 400: more than UPLOAD_MAX_FILES parts.
 * - `fileNotFound` 404 (also for a removed file), `forbidden` 403 (not yours / not your record).
 */
export const fileErrorCodes = [
  'fileTooLarge',
  'fileTypeNotAllowed',
  'fileContentMismatch',
  'noFiles',
  'invalidUploadType',
  'tooManyFiles',
  'fileNotFound',
] as const;

/** The `url` of file `id` as FileItem carries it. */
export const fileUrl = (id: number): string => `files/${id}`;

/** The `publicUrl` of an avatar: its id and the first 16 hex digits of its content's sha256. */
export const avatarUrl = (id: number, sha256: string): string => `/api/global/FileServer/avatar/${id}-${sha256.slice(0, 16)}`;
