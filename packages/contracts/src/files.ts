import { z } from 'zod';
import { id } from './validation';
import { uploadTypes, type fileErrorCodes } from './plain/files';
export { DEFAULT_UPLOAD_MAX_TOTAL_BYTES, UPLOAD_MAX_FILES, FILE_NAME_MAX_LENGTH, UPLOAD_TYPES, uploadTypes, fileExtension, isAllowedExtension, fileErrorCodes, fileUrl, avatarUrl } from './plain/files';
/** The multipart `type` field: one of UPLOAD_TYPES' keys. */
export const uploadType = z.enum(uploadTypes);
export type UploadType = z.infer<typeof uploadType>;

/**
 * An uploaded file as every call answers it (SPEC §3 "File": id, name, url, type). `name` is the
 * original (sanitised) file name to show and to save as; `url` is the opaque handle
 * FileServer/DownloadFile takes (`files/{id}`), not a path on disk; `type` is the upload purpose
 * (UploadType). Ours on top: `mime` (detected from the content) and `sizeBytes`.
 */
export const fileItem = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  type: z.string(),
  mime: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  /**
   * Avatars only: a plain GET address (`/api/global/FileServer/avatar/{id}-{hash}`) usable as an
   * `<img src>` and as a user's imgPath — it needs no token, is unguessable without the picture,
   * and is cached for good (the content behind it never changes).
   */
  publicUrl: z.string().optional(),
});
export type FileItem = z.infer<typeof fileItem>;

/** POST /api/global/FileUploadGlobal and POST /api/global/uploadFile answer: the stored files, in the order sent. */
export const uploadFilesResponse = z.array(fileItem);
export type UploadFilesResponse = z.infer<typeof uploadFilesResponse>;



/** POST /api/global/FileServer/DownloadFile payload: the FileItem's url (SPEC §7: "url; blob response"). */
export const downloadFileInput = z.object({ url: z.string().min(1).max(500) });
export type DownloadFileInput = z.infer<typeof downloadFileInput>;

/** POST /api/global/removeFile payload (SPEC §7: id). */
export const removeFileInput = z.object({ id });
export type RemoveFileInput = z.infer<typeof removeFileInput>;
export type FileErrorCode = (typeof fileErrorCodes)[number];

/** `details` of a `fileTooLarge` error: sizes in bytes. */
export const fileTooLargeDetails = z.object({
  totalBytes: z.number().int(),
  maxBytes: z.number().int(),
  fileNames: z.array(z.string()),
});
export type FileTooLargeDetails = z.infer<typeof fileTooLargeDetails>;

/** `details` of `fileTypeNotAllowed` / `fileContentMismatch`: the refused file and what the type accepts. */
export const fileTypeDetails = z.object({
  fileName: z.string(),
  allowedExtensions: z.array(z.string()),
  /** The content type detected from the bytes, when one was. */
  detectedMime: z.string().optional(),
});
export type FileTypeDetails = z.infer<typeof fileTypeDetails>;
