import { diffLines } from 'diff';
import { fileExtension } from '@servicedesk/contracts';
import { createWorkerPool, WorkerLimitError } from '../../lib/workers/pool';

/*
 * Text of document files (issue #15: "a text diff between two versions of text-bearing files
 * (PDF, DOCX, TXT)", full-text search over the files' text). Extraction uses kept libraries —
 * unpdf (pdf.js, serverless build) for PDF, mammoth for DOCX — and plain UTF-8 for TXT/CSV; the
 * diff is jsdiff's line diff. Both load lazily: most calls never need them.
 */

/** Most characters of extracted text kept per version (search and diff read it; longer is cut). */
export const TEXT_MAX_CHARS = 2_000_000;
/** Most lines a diff answers (the rest is `truncated`). */
export const DIFF_MAX_LINES = 5_000;

/** Extensions whose text is extracted. */
export const TEXT_BEARING = new Set(['pdf', 'docx', 'txt', 'csv']);

/**
 * Most bytes a file may inflate to before its text is not read (64 MB): the entries of a zip-based
 * file (DOCX; its central directory declares them) or the Flate streams of a PDF (counted by
 * inflating them in the worker, bounded, before pdf.js reads the file).
 */
export const TEXT_MAX_INFLATED_BYTES = 64 * 1024 * 1024;
/** Longest one extraction may take, ms; past it the worker is stopped and the file kept without text. */
export const TEXT_TIMEOUT_MS = 20_000;
/** Heap a worker may use, MB; past it the worker is stopped and the file kept without text. */
const WORKER_HEAP_MB = 192;

/** Why a file's text was not read (logged; the file is stored and versioned all the same). */
export type TextRefusal = 'inflatedTooLarge' | 'timedOut' | 'unreadable';

/**
 * The sum of the uncompressed sizes a zip's central directory declares, bytes; null when `bytes`
 * is no zip (no end-of-central-directory record). A zip that lies about its sizes is still held
 * by the worker's heap and time limits.
 */
export function zipInflatedSize(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record: signature 0x06054b50, within the last 64 KiB + 22 bytes.
  for (let eocd = bytes.length - 22; eocd >= Math.max(0, bytes.length - 65_557); eocd--) {
    if (view.getUint32(eocd, true) !== 0x06054b50) continue;
    const entries = view.getUint16(eocd + 10, true);
    let at = view.getUint32(eocd + 16, true);
    let total = 0;
    for (let i = 0; i < entries; i++) {
      if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return total;
      const size = view.getUint32(at + 24, true);
      // 0xffffffff: the size is in a zip64 extra field — take it as too large to read.
      total += size === 0xffffffff ? Number.MAX_SAFE_INTEGER : size;
      at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    return total;
  }
  return null;
}

/** The extraction pool (lib/workers/pool.ts): one worker thread (the machine's other core serves requests), heap-limited. */
const extraction = createWorkerPool({
  name: 'text extraction',
  filename: new URL('./documents.text.worker.mjs', import.meta.url),
  maxThreads: 1,
  idleTimeoutMs: 30_000,
  heapMb: WORKER_HEAP_MB,
  youngMb: 32,
  // Every saved version waits its turn (its text is read later rather than not at all).
  maxQueue: Number.POSITIVE_INFINITY,
});

/**
 * The text of a file named `name` with content `bytes`, or null when its type bears no text we
 * read, or the file cannot be read (a broken PDF is stored and versioned all the same). PDF and
 * DOCX are read in a worker thread (piscina) so the server keeps answering meanwhile, within
 * {@link TEXT_MAX_INFLATED_BYTES} inflated size (a DOCX's declared size checked before anything is
 * inflated, a PDF's streams counted in the worker before it is parsed),
 * {@link TEXT_TIMEOUT_MS} and a limited heap; a file past a limit has no text, and `onRefused`
 * hears why. Line ends become \n; at most {@link TEXT_MAX_CHARS} characters.
 */
export async function extractText(name: string, bytes: Uint8Array, onRefused?: (reason: TextRefusal) => void): Promise<string | null> {
  const extension = fileExtension(name);
  if (!TEXT_BEARING.has(extension)) return null;
  let text: string;
  if (extension === 'pdf' || extension === 'docx') {
    if (extension === 'docx' && (zipInflatedSize(bytes) ?? 0) > TEXT_MAX_INFLATED_BYTES) {
      onRefused?.('inflatedTooLarge');
      return null;
    }
    try {
      text = await extraction.run<string>({ extension, bytes, maxInflatedBytes: TEXT_MAX_INFLATED_BYTES }, { signal: AbortSignal.timeout(TEXT_TIMEOUT_MS) });
    } catch (error) {
      const inflated = error instanceof Error && error.message === 'inflatedTooLarge';
      onRefused?.(inflated ? 'inflatedTooLarge' : error instanceof WorkerLimitError && error.limit === 'timedOut' ? 'timedOut' : 'unreadable');
      return null;
    }
  } else {
    text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  }
  return text.replace(/\r\n?/g, '\n').replaceAll('\u0000', '').slice(0, TEXT_MAX_CHARS);
}

/** Most characters of a DOCX preview's HTML (longer is refused: a preview is for reading, not a copy). */
export const PREVIEW_HTML_MAX_CHARS = 4_000_000;

/**
 * A DOCX file as HTML for the browser's preview (mammoth's convertToHtml: paragraphs, headings,
 * lists, tables, links; images left out), in the extraction worker within the same limits as
 * {@link extractText}; null when `bytes` cannot be read, inflates past the limit, takes too long or
 * gives more than {@link PREVIEW_HTML_MAX_CHARS}. Not sanitised here: the web sanitises (DOMPurify)
 * before it shows it.
 */
export async function docxHtml(bytes: Uint8Array): Promise<string | null> {
  if ((zipInflatedSize(bytes) ?? 0) > TEXT_MAX_INFLATED_BYTES) return null;
  try {
    const html = await extraction.run<string>({ extension: 'docx', bytes, html: true }, { signal: AbortSignal.timeout(TEXT_TIMEOUT_MS) });
    return html.length > PREVIEW_HTML_MAX_CHARS ? null : html;
  } catch {
    return null;
  }
}

/** Stops the extraction workers (tests, shutdown). */
export async function closeTextExtraction(): Promise<void> {
  await extraction.close();
}

/** One line of a diff. */
export interface DiffLine {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** The line diff of `before` → `after` (at most {@link DIFF_MAX_LINES} lines; `truncated` when cut). */
export function lineDiff(before: string, after: string): { lines: DiffLine[]; truncated: boolean } {
  const lines: DiffLine[] = [];
  for (const change of diffLines(before, after)) {
    const kind: DiffLine['kind'] = change.added ? 'added' : change.removed ? 'removed' : 'same';
    const parts = change.value.endsWith('\n') ? change.value.slice(0, -1).split('\n') : change.value.split('\n');
    for (const text of parts) {
      if (lines.length >= DIFF_MAX_LINES) return { lines, truncated: true };
      lines.push({ kind, text });
    }
  }
  return { lines, truncated: false };
}
