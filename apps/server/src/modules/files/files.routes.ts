import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  UPLOAD_MAX_FILES,
  UPLOAD_TYPES,
  apiError,
  downloadFileInput,
  fileItem,
  removeFileInput,
  uploadFilesResponse,
  uploadType,
  type UploadType,
} from '@servicedesk/contracts';
import { requireUser } from '../../plugins/auth-guard';
import { AppError } from '../../lib/errors';
import { fileTooLarge, readUploadParts, registerUploads } from '../../lib/upload';
import { SizeLimitError } from '../../lib/storage';
import { attempt } from '../../lib/throttle';
import type { AppDeps } from '../../types';
import * as service from './files.service';
import { scheduleFileJobs } from './files.jobs';

/** Age after which an upload's temp file is taken for a leftover, in ms (a day). */
const TEMP_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 413: apiError, 415: apiError, 429: apiError };

/**
 * The per-user upload rate (issue #20): at most UPLOAD_RATE_PER_MINUTE upload requests a minute,
 * counted atomically across instances (lib/throttle.ts); beyond, 429 `tooManyUploads` with
 * `details { retryAfterSeconds }` before the body is read.
 */
async function reserveUpload(deps: AppDeps, userId: number): Promise<void> {
  const result = await attempt(deps.throttle, `upload:user:${userId}`, { limit: deps.config.uploadRatePerMinute, windowMs: 60_000 });
  if (!result.allowed) {
    const retryAfterSeconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
    throw new AppError(429, 'tooManyUploads', `Too many uploads in a minute. Try again in ${retryAfterSeconds} seconds.`, { retryAfterSeconds });
  }
}

/**
 * The multipart forms and byte answers for /api/openapi.json only (plugins/openapi.ts
 * `config.openapi`): Fastify never validates with these — readUpload reads the parts itself.
 */
const uploadForm = (maxFiles: number, type: z.ZodType) => ({
  consumes: ['multipart/form-data'],
  body: z.object({
    file: z
      .array(z.file())
      .min(1)
      .max(maxFiles)
      .describe(`The file part(s), ${maxFiles === 1 ? 'exactly one' : `1 to ${maxFiles}`} (any field name is taken as a file); all together at most UPLOAD_MAX_MB (default 50 MB).`),
    type,
  }),
});
const fileBytes = (mime: string, description: string) => ({
  200: { description, content: { [mime]: { schema: z.file() } } },
});

/** RFC 5987/6266 Content-Disposition: an ASCII fallback `filename` and the exact UTF-8 `filename*`. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Reads a multipart upload through the shared reader (lib/upload.ts): every file part is streamed
 * into the blob store's temp folder (never buffered in memory) while the running total is held to
 * `config.uploadMaxTotalBytes`; the `type` field is read whichever order it arrives in. On any
 * failure the temp files already received are removed. Errors: 400 `noFiles`, `tooManyFiles`
 * (more than `maxFiles` parts), `invalidUploadType`, `malformedMultipart` (a broken or truncated
 * body), `validationError` (a file name with NUL or a lone surrogate); 413 `fileTooLarge`.
 */
async function readUpload(
  deps: AppDeps,
  request: FastifyRequest,
  maxFiles: number,
  defaultType: UploadType | null,
): Promise<{ type: UploadType; files: service.ReceivedFile[] }> {
  const store = service.blobStore(deps);
  const maxBytes = deps.config.uploadMaxTotalBytes;
  const received: service.ReceivedFile[] = [];
  let typeField: string | undefined;
  try {
    await readUploadParts(request, { maxBytes, maxFiles }, {
      field(name, value) {
        if (name === 'type') typeField = value;
      },
      async file(part) {
        try {
          received.push({ name: part.filename, blob: await store.receive(part.stream, part.remainingBytes) });
        } catch (error) {
          if (error instanceof SizeLimitError) {
            throw fileTooLarge({ totalBytes: maxBytes - part.remainingBytes + error.receivedBytes, maxBytes, fileNames: part.fileNames });
          }
          throw error;
        }
      },
    });
    if (received.length === 0) throw new AppError(400, 'noFiles', 'No file was sent.');
    const type = uploadType.safeParse(typeField ?? defaultType);
    if (!type.success) {
      throw new AppError(400, 'invalidUploadType', `"type" must be one of: ${Object.keys(UPLOAD_TYPES).join(', ')}.`, {
        allowedTypes: Object.keys(UPLOAD_TYPES),
      });
    }
    return { type: type.data, files: received };
  } catch (error) {
    await Promise.all(received.map((file) => store.discard(file.blob)));
    throw error;
  }
}

/**
 * File calls under /api/global (SPEC §7 Global, §5 uploads, §8). Every call needs a signed-in
 * user (`permission: 'signedIn'`); who may read or remove a given file is decided in
 * files.service (uploader, avatars, the record's module rule). Sizes are in bytes.
 */
export async function fileRoutes(fastify: FastifyInstance): Promise<void> {
  // Multipart only for these routes (the plugin is encapsulated here); the limits are per request.
  await registerUploads(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  scheduleFileJobs(fastify);
  // Temp files an earlier run left behind (a crash mid-upload); in the background, never fatal.
  service
    .blobStore(deps)
    .sweepTemp(TEMP_MAX_AGE_MS)
    .then((removed) => removed > 0 && fastify.log.info({ removed }, 'removed stale upload temp files'))
    .catch((error: unknown) => fastify.log.warn({ err: error }, 'could not sweep upload temp files'));

  /**
   * POST /api/global/FileUploadGlobal — multipart/form-data: repeated `file` parts (any field
   * name is taken as a file) plus a `type` field (contracts UploadType: avatar, helpdeskRequest,
   * contract, document, vendorInvoice, news, general), in any order → FileItem[] in the order sent
   * (SPEC §3 File: id, name, url, type; plus mime, sizeBytes). All or nothing. Errors: 400
   * `noFiles` | `tooManyFiles` (> UPLOAD_MAX_FILES) | `invalidUploadType`; 413 `fileTooLarge`
   * (total > config.uploadMaxTotalBytes, default 50 MB; details { totalBytes, maxBytes, fileNames });
   * 415 `fileTypeNotAllowed` (extension not in the type's list; details { fileName,
   * allowedExtensions }) | `fileContentMismatch` (magic bytes disagree with the extension);
   * 413 `storageQuotaExceeded` (UPLOAD_QUOTA_MB per user, files.service checkQuota); 429
   * `tooManyUploads` (UPLOAD_RATE_PER_MINUTE per user; issue #20); 400 `malformedMultipart`.
   */
  app.post(
    '/FileUploadGlobal',
    {
      config: { permission: 'signedIn', openapi: uploadForm(UPLOAD_MAX_FILES, uploadType.describe('What the files are for; decides the allowed extensions (contracts UPLOAD_TYPES).')) },
      schema: { response: { 200: uploadFilesResponse, ...errors } },
    },
    async (request) => {
      const user = requireUser(request);
      await reserveUpload(deps, user.id);
      const { type, files } = await readUpload(deps, request, UPLOAD_MAX_FILES, null);
      return service.storeUploads(deps, user, type, files);
    },
  );

  /**
   * POST /api/global/uploadFile — multipart/form-data with exactly one file part and an optional
   * `type` field (default `general`) → FileItem[] with that one file. Errors as FileUploadGlobal;
   * a second file part is 400 `tooManyFiles`.
   */
  app.post(
    '/uploadFile',
    {
      config: { permission: 'signedIn', openapi: uploadForm(1, uploadType.optional().describe('What the file is for; default `general`.')) },
      schema: { response: { 200: uploadFilesResponse, ...errors } },
    },
    async (request) => {
      const user = requireUser(request);
      await reserveUpload(deps, user.id);
      const { type, files } = await readUpload(deps, request, 1, 'general');
      return service.storeUploads(deps, user, type, files);
    },
  );

  /**
   * POST /api/global/FileServer/DownloadFile { url } (a FileItem's url, `files/{id}`) → the bytes,
   * streamed, with Content-Type (the type detected at upload), Content-Length (bytes) and
   * `Content-Disposition: attachment; filename="…"; filename*=UTF-8''…` (RFC 5987), SPEC §7
   * "blob response". Errors: 404 `fileNotFound` (unknown, removed, malformed url); 403
   * `forbidden` (details.rule `notFileReader`) unless the caller uploaded it, it is an avatar, or
   * the record it is attached to lets them see it.
   */
  app.post(
    '/FileServer/DownloadFile',
    // No response schema: the 200 answer is a byte stream, errors the usual shape.
    {
      config: {
        permission: 'signedIn',
        openapi: { response: fileBytes('application/octet-stream', 'The bytes (Content-Type: the type detected at upload; Content-Disposition: attachment with the name).') },
      },
      schema: { body: downloadFileInput },
    },
    async (request, reply) => {
      const { file, stream } = await service.openDownload(deps, requireUser(request), request.body.url);
      return reply
        .type(file.mime)
        .header('content-length', file.sizeBytes)
        .header('content-disposition', contentDisposition(file.name))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  /**
   * GET /api/global/FileServer/avatar/{id}-{hash} (ours; a FileItem's `publicUrl`) → the avatar's
   * bytes for an `<img src>`: public (no token — an `<img>` cannot send one; the address is
   * unguessable without the picture), `inline`, cached for a year as immutable (the content
   * behind an address never changes). 404 `fileNotFound` for a wrong hash, a non-avatar or a
   * removed file.
   */
  app.get(
    '/FileServer/avatar/:ref',
    {
      config: { public: true, openapi: { response: fileBytes('image/*', 'The avatar picture, inline, cached for a year.') } },
      schema: { params: z.object({ ref: z.string().max(40) }) },
    },
    async (request, reply) => {
      const { file, stream } = await service.openAvatar(deps, request.params.ref);
      return reply
        .type(file.mime)
        .header('content-length', file.sizeBytes)
        .header('content-disposition', contentDisposition(file.name).replace(/^attachment/, 'inline'))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(stream);
    },
  );

  /**
   * POST /api/global/removeFile { id } → the removed FileItem (soft removal; downloads of it then
   * answer 404). Errors: 404 `fileNotFound`; 403 `forbidden` (details.rule `notFileRemover`) for
   * anyone but the uploader or someone who may edit the record it belongs to — the `message` is
   * meant to be shown as is (SPEC §8 "File removal fails": error toast with the server's text).
   */
  app.post(
    '/removeFile',
    { config: { permission: 'signedIn' }, schema: { body: removeFileInput, response: { 200: fileItem, ...errors } } },
    async (request) => service.removeFile(deps, requireUser(request), request.body.id),
  );
}
