import { eq } from 'drizzle-orm';
import { IMPORT_PREVIEW_ROWS, type ImportRefusal, type ImportResult, type ImportRow } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { debtImports } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { defineJob, JOB_HEAP_MB, streamJob } from '../../lib/workers/jobs';
import type { AuthUser } from '../../types';
import { openCsv, type CsvFile } from './debts.csv';
import type * as CsvJob from './debts.csv.job';
import { KeySet } from './debts.keyset';

/*
 * The one import pipeline of the 1C data and the dislocation snapshots (issue #17): the file is
 * read in a worker thread (debts.csv.job.ts, issue #42: decoding and splitting a 50,000-row file
 * took the event loop for seconds) and its records arrive here in batches, each row is checked on its own (`prepare`: a refusal with its reason, or
 * an item with its identity key), rows are looked up in batches of {@link BATCH} by that key
 * (`existing`), and each is `create`, `change`, `same` or `refuse`. A preview stops there; an
 * import writes the creations and changes of each batch (`apply`) in ONE transaction with the
 * import's own row, so every row written names its file and line. A key seen twice in one file
 * refuses the later row (`duplicateRow`). Importing the same file again finds every row `same`.
 *
 * Memory (bench/debts, apps/server/README.md): nothing grows with the file but the set of keys seen
 * (debts.keyset.ts: UTF-8 bytes outside the V8 heap, ~60 bytes a row) and the counts; a row's
 * summary is built only for the rows the answer lists (the first IMPORT_PREVIEW_ROWS refused and
 * the first IMPORT_PREVIEW_ROWS others); at most two batches of rows are alive at a time.
 */

const BATCH = 1000;

/**
 * The CSV reading job (lib/workers/jobs.ts): at most 60 s of the worker's own work (not the time
 * it waits while batches are written), its heap {@link JOB_HEAP_MB}, files up to 128 MB (the
 * upload's own limit, UPLOAD_MAX_MB, is checked first). Mutable limits: tests lower them.
 */
export const csvReadJob = defineJob<typeof CsvJob.readCsv>(
  new URL('./debts.csv.job.ts', import.meta.url),
  'readCsv',
  { timeoutMs: 60_000, heapMb: JOB_HEAP_MB, maxInputBytes: 128 * 1024 * 1024 },
  (input) => input.bytes.byteLength,
);

/**
 * Opens `bytes` as CSV in a worker ({@link csvReadJob}): resolves once the encoding and separator
 * are known (or rejects with the job's refusal: 400 `emptyFile`, or a limit); the records then
 * arrive batch by batch as they are read (400 `malformedCsv` { line } through them). `close`
 * stops the job when the records will not be read to the end.
 */
async function openCsvInWorker(bytes: Uint8Array): Promise<CsvFile & { close(): void }> {
  const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  const stream = streamJob(csvReadJob, { bytes }, { transferList: owned ? [bytes.buffer] : [] });
  const chunks = stream[Symbol.asyncIterator]();
  try {
    const first = await chunks.next();
    if (first.done || !('head' in first.value)) throw new Error('The CSV job sent no head.');
    const { encoding, separator } = first.value.head;
    let sha256: string | null = null;
    async function* records() {
      try {
        for (let next = await chunks.next(); !next.done; next = await chunks.next()) if ('records' in next.value) yield* next.value.records;
        sha256 = (await stream.result).sha256;
      } finally {
        if (sha256 === null) stream.cancel();
      }
    }
    return {
      encoding,
      separator,
      records: records(),
      sha256: () => {
        if (sha256 === null) throw new Error('The records were not read to the end.');
        return sha256;
      },
      close: () => stream.cancel(),
    };
  } catch (error) {
    stream.cancel();
    throw error;
  }
}

/** A row that passed its own checks: its identity key and what to write. */
export interface PreparedItem<Item> {
  key: string;
  item: Item;
}
/** A refused row: why, and which column. */
export interface Refused {
  refuse: ImportRefusal;
  field?: string;
}

/** What a kind of import brings to the pipeline. */
export interface ImportSpec<Item, Existing> {
  kind: 'oneC' | 'dislocation';
  /** Checks the header (400 `missingColumns` with `details.columns`) and keeps its column map. */
  header(cells: readonly string[]): void;
  /** Checks one row on its own. */
  prepare(cells: readonly string[], line: number): PreparedItem<Item> | Refused;
  /** How the row reads in the answer (at most 200 characters); asked only for the rows listed. */
  summary(cells: readonly string[]): string;
  /** The stored rows of `keys`. */
  existing(db: Db, keys: string[]): Promise<Map<string, Existing>>;
  /** Whether the stored row already holds the item's values. */
  same(item: Item, existing: Existing): boolean;
  /** Writes the batch's new and changed rows (the changed with their stored row), naming `importId` and each line. */
  apply(tx: Db, importId: number, create: { item: Item; line: number }[], change: { item: Item; line: number; existing: Existing }[]): Promise<void>;
  /** After the last batch (import only): derived figures of what was touched. */
  finish(tx: Db): Promise<void>;
}

/**
 * Runs `spec` over the file: a preview (`commit` false — nothing is written) or the import (one
 * transaction; the `debt_imports` row keeps name, hash, encoding and counts). The file is its
 * `name` and either its `bytes` (an upload: read in a worker thread, {@link csvReadJob}; a job past
 * its limits fails with 413 `workInputTooLarge` / 422 `workTimedOut`, `workOutOfMemory` / 503
 * `workBusy`, and the transaction is rolled back) or a byte `stream` read on this thread (the demo
 * seed's small files, before the server serves). Answers contracts `ImportResult`.
 */
export async function runImport<Item, Existing>(
  db: Db,
  user: AuthUser,
  spec: ImportSpec<Item, Existing>,
  file: { name: string; bytes: Uint8Array } | { name: string; stream: AsyncIterable<Buffer | string> },
  commit: boolean,
): Promise<ImportResult> {
  const csv: CsvFile & { close?(): void } = 'bytes' in file ? await openCsvInWorker(file.bytes) : await openCsv(file.stream);
  try {
    return await runOver(db, user, spec, file.name, csv, commit);
  } finally {
    csv.close?.();
  }
}

/** {@link runImport} over an opened file. */
async function runOver<Item, Existing>(db: Db, user: AuthUser, spec: ImportSpec<Item, Existing>, fileName: string, csv: CsvFile, commit: boolean): Promise<ImportResult> {
  const counts = { total: 0, create: 0, change: 0, same: 0, refuse: 0 };
  // The answer lists the first IMPORT_PREVIEW_ROWS refused rows and the first IMPORT_PREVIEW_ROWS
  // others (in file order; batches are decided in file order, so these are the first rows queued).
  const refusedRows: ImportRow[] = [];
  const otherRows: ImportRow[] = [];
  let queued = 0;
  const refused = (line: number, reason: ImportRefusal, field: string | null, cells: readonly string[]) => {
    counts.refuse++;
    if (refusedRows.length < IMPORT_PREVIEW_ROWS) refusedRows.push({ line, action: 'refuse', reason, field, summary: spec.summary(cells) });
  };
  const seen = new KeySet();

  const work = async (tx: Db): Promise<number | null> => {
    let importId: number | null = null;
    if (commit) {
      const [row] = await tx
        .insert(debtImports)
        .values({ kind: spec.kind, fileName, sha256: '', encoding: csv.encoding, total: 0, created: 0, changed: 0, refused: 0, importedBy: user.id })
        .returning({ id: debtImports.id });
      importId = row!.id;
    }
    // A queued row: its summary only when it will be listed (null otherwise).
    type Batch = { key: string; item: Item; line: number; summary: string | null }[];
    let batch: Batch = [];
    const decide = async (rows: Batch) => {
      const stored = await spec.existing(tx, rows.map((row) => row.key));
      const create: { item: Item; line: number }[] = [];
      const change: { item: Item; line: number; existing: Existing }[] = [];
      for (const { key, item, line, summary } of rows) {
        const existing = stored.get(key);
        const action = existing === undefined ? 'create' : spec.same(item, existing) ? 'same' : 'change';
        counts[action]++;
        if (summary !== null) otherRows.push({ line, action, reason: null, field: null, summary });
        if (action === 'create') create.push({ item, line });
        else if (action === 'change') change.push({ item, line, existing: existing! });
      }
      rows.length = 0; // the batch's rows are garbage from here, even while the write below runs
      stored.clear();
      if (importId !== null && (create.length > 0 || change.length > 0)) await spec.apply(tx, importId, create, change);
    };
    // One batch is looked up (and written) while the next one is parsed: at most one in flight, so
    // memory stays at two batches; batches still reach the database in file order. (A key seen twice
    // is refused before it reaches a batch, so a batch never depends on the one before it.)
    let inFlight: Promise<void> = Promise.resolve();
    const flush = async () => {
      if (batch.length === 0) return;
      const rows = batch;
      batch = [];
      await inFlight;
      inFlight = decide(rows);
      inFlight.catch(() => undefined); // awaited (and rethrown) at the next flush or the end
    };

    let headerSeen = false;
    for await (const { line, cells } of csv.records) {
      if (!headerSeen) {
        spec.header(cells);
        headerSeen = true;
        continue;
      }
      counts.total++;
      const prepared = spec.prepare(cells, line);
      if ('refuse' in prepared) {
        refused(line, prepared.refuse, prepared.field ?? null, cells);
        continue;
      }
      if (!seen.add(prepared.key)) {
        refused(line, 'duplicateRow', null, cells);
        continue;
      }
      batch.push({ key: prepared.key, item: prepared.item, line, summary: queued++ < IMPORT_PREVIEW_ROWS ? spec.summary(cells) : null });
      if (batch.length >= BATCH) await flush();
    }
    if (!headerSeen) throw badRequest('emptyFile', 'The file has no header line.');
    await flush();
    await inFlight;
    if (importId !== null) {
      await spec.finish(tx);
      await tx
        .update(debtImports)
        .set({ sha256: csv.sha256(), total: counts.total, created: counts.create, changed: counts.change, refused: counts.refuse })
        .where(eq(debtImports.id, importId));
    }
    return importId;
  };

  const importId = commit ? await db.transaction((tx) => work(tx as unknown as Db)) : await work(db);
  const rows = [...refusedRows, ...otherRows.filter((r) => r.action !== 'same'), ...otherRows.filter((r) => r.action === 'same')].slice(0, IMPORT_PREVIEW_ROWS);
  return {
    importId,
    fileName,
    encoding: csv.encoding,
    separator: csv.separator,
    counts,
    rows,
    rowsTruncated: counts.total > rows.length,
  };
}

/** 400 `missingColumns` naming the fields whose column the header lacks. */
export function requireColumns(found: Partial<Record<string, number>>, required: readonly string[]): void {
  const missing = required.filter((field) => found[field] === undefined);
  if (missing.length > 0) throw badRequest('missingColumns', `The header lacks the columns: ${missing.join(', ')}.`, { columns: missing });
}
