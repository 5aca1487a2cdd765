import { createHash } from 'node:crypto';
import { Readable, pipeline } from 'node:stream';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { badRequest } from '../../lib/errors';

/*
 * Reading the accounting system's CSV exports (issue #17): streamed — the file is never held whole
 * (a 200,000-row 1C file stays within a few MB of buffers). The first 64 KiB decide the encoding
 * (a UTF-8 BOM; else valid UTF-8; else Windows-1251, what 1C writes by default) and the separator
 * (the most frequent of ; , TAB in the header line, ; on a tie); then iconv-lite decodes and
 * csv-parse splits the rest as it arrives. The SHA-256 of the bytes is computed on the way.
 */

export type CsvEncoding = 'utf-8' | 'utf-8-bom' | 'windows-1251';
export type CsvSeparator = ';' | ',' | '\t';

/** One record of the file: its cells (trimmed) and its line in the file (1 = the first line). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** An opened file: what was detected, the records (header first) and, once read to the end, the hash. */
export interface CsvFile {
  encoding: CsvEncoding;
  separator: CsvSeparator;
  records: AsyncIterable<CsvRecord>;
  /** The SHA-256 (hex) of every byte read; complete after `records` ended. */
  sha256(): string;
}

const HEAD_BYTES = 64 * 1024;

/** The encoding of the file's first bytes `head` (see the module comment). */
export function detectEncoding(head: Buffer): CsvEncoding {
  if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8-bom';
  try {
    // `stream: true` lets a character cut at the end of the head pass; a wrong byte inside throws.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1251';
  }
}

/** The separator of `firstLine`: the most frequent of ; , TAB outside quotes (; on a tie or none). */
export function detectSeparator(firstLine: string): CsvSeparator {
  const counts: Record<CsvSeparator, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === ';' || char === ',' || char === '\t')) counts[char]++;
  }
  let best: CsvSeparator = ';';
  for (const sep of [',', '\t'] as const) if (counts[sep] > counts[best]) best = sep;
  return best;
}

/**
 * Opens `input` (a byte stream) as CSV: detects the encoding and separator from its first 64 KiB
 * and answers the records as they are parsed. A malformed file (an unclosed quote) is 400
 * `malformedCsv` with the line; an empty file 400 `emptyFile`.
 */
export async function openCsv(input: AsyncIterable<Buffer | string>): Promise<CsvFile> {
  const hash = createHash('sha256');
  const source = input[Symbol.asyncIterator]();
  const headChunks: Buffer[] = [];
  let headSize = 0;
  let ended = false;
  while (headSize < HEAD_BYTES) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    hash.update(chunk);
    headChunks.push(chunk);
    headSize += chunk.length;
  }
  const head = Buffer.concat(headChunks);
  if (head.length === 0) throw badRequest('emptyFile', 'The file is empty.');
  const encoding = detectEncoding(head);
  const iconvName = encoding === 'windows-1251' ? 'win1251' : 'utf8';
  const firstLine = iconv.decode(head.subarray(0, Math.min(head.length, 4096)), iconvName).split(/\r?\n/)[0] ?? '';
  const separator = detectSeparator(firstLine);

  async function* bytes(): AsyncGenerator<Buffer> {
    yield head;
    if (ended) return;
    for (;;) {
      const next = await source.next();
      if (next.done) return;
      const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
      hash.update(chunk);
      yield chunk;
    }
  }

  async function* records(): AsyncGenerator<CsvRecord> {
    // pipeline, not .pipe: a failing source (the upload passing its size limit) fails the parser
    // the loop below reads, instead of erroring a stream nobody listens to (which ends the process).
    const parser = pipeline(
      Readable.from(bytes()),
      iconv.decodeStream(iconvName, { stripBOM: true }),
      parse({ delimiter: separator, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true, info: true }),
      () => undefined,
    );
    try {
      for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
        yield { line: item.info.lines, cells: item.record };
      }
    } catch (error) {
      if (error && typeof error === 'object' && 'code' in error && String((error as { code: unknown }).code).startsWith('CSV_')) {
        throw badRequest('malformedCsv', `The CSV file cannot be read: ${(error as unknown as Error).message}`, { line: (error as { lines?: number }).lines ?? null });
      }
      throw error;
    }
  }

  return { encoding, separator, records: records(), sha256: () => hash.copy().digest('hex') };
}

/** A header cell folded for matching: lower case, without spaces, `_`, `-`, `.`. */
export const foldHeader = (cell: string): string => cell.toLocaleLowerCase('ru').replace(/[\s_.\-/]+/g, '');

/**
 * The column index of each field of `aliases` in `header` (folded); fields not found are absent.
 * `aliases` lists, per field, the folded names the accounting system or a person may use.
 */
export function mapColumns<F extends string>(header: readonly string[], aliases: Record<F, readonly string[]>): Partial<Record<F, number>> {
  const folded = header.map(foldHeader);
  const out: Partial<Record<F, number>> = {};
  for (const [field, names] of Object.entries(aliases) as [F, readonly string[]][]) {
    const index = folded.findIndex((cell) => names.includes(cell));
    if (index >= 0) out[field] = index;
  }
  return out;
}

/**
 * An amount as 1C writes it ("1 234,56", "1234.5", "-10", "1.234,56") in minor units, or null
 * when it is not one (more than two decimals, letters). Spaces (also no-break) group thousands.
 */
export function parseAmountMinor(text: string): number | null {
  let value = text.replace(/[\s\u00a0\u202f']/g, '');
  if (value === '') return null;
  const lastComma = value.lastIndexOf(',');
  const lastDot = value.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    value = value.split(decimal === ',' ? '.' : ',').join('').replace(decimal, '.');
  } else if (lastComma >= 0) {
    value = value.replace(',', '.');
  }
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const minor = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) return null;
  return match[1] === '-' ? -minor : minor;
}

/** `dd.mm.yyyy` (also `dd/mm/yyyy`, `yyyy-mm-dd`) as `YYYY-MM-DD`, or null when no such day exists. */
export function parseDate(text: string): string | null {
  const value = text.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(value);
  if (match) [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value))) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return null;
  if (y < 1990 || y > 2100) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** Baku's offset from UTC (no daylight saving since 2016), in ms. */
const BAKU_OFFSET_MS = 4 * 60 * 60 * 1000;

/** `dd.mm.yyyy[ HH:MM[:SS]]` (Baku time) as an instant, or null. */
export function parseDateTime(text: string): Date | null {
  const match = /^(\S+)(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!match) return null;
  const day = parseDate(match[1]!);
  if (!day) return null;
  const [h, min, s] = [Number(match[2] ?? 0), Number(match[3] ?? 0), Number(match[4] ?? 0)];
  if (h > 23 || min > 59 || s > 59) return null;
  return new Date(Date.parse(`${day}T00:00:00Z`) + ((h * 60 + min) * 60 + s) * 1000 - BAKU_OFFSET_MS);
}
