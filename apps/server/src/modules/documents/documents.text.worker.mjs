// The worker of documents.text.ts (a piscina pool): extracts the text of one PDF or DOCX file off
// the event loop. Plain JavaScript so a worker thread loads it without the TypeScript loader.
// Input { extension: 'pdf' | 'docx', bytes: Uint8Array, maxInflatedBytes?: number } → the raw text
// (string; a PDF whose Flate streams inflate past maxInflatedBytes throws Error('inflatedTooLarge'));
// { extension: 'docx', bytes, html: true } → the document as HTML (mammoth; images left out).

import { inflateSync } from 'node:zlib';

/**
 * The bytes the Flate streams of a PDF inflate to, counted up to `max` (past it: a number above
 * `max`, without inflating further). A PDF does not declare its streams' inflated sizes, so each
 * `stream … endstream` whose dictionary names /FlateDecode is inflated here, with zlib's
 * maxOutputLength bounding the buffer to what is left of `max` — a decompression bomb (a 1 MB PDF
 * whose page inflates to 300 MB: pdf.js took past 20 s and 1 GB of memory) is refused in well under
 * a second instead. A stream that does not inflate (broken, or another filter first) is left to pdf.js.
 */
function pdfInflatedSize(bytes, max) {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  let at = 0;
  while ((at = buf.indexOf('stream', at, 'latin1')) !== -1) {
    if (at >= 3 && buf.toString('latin1', at - 3, at) === 'end') {
      at += 6;
      continue;
    }
    let start = at + 6;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    const end = buf.indexOf('endstream', start, 'latin1');
    if (end === -1) break;
    const before = buf.toString('latin1', Math.max(0, at - 2048), at);
    const dictionary = before.slice(before.lastIndexOf(' obj') + 1);
    if (/\/(FlateDecode|Fl)\b/.test(dictionary)) {
      try {
        total += inflateSync(buf.subarray(start, end), { maxOutputLength: max - total + 1 }).length;
      } catch (error) {
        if (error?.code === 'ERR_BUFFER_TOO_LARGE') return max + 1;
      }
      if (total > max) return total;
    }
    at = end + 9;
  }
  return total;
}

export default async function extract({ extension, bytes, html, maxInflatedBytes }) {
  if (extension === 'pdf') {
    // Refused as documents.text.ts reads it (extractText's 'inflatedTooLarge').
    if (maxInflatedBytes !== undefined && pdfInflatedSize(bytes, maxInflatedBytes) > maxInflatedBytes) throw new Error('inflatedTooLarge');
    const { extractText, getDocumentProxy } = await import('unpdf');
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    return (await extractText(pdf, { mergePages: false })).text.join('\n');
  }
  const mammoth = await import('mammoth');
  if (html) {
    // Images are left out (no data: URLs in the preview); the browser sanitises the rest again.
    const ignoreImages = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));
    return (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) }, { convertImage: ignoreImages })).value;
  }
  return (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
}
