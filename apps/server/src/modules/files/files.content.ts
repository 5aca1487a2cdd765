import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';

/*
 * Is the content what the name says? (issue #5: "the type checked from the content (magic bytes),
 * not only the name"). file-type reads the signature of the bytes; each allowed extension lists
 * the detections it accepts. Text formats (txt, csv; xml without a prolog) have no signature:
 * they must have NO detection and look like text, so an .exe, a zip or a PDF renamed .txt is
 * refused as well.
 */

/** The MIME type stored and answered on download for each allowed extension. */
const mimeByExtension: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  rtf: 'application/rtf',
  zip: 'application/zip',
  '7z': 'application/x-7z-compressed',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xml: 'application/xml',
};

/**
 * Detections (file-type `ext`) each binary extension accepts. Office Open XML and OpenDocument
 * files are zip archives; file-type names the flavour when it finds the marker entries and says
 * `zip` otherwise (some generators order the entries differently), so `zip` is accepted for
 * them. The legacy Office formats are OLE compound files (`cfb`).
 */
const acceptedDetections: Record<string, readonly string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  webp: ['webp'],
  pdf: ['pdf'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
  odt: ['odt', 'zip'],
  ods: ['ods', 'zip'],
  rtf: ['rtf'],
  zip: ['zip'],
  '7z': ['7z'],
};

/** Extensions with no signature: checked as text. An XML prolog is detected as `xml`, which xml accepts. */
const textExtensions: Record<string, readonly string[]> = { txt: [], csv: [], xml: ['xml'] };

/** How many leading bytes the text check reads. */
const TEXT_SAMPLE_BYTES = 64 * 1024;

/**
 * True when the sample looks like text: a UTF-16 byte-order mark, or no control bytes other than
 * tab, line breaks, form feed, escape and the DOS end-of-file mark. Any 8-bit encoding passes
 * (1C exports CSV in Windows-1251), binaries do not (they carry NULs early).
 */
function looksLikeText(sample: Buffer): boolean {
  if (sample.length >= 2 && ((sample[0] === 0xff && sample[1] === 0xfe) || (sample[0] === 0xfe && sample[1] === 0xff))) return true;
  for (const byte of sample) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x0b && byte !== 0x1a && byte !== 0x1b) return false;
  }
  return true;
}

async function readSample(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(TEXT_SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, TEXT_SAMPLE_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The answer of {@link checkContent}: the MIME to store, or why the content was refused. */
export type ContentVerdict = { ok: true; mime: string } | { ok: false; detectedMime?: string };

/**
 * Checks the file at `file` (already received) against the lower-case extension `extension`,
 * which the caller has already found in the upload type's list. An extension this module does
 * not know is refused (a new extension in contracts UPLOAD_TYPES needs a line here first).
 */
export async function checkContent(file: string, extension: string): Promise<ContentVerdict> {
  const detected = await fileTypeFromFile(file);
  const mime = mimeByExtension[extension];
  if (!mime) return { ok: false, detectedMime: detected?.mime };
  const text = textExtensions[extension];
  if (text) {
    if (detected && !text.includes(detected.ext)) return { ok: false, detectedMime: detected.mime };
    if (!detected && !looksLikeText(await readSample(file))) return { ok: false };
    return { ok: true, mime };
  }
  if (detected && acceptedDetections[extension]?.includes(detected.ext)) return { ok: true, mime };
  return { ok: false, detectedMime: detected?.mime };
}
