/** Hand-built multipart/form-data bodies for upload tests (app.inject takes a Buffer). */

/** One part of a hand-built multipart body: a field, or a file with its name and bytes. */
export type Part = { field: string; value: string } | { file: string; bytes: Buffer; fieldName?: string };

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sdtest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('field' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.fieldName ?? 'file'}"; filename="${part.file}"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        part.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

