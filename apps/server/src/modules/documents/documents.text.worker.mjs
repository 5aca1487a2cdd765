// The worker of documents.text.ts (a piscina pool): extracts the text of one PDF or DOCX file off
// the event loop. Plain JavaScript so a worker thread loads it without the TypeScript loader.
// Input { extension: 'pdf' | 'docx', bytes: Uint8Array } → the raw text (string);
// { extension: 'docx', bytes, html: true } → the document as HTML (mammoth; images left out).

export default async function extract({ extension, bytes, html }) {
  if (extension === 'pdf') {
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
