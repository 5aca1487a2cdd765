import { deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { zip } from './zip.test-support';
import { closeTextExtraction, docxHtml, extractText, TEXT_MAX_INFLATED_BYTES, zipInflatedSize, type TextRefusal } from './documents.text';

// Text extraction off the event loop, within limits: a DOCX decompression bomb is refused (its
// zip says how large it inflates) or stopped in its worker (a zip that lies), and meanwhile the
// event loop goes on serving.

const CONTENT_TYPES = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS = '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const documentXml = (body: string) => Buffer.from(`<?xml version="1.0"?><w:document ${W}><w:body>${body}</w:body></w:document>`);
const docx = (document: Buffer, declare?: (name: string, size: number) => number) =>
  zip([['[Content_Types].xml', Buffer.from(CONTENT_TYPES)], ['_rels/.rels', Buffer.from(RELS)], ['word/document.xml', document]], declare);

/** A document.xml inflating to about `bytes` bytes of one repeated paragraph. */
const bombXml = (bytes: number) => {
  const paragraph = '<w:p><w:r><w:t>aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa</w:t></w:r></w:p>';
  return documentXml(paragraph.repeat(Math.ceil(bytes / paragraph.length)));
};

afterAll(async () => {
  await closeTextExtraction();
});

describe('DOCX text extraction', () => {
  it('reads a small DOCX in the worker', async () => {
    expect(await extractText('a.docx', docx(documentXml('<w:p><w:r><w:t>Salam dünya</w:t></w:r></w:p>')))).toBe('Salam dünya\n\n');
  });

  it('refuses a bomb whose zip declares its inflated size before inflating anything', async () => {
    const bomb = docx(bombXml(TEXT_MAX_INFLATED_BYTES + 1024 * 1024));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(zipInflatedSize(bomb)).toBeGreaterThan(TEXT_MAX_INFLATED_BYTES);
    const reasons: TextRefusal[] = [];
    expect(await extractText('bomb.docx', bomb, (r) => reasons.push(r))).toBeNull();
    expect(reasons).toEqual(['inflatedTooLarge']);
  });

  it('stops a bomb that lies about its size in its worker, while the event loop goes on serving', async () => {
    const liar = docx(bombXml(400 * 1024 * 1024), () => 1000);
    expect(zipInflatedSize(liar)).toBeLessThan(TEXT_MAX_INFLATED_BYTES);
    const order: string[] = [];
    const reasons: TextRefusal[] = [];
    const heavy = extractText('liar.docx', liar, (r) => reasons.push(r)).then((text) => {
      order.push('bomb');
      return text;
    });
    // Other work on the event loop (a timer turn and a small extraction) finishes first.
    const light = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => extractText('b.txt', Buffer.from('kiçik')))
      .then(() => void order.push('light'));
    await Promise.all([heavy, light]);
    expect(await heavy).toBeNull();
    expect(reasons).toHaveLength(1);
    expect(order).toEqual(['light', 'bomb']);
  });
});

describe('DOCX preview', () => {
  it('turns a DOCX into HTML in the worker, and a file it cannot read into nothing', async () => {
    expect(await docxHtml(docx(documentXml('<w:p><w:r><w:t>Salam dünya</w:t></w:r></w:p>')))).toBe('<p>Salam dünya</p>');
    expect(await docxHtml(Buffer.from('not a zip'))).toBeNull();
    expect(await docxHtml(docx(bombXml(TEXT_MAX_INFLATED_BYTES + 1024 * 1024)))).toBeNull();
  });
});

/** A one-page PDF whose page content is a Flate stream of `content` (as most PDFs are written). */
function flatePdf(content: Buffer): Buffer {
  const data = deflateSync(content);
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>'),
    Buffer.concat([Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`), data, Buffer.from('\nendstream')]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  let at = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), o, Buffer.from('\nendobj\n')]);
    offsets.push(at);
    parts.push(obj);
    at += obj.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`;
  return Buffer.concat([...parts, Buffer.from(xref)]);
}

describe('PDF text extraction', () => {
  it('reads a PDF whose page is a Flate stream', async () => {
    expect((await extractText('a.pdf', flatePdf(Buffer.from('BT /F1 12 Tf 72 712 Td (Salam PDF) Tj ET\n'))))?.trim()).toBe('Salam PDF');
  });

  it('refuses a PDF whose Flate streams inflate past the limit, counted in the worker before pdf.js parses it', async () => {
    const bomb = flatePdf(Buffer.alloc(TEXT_MAX_INFLATED_BYTES + 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const reasons: TextRefusal[] = [];
    expect(await extractText('bomb.pdf', bomb, (r) => reasons.push(r))).toBeNull();
    expect(reasons).toEqual(['inflatedTooLarge']);
  });
});
