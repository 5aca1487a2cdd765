import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { like, sql } from 'drizzle-orm';
import type { FileItem } from '@servicedesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileBlobChunks } from '../db/schema';
import { backends, createTestApp, type TestApp } from '../../test/helpers';
import { multipart } from '../../test/multipart';
import { createPostgresBlobStore, moveBlobs } from './pg-blob-store';
import { SizeLimitError, createBlobStore } from './storage';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const CHUNK = 64 * 1024;

/** A source that sends `bytes` in 10 KB pieces. */
const piecesOf = (bytes: Buffer) => Readable.from((function* () {
  for (let i = 0; i < bytes.length; i += 10_000) yield bytes.subarray(i, i + 10_000);
})());

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream as AsyncIterable<Buffer>) parts.push(part);
  return Buffer.concat(parts);
}

describe.each(backends)('the PostgreSQL file store (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { fileStore: 'postgres' });
  });
  afterAll(async () => {
    await t?.close();
  });
  const tempChunks = async () =>
    (await t.app.deps.db.select({ n: sql<number>`count(*)::int` }).from(fileBlobChunks).where(like(fileBlobChunks.blobKey, 'tmp:%')))[0]!.n;

  it('stores and reads back a blob in chunks, content-addressed, the same bytes once', async () => {
    const store = createPostgresBlobStore(t.app.deps.db, { chunkBytes: CHUNK, tempRoot: path.join(t.config.dataDir, 'files') });
    const bytes = randomBytes(3 * 1024 * 1024 + 123);
    const blob = await store.receive(piecesOf(bytes), 10 * 1024 * 1024);
    expect(blob).toMatchObject({ sha256: sha(bytes), sizeBytes: bytes.length });
    expect(await store.commit(blob)).toEqual({ storageKey: sha(bytes), deduplicated: false });
    const chunks = await t.app.deps.db.execute(sql`select seq, length(data) as n from file_blob_chunks where blob_key = ${sha(bytes)} order by seq`);
    const rows = (chunks as unknown as { rows: { seq: number; n: number }[] }).rows;
    expect(rows.length).toBe(Math.ceil(bytes.length / CHUNK));
    expect(Math.max(...rows.map((r) => Number(r.n)))).toBe(CHUNK);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_r, i) => i));
    expect((await readAll(store.open(sha(bytes)))).equals(bytes)).toBe(true);

    const again = await store.receive(piecesOf(bytes), 10 * 1024 * 1024);
    expect(await store.commit(again)).toEqual({ storageKey: sha(bytes), deduplicated: true });
    expect(await tempChunks()).toBe(0);
    expect(readdirSync(path.join(t.config.dataDir, 'files', 'tmp'))).toEqual([]);
    expect(await store.has(sha(bytes))).toBe(true);
  });

  it('refuses an upload past the size limit and leaves nothing behind', async () => {
    const store = createPostgresBlobStore(t.app.deps.db, { chunkBytes: CHUNK, tempRoot: path.join(t.config.dataDir, 'files') });
    await expect(store.receive(piecesOf(randomBytes(6 * CHUNK)), 5 * CHUNK)).rejects.toBeInstanceOf(SizeLimitError);
    expect(await tempChunks()).toBe(0);
    expect(readdirSync(path.join(t.config.dataDir, 'files', 'tmp'))).toEqual([]);
  });

  it('reads a download one chunk at a time as the client asks', async () => {
    const store = createPostgresBlobStore(t.app.deps.db, { chunkBytes: CHUNK, tempRoot: path.join(t.config.dataDir, 'files') });
    const bytes = randomBytes(10 * CHUNK);
    await store.commit(await store.receive(piecesOf(bytes), bytes.length));
    const stream = store.open(sha(bytes));
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    stream.pause();
    expect(first.length).toBe(CHUNK);
    // Paused after one chunk: at most the next one was fetched, not the whole blob.
    expect(stream.readableLength).toBeLessThanOrEqual(CHUNK);
    stream.destroy();
  });

  it('uploads and downloads through the API with FILE_STORE=postgres, nothing in DATA_DIR/files', async () => {
    const employee = await t.login('employee@servicedesk.az');
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(700_000), Buffer.from('\n%%EOF\n')]);
    const up = await t.as(employee, { method: 'POST', url: '/api/global/FileUploadGlobal', ...multipart([{ field: 'type', value: 'general' }, { file: 'big.pdf', bytes }]) });
    expect(up.statusCode, up.body).toBe(200);
    const [item] = up.json<FileItem[]>();
    const down = await t.as(employee, { method: 'POST', url: '/api/global/FileServer/DownloadFile', payload: { url: item!.url } });
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(bytes)).toBe(true);
    expect(existsSync(path.join(t.config.dataDir, 'files', sha(bytes).slice(0, 2)))).toBe(false);
  });

  it('moves files from the folder into the database and back, verified by hash and resumable', async () => {
    const folder = createBlobStore(mkdtempSync(path.join(tmpdir(), 'sd-move-')));
    const pgStore = createPostgresBlobStore(t.app.deps.db, { chunkBytes: CHUNK, tempRoot: path.join(t.config.dataDir, 'files') });
    const contents = [randomBytes(200_000), randomBytes(5), randomBytes(CHUNK)];
    for (const bytes of contents) await folder.commit(await folder.receive(piecesOf(bytes), 1e9));
    // A damaged file: its bytes no longer match its name.
    const damaged = randomBytes(1000);
    await folder.commit(await folder.receive(piecesOf(damaged), 1e9));
    writeFileSync(folder.pathOf(sha(damaged)), 'changed on disk');

    // A first run that copied one file before it was cut off.
    await pgStore.commit(await pgStore.receive(folder.open(sha(contents[0]!)), 1e9));
    const first = await moveBlobs(folder, pgStore);
    expect(first).toEqual({ copied: 2, skipped: 1, damaged: [sha(damaged)] });
    for (const bytes of contents) expect((await readAll(pgStore.open(sha(bytes)))).equals(bytes)).toBe(true);
    expect(await pgStore.has(sha(damaged))).toBe(false);
    expect(await moveBlobs(folder, pgStore)).toEqual({ copied: 0, skipped: 3, damaged: [sha(damaged)] });

    const back = createBlobStore(mkdtempSync(path.join(tmpdir(), 'sd-back-')));
    const home = await moveBlobs(pgStore, back);
    expect(home.damaged).toEqual([]);
    for (const bytes of contents) expect((await readAll(back.open(sha(bytes)))).equals(bytes)).toBe(true);
  });
});
