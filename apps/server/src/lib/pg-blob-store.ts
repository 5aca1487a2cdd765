import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, asc, eq, gt, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fileBlobChunks, fileBlobs } from '../db/schema';
import { createBlobStore, isStorageKey, type BlobStore } from './storage';

/** Bytes of one stored chunk (the last one of a blob may be shorter). */
export const BLOB_CHUNK_BYTES = 256 * 1024;
const TEMP_PREFIX = 'tmp:';

function checkKey(storageKey: string): void {
  if (!isStorageKey(storageKey)) throw new Error(`not a storage key: ${JSON.stringify(storageKey)}`);
}

/**
 * The PostgreSQL file store (FILE_STORE=postgres): every instance on one database reads every
 * file. Content-addressed like the folder store (a blob's key is the sha256 hex of its bytes, a
 * second upload of the same bytes reuses it). Bytes are streamed both ways in chunks of
 * `chunkBytes` (default {@link BLOB_CHUNK_BYTES}): an upload arrives in a temp file under
 * `tempRoot`/tmp exactly as with the folder store (hashed, counted and size-limited while it
 * streams; the content check reads it there), and commit streams that file into chunk rows (the
 * file is read only as fast as the rows are written); a download reads one chunk at a time as the
 * client takes them — memory per transfer stays about one chunk, whatever the file's size. A blob
 * appears (its `file_blobs` row) only once all its chunks are in place, in one transaction; the
 * temp file is removed either way.
 */
export function createPostgresBlobStore(
  db: Db,
  { chunkBytes = BLOB_CHUNK_BYTES, tempRoot }: { chunkBytes?: number; tempRoot: string },
): BlobStore {
  const deleteChunks = (blobKey: string) => db.delete(fileBlobChunks).where(eq(fileBlobChunks.blobKey, blobKey));
  // Uploads arrive in a local temp file as with the folder store (hashed, counted, the size limit
  // and the content check read it there); commit streams it into the database.
  const temp = createBlobStore(tempRoot);

  /** Streams `source` into chunk rows under `blobKey`; answers the number of chunks. */
  const writeChunks = async (source: Readable, blobKey: string): Promise<number> => {
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async (all: boolean) => {
      while (pendingBytes >= chunkBytes || (all && pendingBytes > 0)) {
        const joined = Buffer.concat(pending);
        const data = joined.subarray(0, chunkBytes);
        const rest = joined.subarray(data.length);
        pending = rest.length > 0 ? [rest] : [];
        pendingBytes = rest.length;
        await db.insert(fileBlobChunks).values({ blobKey, seq: seq++, data });
      }
    };
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        flush(false).then(() => callback(), callback);
      },
      final(callback) {
        flush(true).then(() => callback(), callback);
      },
    });
    await pipeline(source, sink);
    return seq;
  };

  return {
    kind: 'postgres',

    receive: (source, maxBytes) => temp.receive(source, maxBytes),

    async commit(blob) {
      const storageKey = blob.sha256;
      checkKey(storageKey);
      try {
        const [existing] = await db.update(fileBlobs).set({ touchedAt: sql`now()` }).where(eq(fileBlobs.key, storageKey)).returning({ key: fileBlobs.key });
        if (existing) return { storageKey, deduplicated: true };
        const chunkKey = `${TEMP_PREFIX}${Date.now()}:${randomUUID()}`;
        try {
          await writeChunks(createReadStream(blob.tempPath), chunkKey);
          return await db.transaction(async (tx) => {
            // Two commits of the same new content: the second one's insert finds the first's row.
            const inserted = await tx.insert(fileBlobs).values({ key: storageKey, sizeBytes: blob.sizeBytes }).onConflictDoNothing().returning({ key: fileBlobs.key });
            if (inserted.length === 0) {
              await tx.delete(fileBlobChunks).where(eq(fileBlobChunks.blobKey, chunkKey));
              return { storageKey, deduplicated: true };
            }
            await tx.update(fileBlobChunks).set({ blobKey: storageKey }).where(eq(fileBlobChunks.blobKey, chunkKey));
            return { storageKey, deduplicated: false };
          });
        } catch (error) {
          await deleteChunks(chunkKey).catch(() => undefined);
          throw error;
        }
      } finally {
        await temp.discard(blob);
      }
    },

    discard: (blob) => temp.discard(blob),

    async has(storageKey) {
      checkKey(storageKey);
      const [row] = await db.select({ key: fileBlobs.key }).from(fileBlobs).where(eq(fileBlobs.key, storageKey));
      return row !== undefined;
    },

    open(storageKey) {
      checkKey(storageKey);
      let seq = 0;
      return new Readable({
        // One chunk per read: the next is fetched only when the consumer asks for more.
        read() {
          db.select({ data: fileBlobChunks.data })
            .from(fileBlobChunks)
            .where(and(eq(fileBlobChunks.blobKey, storageKey), eq(fileBlobChunks.seq, seq)))
            .then(([row]) => {
              seq += 1;
              this.push(row ? row.data : null);
            }, (error: Error) => this.destroy(error));
        },
      });
    },

    async *keys() {
      let after = '';
      for (;;) {
        const rows = await db.select({ key: fileBlobs.key }).from(fileBlobs).where(gt(fileBlobs.key, after)).orderBy(asc(fileBlobs.key)).limit(500);
        for (const { key } of rows) yield key;
        if (rows.length < 500) return;
        after = rows.at(-1)!.key;
      }
    },

    async removeUntouched(storageKey, untouchedForMs) {
      checkKey(storageKey);
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ touchedAt: fileBlobs.touchedAt }).from(fileBlobs).where(eq(fileBlobs.key, storageKey)).for('update');
        if (!row) return 'absent' as const;
        if (row.touchedAt.getTime() > Date.now() - untouchedForMs) return 'recent' as const;
        await tx.delete(fileBlobs).where(eq(fileBlobs.key, storageKey));
        await tx.delete(fileBlobChunks).where(eq(fileBlobChunks.blobKey, storageKey));
        return 'removed' as const;
      });
    },

    async sweepTemp(olderThanMs) {
      const cutoff = Date.now() - olderThanMs;
      const removed = await db
        .delete(fileBlobChunks)
        .where(and(like(fileBlobChunks.blobKey, `${TEMP_PREFIX}%`), lt(sql`split_part(${fileBlobChunks.blobKey}, ':', 2)::bigint`, cutoff)))
        .returning({ blobKey: fileBlobChunks.blobKey });
      return new Set(removed.map((r) => r.blobKey)).size + (await temp.sweepTemp(olderThanMs));
    },
  };
}

/**
 * Copies every blob of `from` that `to` lacks, verified by hash: each is streamed out of one
 * store into the other (never whole in memory), its sha256 compared with its key before it is
 * committed; a damaged blob is reported and skipped. Resumable: run again after an interruption,
 * it skips what arrived. Answers the counts. Neither store is changed otherwise (the source
 * keeps its blobs: switch FILE_STORE after a complete run, remove the old copies by hand).
 */
export async function moveBlobs(
  from: BlobStore,
  to: BlobStore,
  say: (line: string) => void = () => undefined,
): Promise<{ copied: number; skipped: number; damaged: string[] }> {
  let copied = 0;
  let skipped = 0;
  const damaged: string[] = [];
  for await (const key of from.keys()) {
    if (await to.has(key)) {
      skipped += 1;
      continue;
    }
    const blob = await to.receive(from.open(key), Number.MAX_SAFE_INTEGER);
    if (blob.sha256 !== key) {
      await to.discard(blob);
      damaged.push(key);
      say(`damaged: ${key} hashes to ${blob.sha256}, not copied`);
      continue;
    }
    await to.commit(blob);
    copied += 1;
    if (copied % 100 === 0) say(`${copied} copied`);
  }
  return { copied, skipped, damaged };
}
