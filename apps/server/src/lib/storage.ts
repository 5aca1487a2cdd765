import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/*
 * Content-addressed file storage (ARCHITECTURE.md "Files"): every blob lives at
 * `<root>/<k[0..2]>/<k[2..4]>/<k>` where k is the sha256 hex of its bytes, so the same content
 * is stored once however often it is uploaded, and no user-supplied text ever becomes part of a
 * path (a storage key is checked to be 64 hex digits before any file system call). Uploads are
 * streamed into `<root>/tmp/<uuid>` while hashed and counted, then renamed into place — a
 * rename within one file system is atomic, so a reader never sees half a blob.
 */

/** A received upload not yet committed: where it waits, its sha256 hex and size in bytes. */
export interface TempBlob {
  /** The temp file's path (folder store) or the temp key its chunks are kept under (PostgreSQL store). */
  tempPath: string;
  sha256: string;
  sizeBytes: number;
}

/** Thrown by {@link BlobStore.receive} when the stream passes `maxBytes`; `receivedBytes` counts what arrived until then. */
export class SizeLimitError extends Error {
  constructor(readonly receivedBytes: number) {
    super(`upload exceeds the size limit (received ${receivedBytes} bytes)`);
    this.name = 'SizeLimitError';
  }
}

const storageKeyPattern = /^[0-9a-f]{64}$/;

/** True when `key` is a well-formed storage key (a sha256 hex digest). */
export const isStorageKey = (key: string): boolean => storageKeyPattern.test(key);

/**
 * Where uploaded bytes live, content-addressed: the folder DATA_DIR/files ({@link createBlobStore},
 * the default) or PostgreSQL (FILE_STORE=postgres, lib/pg-blob-store.ts). Both stream in and out.
 */
export interface BlobStore {
  /** `folder` or `postgres`. */
  readonly kind: 'folder' | 'postgres';
  /**
   * Streams `source` into a temp file, hashing and counting it. Rejects with SizeLimitError as
   * soon as more than `maxBytes` arrived (the temp file is removed); any other stream error
   * removes it too.
   */
  receive(source: Readable, maxBytes: number): Promise<TempBlob>;
  /**
   * Moves a received blob into place under its hash; `deduplicated` when that content was stored
   * already (its modification time is then renewed: a blob in use again is not "untouched", see
   * `removeUntouched`).
   */
  commit(blob: TempBlob): Promise<{ storageKey: string; deduplicated: boolean }>;
  /** Removes a received blob that will not be kept (never fails). */
  discard(blob: TempBlob): Promise<void>;
  /** Whether the blob of `storageKey` exists. */
  has(storageKey: string): Promise<boolean>;
  /** A read stream of a stored blob. */
  open(storageKey: string): Readable;
  /** Every stored key, ascending (the move between stores walks them). */
  keys(): AsyncIterable<string>;
  /**
   * Deletes the blob of `storageKey` unless it was written or reused within the last
   * `untouchedForMs` (ms) — an upload of the same content may be about to reference it. Answers
   * `removed`, `absent` (nothing there) or `recent` (kept).
   */
  removeUntouched(storageKey: string, untouchedForMs: number): Promise<'removed' | 'absent' | 'recent'>;
  /**
   * Removes temp files older than `olderThanMs` (uploads cut off by a crash); answers how many.
   * Younger ones may belong to an upload in progress, on this or another instance.
   */
  sweepTemp(olderThanMs: number): Promise<number>;
}

/** The folder store: blobs as files under {@link FolderBlobStore.root}. */
export interface FolderBlobStore extends BlobStore {
  readonly kind: 'folder';
  /** Absolute path of the storage folder (DATA_DIR/files). */
  readonly root: string;
  /** Absolute path of a stored blob; throws for a malformed key (so a key can never point elsewhere). */
  pathOf(storageKey: string): string;
  open(storageKey: string): ReadStream;
}

/** The blob store under `root` (created on first write). */
export function createBlobStore(root: string): FolderBlobStore {
  const tmpDir = path.join(root, 'tmp');

  const pathOf = (storageKey: string): string => {
    if (!isStorageKey(storageKey)) throw new Error(`not a storage key: ${JSON.stringify(storageKey)}`);
    return path.join(root, storageKey.slice(0, 2), storageKey.slice(2, 4), storageKey);
  };

  return {
    kind: 'folder',
    root,
    pathOf,

    async *keys() {
      const level = async (dir: string, pattern: RegExp) =>
        (await readdir(dir, { withFileTypes: true }).catch(() => [])).filter((e) => pattern.test(e.name)).map((e) => e.name).sort();
      for (const a of await level(root, /^[0-9a-f]{2}$/)) {
        for (const b of await level(path.join(root, a), /^[0-9a-f]{2}$/)) {
          for (const name of await level(path.join(root, a, b), storageKeyPattern)) {
            if (name.startsWith(a + b)) yield name;
          }
        }
      }
    },

    async receive(source, maxBytes) {
      await mkdir(tmpDir, { recursive: true });
      const tempPath = path.join(tmpDir, randomUUID());
      const hash = createHash('sha256');
      let sizeBytes = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          sizeBytes += chunk.length;
          if (sizeBytes > maxBytes) return callback(new SizeLimitError(sizeBytes));
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      try {
        await pipeline(source, meter, createWriteStream(tempPath, { flags: 'wx' }));
      } catch (error) {
        await rm(tempPath, { force: true });
        throw error;
      }
      return { tempPath, sha256: hash.digest('hex'), sizeBytes };
    },

    async commit(blob) {
      const storageKey = blob.sha256;
      const target = pathOf(storageKey);
      if (await exists(target)) {
        await rm(blob.tempPath, { force: true });
        const now = new Date();
        await utimes(target, now, now).catch(() => undefined);
        return { storageKey, deduplicated: true };
      }
      await mkdir(path.dirname(target), { recursive: true });
      // Two uploads of the same new content may race here: both renames land identical bytes.
      await rename(blob.tempPath, target);
      return { storageKey, deduplicated: false };
    },

    async discard(blob) {
      await rm(blob.tempPath, { force: true }).catch(() => undefined);
    },

    has: (storageKey) => exists(pathOf(storageKey)),

    async removeUntouched(storageKey, untouchedForMs) {
      const file = pathOf(storageKey);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return 'absent';
      if (info.mtimeMs > Date.now() - untouchedForMs) return 'recent';
      await rm(file, { force: true });
      return 'removed';
    },

    open: (storageKey) => createReadStream(pathOf(storageKey)),

    async sweepTemp(olderThanMs) {
      let names: string[];
      try {
        names = await readdir(tmpDir);
      } catch {
        return 0;
      }
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      for (const name of names) {
        const file = path.join(tmpDir, name);
        const info = await stat(file).catch(() => null);
        if (info?.isFile() && info.mtimeMs < cutoff) {
          await rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Characters never kept in a shown file name: path separators, Windows-reserved ones. */
const unsafeNameChars = /[<>:"/\\|?*]/g;
/** Control and invisible format characters (incl. the right-to-left override that disguises "fdp.exe"). */
const invisibleChars = /[\p{Cc}\p{Cf}]/gu;

/**
 * A file name safe to store and to offer on download, from whatever the client sent: the last
 * path segment only ("../../etc/passwd" → "passwd", "C:\\x\\a.pdf" → "a.pdf"), NFC, without
 * control/bidi characters, with < > : " / \ | ? * replaced by "_", without leading/trailing dots
 * and spaces, at most `maxLength` characters (the extension kept). "" or only dots → "file".
 * The result is only ever shown or sent in Content-Disposition — never used as a path.
 */
export function sanitizeFileName(raw: string, maxLength = 200): string {
  const lastSegment = raw.split(/[\\/]/).pop() ?? '';
  let name = lastSegment
    .normalize('NFC')
    .replace(invisibleChars, '')
    .replace(unsafeNameChars, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|[.\s]+$/g, '');
  if (name === '') return 'file';
  if (name.length > maxLength) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
    name = name.slice(0, maxLength - ext.length) + ext;
  }
  return name;
}
