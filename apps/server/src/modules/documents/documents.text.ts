import { diffLines } from 'diff';
import { fileExtension } from '@servicedesk/contracts';

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
 * The text of a file named `name` with content `bytes`, or null when its type bears no text we
 * read, or the file cannot be read (a broken PDF is stored and versioned all the same).
 * Line ends become \n; at most {@link TEXT_MAX_CHARS} characters.
 */
export async function extractText(name: string, bytes: Uint8Array): Promise<string | null> {
  const extension = fileExtension(name);
  if (!TEXT_BEARING.has(extension)) return null;
  try {
    let text: string;
    if (extension === 'pdf') {
      const { extractText: pdfText, getDocumentProxy } = await import('unpdf');
      const pdf = await getDocumentProxy(new Uint8Array(bytes));
      text = (await pdfText(pdf, { mergePages: false })).text.join('\n');
    } else if (extension === 'docx') {
      const mammoth = await import('mammoth');
      text = (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
    } else {
      text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    }
    return text.replace(/\r\n?/g, '\n').replaceAll('\u0000', '').slice(0, TEXT_MAX_CHARS);
  } catch {
    return null;
  }
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
