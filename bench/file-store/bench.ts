/**
 * 50 MB (FILE_MB) through each file store (apps/server src/lib/storage.ts, src/lib/pg-blob-store.ts):
 * receive (stream in, hash, temp file) + commit, then a full read back; MB/s of each and the
 * process's peak RSS growth over the run (sampled every 5 ms). The PostgreSQL store needs
 * DATABASE_URL (a database of its own: the tables are created by the migrations).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/sd_bench npx tsx bench/file-store/bench.ts
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { openDatabase } from '../../apps/server/src/db/client';
import { createPostgresBlobStore } from '../../apps/server/src/lib/pg-blob-store';
import { createBlobStore, type BlobStore } from '../../apps/server/src/lib/storage';

const MB = 1024 * 1024;
/** FILE_MB (default 50): the size of the upload. */
const SIZE = Number(process.env.FILE_MB ?? 50) * MB;

/** A 50 MB upload made of one 1 MB random block, sent in 64 KB pieces (nothing whole in memory). */
function upload(seed: number): Readable {
  const block = randomBytes(MB);
  block.writeUInt32BE(seed, 0);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= SIZE) return this.push(null);
      const piece = block.subarray(sent % MB, (sent % MB) + 64 * 1024);
      sent += piece.length;
      this.push(piece);
    },
  });
}

async function measure(name: string, store: BlobStore, seed: number): Promise<void> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const t0 = performance.now();
  const blob = await store.receive(upload(seed), SIZE + 1);
  const { storageKey } = await store.commit(blob);
  const t1 = performance.now();
  let read = 0;
  for await (const chunk of store.open(storageKey) as AsyncIterable<Buffer>) read += chunk.length;
  const t2 = performance.now();
  clearInterval(sampler);
  if (read !== SIZE) throw new Error(`read ${read} bytes`);
  const mbps = (ms: number) => (SIZE / MB / (ms / 1000)).toFixed(1);
  console.log(`${name.padEnd(9)} upload ${mbps(t1 - t0)} MB/s  download ${mbps(t2 - t1)} MB/s  peak RSS +${((peak - base) / MB).toFixed(1)} MB`);
}

const folderRoot = mkdtempSync(path.join(tmpdir(), 'sd-bench-files-'));
await measure('folder', createBlobStore(folderRoot), 1);
if (process.env.DATABASE_URL) {
  const database = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL });
  await database.migrate();
  await measure('postgres', createPostgresBlobStore(database.db, { tempRoot: folderRoot }), 2);
  await database.close();
} else {
  console.log('postgres  skipped: set DATABASE_URL');
}
