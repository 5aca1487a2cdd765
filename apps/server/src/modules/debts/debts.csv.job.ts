import type { JobIo } from '../../lib/workers/jobs';
import { openCsv, type CsvEncoding, type CsvRecord, type CsvSeparator } from './debts.csv';

/*
 * The CSV reading of the 1C and dislocation imports as a job (lib/workers/jobs.ts, issue #42): the
 * worker thread decodes and splits the uploaded bytes (debts.csv.ts: encoding and separator
 * detected, iconv-lite, csv-parse) and sends the records in batches, while the request looks up
 * and writes the batches before (debts.import.ts). Loaded only in the worker.
 */

/** What the job sends: first what was detected, then the records in batches of {@link CSV_BATCH_ROWS}, in file order. */
export type CsvChunk = { head: { encoding: CsvEncoding; separator: CsvSeparator } } | { records: CsvRecord[] };

/**
 * Records per batch sent. The request gives the event loop a turn before each batch, so what it
 * does with one (checking its rows, and every 1,000 rows a lookup) is the longest other requests
 * wait: 250 rows keep that to a few ms of work.
 */
export const CSV_BATCH_ROWS = 250;
/** Bytes handed to the parser at a time (as an upload's stream would). */
const CHUNK_BYTES = 64 * 1024;

/**
 * Reads `input.bytes` as CSV (see {@link CsvChunk}); answers the SHA-256 of the bytes. Refusals as
 * openCsv's: 400 `emptyFile`, `malformedCsv` { line }.
 */
export async function readCsv(input: { bytes: Uint8Array }, io: JobIo<CsvChunk>): Promise<{ sha256: string }> {
  const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  async function* chunks(): AsyncGenerator<Buffer> {
    for (let at = 0; at < bytes.length; at += CHUNK_BYTES) yield bytes.subarray(at, at + CHUNK_BYTES);
  }
  const csv = await openCsv(chunks());
  await io.send({ head: { encoding: csv.encoding, separator: csv.separator } });
  let batch: CsvRecord[] = [];
  for await (const record of csv.records) {
    batch.push(record);
    if (batch.length >= CSV_BATCH_ROWS) {
      await io.send({ records: batch });
      batch = [];
    }
  }
  if (batch.length > 0) await io.send({ records: batch });
  return { sha256: csv.sha256() };
}
