import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { isSafeText, type FileTooLargeDetails } from '@servicedesk/contracts';
import { AppError, badRequest } from './errors';
import { unsafeTextError } from '../plugins/input-hygiene';

/*
 * The one reader of multipart uploads (files, avatars, document versions through them, the 1C and
 * dislocation imports). Every upload route reads its body through {@link readUploadParts}; the
 * rules it keeps hold for all of them:
 *
 * - an oversized body answers 413 `fileTooLarge` — before a byte is parsed when Content-Length
 *   already says so, else as soon as the file bytes pass the limit;
 * - a file stream handed to a route never errors without a listener: the reader owns the stream it
 *   hands over (a counting Transform) and keeps a listener on it and on the parser's stream, so a
 *   limit reached after the consumer stopped reading (a refused CSV header, say) cannot become an
 *   unhandled 'error' event that ends the process;
 * - whatever part of the body the route did not read is drained, so the answer goes out and the
 *   connection is kept or closed cleanly.
 */

/** Bytes a multipart body may carry besides the file bytes: boundaries, part headers, small fields (per part). */
const PART_OVERHEAD_BYTES = 4096;
/** Fields (besides files) an upload form may have, each at most FIELD_MAX_BYTES. */
const MAX_FIELDS = 10;
const FIELD_MAX_BYTES = 1024;

/** What an upload route allows: `maxBytes` (bytes) of file content in all, at most `maxFiles` file parts. */
export interface UploadLimits {
  maxBytes: number;
  maxFiles: number;
}

/** A file part as handed to the route: the names the client sent and the bytes as a stream. */
export interface UploadFilePart {
  fieldname: string;
  filename: string;
  /**
   * The part's bytes. Fails with the 413 `fileTooLarge` AppError once the upload's file bytes pass
   * `maxBytes`; the route may stop reading at any time (the rest is drained).
   */
  stream: Readable;
  /** Bytes this part may still carry before the limit (the limit less the earlier parts). */
  remainingBytes: number;
  /** File names of this and the earlier parts, in order (for the error's details). */
  fileNames: string[];
}

/** What the route does with each field and file part, in the order they arrive. */
export interface UploadHandlers {
  field?(name: string, value: string): void;
  /** Reads (or not) the part's stream; the next part is read once this settles. */
  file(part: UploadFilePart): Promise<void>;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** 413 `fileTooLarge` with contracts FileTooLargeDetails (sizes in bytes; message translated from its code by the error handler, with `fileNames`). */
export function fileTooLarge(details: FileTooLargeDetails): AppError {
  return new AppError(413, 'fileTooLarge', `The files total ${mb(details.totalBytes)} MB or more; at most ${mb(details.maxBytes)} MB may be uploaded at once.`, details);
}

const tooManyFiles = (maxFiles: number) => new AppError(400, 'tooManyFiles', `At most ${maxFiles} file(s) may be sent at once.`, { maxFiles });
const malformed = () => badRequest('malformedMultipart', 'The multipart body is malformed or cut short.');
const noop = () => undefined;

/**
 * True for the parser's own complaints about the body (busboy/dicer: "Unexpected end of multipart
 * data", "Multipart: Boundary not found", "Malformed part header", …): the client sent a broken or
 * truncated body — 400, not 500. Disk errors (they carry `syscall`) stay 500.
 */
function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof AppError || 'syscall' in error) return false;
  if ((error as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return true;
  return /multipart|boundary|part header|unexpected end|terminated early/i.test(error.message);
}

/**
 * Registers the multipart parser for the routes of `fastify` (an encapsulated plugin scope). Use
 * with {@link readUploadParts}; never read `request.file()` / `request.parts()` directly.
 */
export async function registerUploads(fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifyMultipart, { throwFileSizeLimit: false });
}

/**
 * Reads the multipart body of `request` part by part (see the rules at the top of this file):
 * fields go to `handlers.field`, file parts to `handlers.file` with a counted stream. Errors
 * (AppError): 400 `noFiles` (not multipart), `tooManyFiles` (more than `limits.maxFiles` file parts,
 * or too many fields), `malformedMultipart` (a broken or cut body), `validationError` (a file name
 * with NUL or a lone surrogate); 413 `fileTooLarge` (details {@link FileTooLargeDetails}); and
 * whatever the handlers throw.
 */
export async function readUploadParts(request: FastifyRequest, limits: UploadLimits, handlers: UploadHandlers): Promise<void> {
  const { maxBytes, maxFiles } = limits;
  if (!request.isMultipart()) throw badRequest('noFiles', 'Send the file(s) as multipart/form-data.');
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + (maxFiles + MAX_FIELDS + 1) * PART_OVERHEAD_BYTES) {
    drain(request);
    throw fileTooLarge({ totalBytes: declared, maxBytes, fileNames: [] });
  }
  const fileNames: string[] = [];
  let total = 0;
  let current: Readable | null = null;
  try {
    const parts = request.parts({
      // One byte past the limit, so a part that passes it is seen (the meter below decides).
      limits: { fileSize: maxBytes + 1, files: maxFiles + 1, fields: MAX_FIELDS, fieldSize: FIELD_MAX_BYTES, parts: maxFiles + MAX_FIELDS + 1 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        handlers.field?.(part.fieldname, String(part.value));
        continue;
      }
      const source = part.file;
      current = source;
      source.on('error', noop);
      if (!isSafeText(part.filename)) throw unsafeTextError('multipart', part.fieldname);
      fileNames.push(part.filename);
      if (fileNames.length > maxFiles) throw tooManyFiles(maxFiles);
      const remainingBytes = maxBytes - total;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          total += chunk.length;
          if (total > maxBytes) return callback(fileTooLarge({ totalBytes: total, maxBytes, fileNames: [...fileNames] }));
          callback(null, chunk);
        },
      });
      // Errors reach the route through its own listeners (async iteration, pipeline); this one only
      // keeps an error after the route stopped listening from ending the process.
      meter.on('error', noop);
      source.on('error', (error) => meter.destroy(error));
      // A cut body can fail the part before it reaches us (the parser destroys the part's stream
      // with its error while the iterator hands it over): nothing would ever flow or end then.
      if (source.destroyed) throw source.errored ?? malformed();
      source.pipe(meter);
      await handlers.file({ fieldname: part.fieldname, filename: part.filename, stream: meter, remainingBytes, fileNames: [...fileNames] });
      // The route may have stopped early (or passed the limit): discard the part's rest.
      source.unpipe(meter);
      source.resume();
      if (total > maxBytes) throw fileTooLarge({ totalBytes: total, maxBytes, fileNames });
      current = null;
    }
  } catch (error) {
    current?.resume();
    drain(request);
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw tooManyFiles(maxFiles);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge({ totalBytes: total, maxBytes, fileNames });
    if (isMalformedMultipart(error)) throw malformed();
    throw error;
  }
}

/** Lets the rest of the body flow to nowhere, so the answer can be sent and the socket reused or closed. */
function drain(request: FastifyRequest): void {
  const raw = request.raw;
  raw.on('error', noop);
  raw.unpipe();
  raw.resume();
}
