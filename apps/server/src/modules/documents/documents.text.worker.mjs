// The worker of documents.text.ts (a piscina pool): extracts the text of one PDF or DOCX file off
// the event loop. Plain JavaScript so a worker thread loads it without the TypeScript loader.
// Input { extension: 'pdf' | 'docx', bytes: Uint8Array } → the raw text (string).

export default async function extract({ extension, bytes }) {
  if (extension === 'pdf') {
    const { extractText, getDocumentProxy } = await import('unpdf');
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    return (await extractText(pdf, { mergePages: false })).text.join('\n');
  }
  const mammoth = await import('mammoth');
  return (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
}
