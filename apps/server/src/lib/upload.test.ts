import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

// Every upload route refuses an oversized body with 413 and the server keeps answering. The routes
// are taken from the app itself (every call whose documented body is multipart/form-data), so an
// upload route added later is covered without naming it here. Over a real socket: app.inject hands
// the body over in one piece, which never reaches the streaming paths where the limit is met.

const MB = 1024 * 1024;
const ONE_C = {
  header: 'Дата;ВидДокумента;Номер;ИНН;Контрагент;Сумма;Валюта;СрокОплаты;ВидОплаты;Группа\r\n',
  rows: Buffer.from('01.01.2026;Поступление;INV-1;1400123453;Baku;1,00;AZN;;;\r\n'.repeat(2000)),
};
const DISLOCATION = { header: 'Вагон;Станция;Состояние;Дата\r\n', rows: Buffer.from('50070291;Samur;гружен;20.11.2026 07:45\r\n'.repeat(2000)) };
/** A file each route reads on to its end (an import stops at a header it does not know). */
const fileFor = (url: string) => (url.includes('dislocation') ? DISLOCATION : ONE_C);

interface Answer {
  status: number;
  body: string;
}

/**
 * POSTs a multipart body with one file part of about `fileBytes` bytes (a CSV: a valid header then
 * rows), with Content-Length or chunked; answers the status and body. Writing stops once the answer
 * arrived (the server may answer before reading it all).
 */
function postFile(port: number, url: string, token: string, fileBytes: number, framing: 'length' | 'chunked', header = fileFor(url).header): Promise<Answer> {
  const rows = fileFor(url).rows;
  const boundary = 'sd-upload-limit-test';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n${header}`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunks = Math.ceil(fileBytes / rows.length);
  const headers: Record<string, string | number> = { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` };
  if (framing === 'length') headers['content-length'] = head.length + chunks * rows.length + tail.length;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest({ host: '127.0.0.1', port, path: url, method: 'POST', headers }, (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.write(head);
    let sent = 0;
    const pump = () => {
      while (sent < chunks && !answered) {
        sent++;
        if (!req.write(rows)) return void req.once('drain', pump);
      }
      if (!answered) req.end(tail);
    };
    pump();
  });
}

async function uploadRoutes(t: TestApp): Promise<string[]> {
  const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> }>();
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => op.requestBody?.content?.['multipart/form-data'])
      .map(([method]) => {
        expect(method).toBe('post');
        return path;
      }),
  );
}

async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return (t.app.server.address() as { port: number }).port;
}

const answersNext = async (port: number, token: string) =>
  (await fetch(`http://127.0.0.1:${port}/api/auth/sessions`, { headers: { authorization: `Bearer ${token}` } })).status;

describe('an oversized upload (UPLOAD_MAX_MB 1)', () => {
  let t: TestApp;
  let port: number;
  let admin: string;
  let routes: string[];
  beforeAll(async () => {
    t = await createTestApp('pglite', { uploadMaxTotalBytes: 1 * MB, uploadRatePerMinute: 1000 });
    port = await listen(t);
    admin = await t.login('admin@servicedesk.az');
    routes = await uploadRoutes(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds the upload routes in the app', () => {
    expect(routes).toEqual(
      expect.arrayContaining([
        '/api/global/FileUploadGlobal',
        '/api/global/uploadFile',
        '/api/debtReports/1CData/preview',
        '/api/debtReports/1CData/import',
        '/api/dislocation/preview',
        '/api/dislocation/import',
      ]),
    );
  });

  it.each(['chunked', 'length'] as const)('answers 413 fileTooLarge on every upload route (%s body) and the next request answers', async (framing) => {
    for (const url of routes) {
      const answer = await postFile(port, url, admin, 2 * MB, framing).catch((error: unknown) => ({ status: String(error), body: '' }));
      expect({ url, status: answer.status }).toEqual({ url, status: 413 });
      expect({ url, body: JSON.parse(answer.body) as unknown }).toMatchObject({ url, body: { code: 'fileTooLarge', details: { maxBytes: 1 * MB } } });
      expect(await answersNext(port, admin)).toBe(200);
    }
  });

  it('answers in the caller’s language', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/global/uploadFile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en', 'content-type': 'multipart/form-data; boundary=x' },
      body: `--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n${'a'.repeat(2 * MB)}\r\n--x--\r\n`,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toMatch(/exceed/i);
  });

  it('survives a file passing the limit after the import stopped reading it (a refused header)', async () => {
    for (const url of routes.filter((u) => u.includes('preview'))) {
      const answer = await postFile(port, url, admin, 3 * MB, 'chunked', 'not;the;columns\r\n');
      expect([400, 413]).toContain(answer.status);
      expect(await answersNext(port, admin)).toBe(200);
    }
  });
});

describe('a 51 MB upload at the default limit (50 MB)', () => {
  let t: TestApp;
  let port: number;
  let accountant: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    expect(t.config.uploadMaxTotalBytes).toBe(50 * MB);
    port = await listen(t);
    accountant = await t.login('accountant@servicedesk.az');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 413 on the 1C preview and the file upload, and the server keeps serving', async () => {
    for (const url of ['/api/debtReports/1CData/preview', '/api/global/uploadFile']) {
      const answer = await postFile(port, url, accountant, 51 * MB, 'length');
      expect({ url, status: answer.status }).toEqual({ url, status: 413 });
      expect(await answersNext(port, accountant)).toBe(200);
    }
    // A chunked body says nothing of its size up front: the bytes are counted as they stream in.
    const chunked = await postFile(port, '/api/global/uploadFile', accountant, 51 * MB, 'chunked');
    expect(chunked.status).toBe(413);
    expect(await answersNext(port, accountant)).toBe(200);
  });
});
