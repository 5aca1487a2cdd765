import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, FileItem, FileTooLargeDetails, FileTypeDetails } from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { multipart, type Part } from '../../../test/multipart';
import { attachFiles, registerFileAccess } from './files.service';

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
/** A 1×1 transparent PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a Windows executable (DOS header "MZ" … "PE\0\0"). */
const exe = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]), Buffer.alloc(120), Buffer.from('PE\0\0'), Buffer.alloc(200, 1)]);

/** Every regular file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

describe.each(backends)('files on %s', (backend) => {
  let t: TestApp;
  let employee: string;
  let accountant: string;
  let filesRoot: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    [employee, accountant] = await Promise.all([t.login('employee@servicedesk.az'), t.login('accountant@servicedesk.az')]);
    filesRoot = path.join(t.config.dataDir, 'files');
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (token: string, parts: Part[], url = '/api/global/FileUploadGlobal') =>
    t.as(token, { method: 'POST', url, ...multipart(parts) });
  const download = (token: string, url: string) => t.as(token, { method: 'POST', url: '/api/global/FileServer/DownloadFile', payload: { url } });
  const remove = (token: string, id: number) => t.as(token, { method: 'POST', url: '/api/global/removeFile', payload: { id } });
  const blobs = () => filesUnder(filesRoot).filter((f) => !f.startsWith(path.join(filesRoot, 'tmp')));
  const temps = () => filesUnder(path.join(filesRoot, 'tmp'));

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/global/FileUploadGlobal', ...multipart([{ file: 'a.txt', bytes: Buffer.from('x') }]) });
    expect(res.statusCode).toBe(401);
  });

  it('uploads several files with a type and downloads each byte-identical, with its name', async () => {
    const report = pdf('quarterly report');
    const notes = Buffer.from('Növbəti addım: şəbəkə kabelini dəyiş\r\n', 'utf8');
    const res = await upload(employee, [
      { field: 'type', value: 'helpdeskRequest' },
      { file: 'Hesabat 2026 (son).pdf', bytes: report },
      { file: 'qeydlər.txt', bytes: notes },
    ]);
    expect(res.statusCode).toBe(200);
    const items = res.json<FileItem[]>();
    expect(items).toEqual([
      { id: expect.any(Number), name: 'Hesabat 2026 (son).pdf', url: `files/${items[0]!.id}`, type: 'helpdeskRequest', mime: 'application/pdf', sizeBytes: report.length },
      { id: expect.any(Number), name: 'qeydlər.txt', url: `files/${items[1]!.id}`, type: 'helpdeskRequest', mime: 'text/plain; charset=utf-8', sizeBytes: notes.length },
    ]);

    const got = await download(employee, items[0]!.url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(report)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="Hesabat 2026 (son).pdf"; filename*=UTF-8''Hesabat%202026%20%28son%29.pdf`,
    );
    const text = await download(employee, items[1]!.url);
    expect(text.rawPayload.equals(notes)).toBe(true);
    expect(text.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('qeydlər.txt')}`);
    expect(text.headers['content-disposition']).toContain('filename="qeydl_r.txt"');
    expect(temps()).toEqual([]);
  });

  it('stores the same content once, however often and under whatever name it is uploaded', async () => {
    const bytes = pdf(`dedup ${Date.now()}`);
    const before = blobs().length;
    const first = (await upload(employee, [{ field: 'type', value: 'general' }, { file: 'a.pdf', bytes }])).json<FileItem[]>();
    const second = (await upload(accountant, [{ field: 'type', value: 'general' }, { file: 'b.pdf', bytes }])).json<FileItem[]>();
    expect(first[0]!.id).not.toBe(second[0]!.id);
    expect(blobs().length).toBe(before + 1);
    // Each uploader keeps their own name and their own access.
    expect((await download(accountant, second[0]!.url)).headers['content-disposition']).toContain('filename="b.pdf"');
    expect((await download(accountant, first[0]!.url)).statusCode).toBe(403);
  });

  it('refuses an upload over the total limit with the sizes and names, and keeps nothing of it', async () => {
    const config = t.app.deps.config;
    const saved = config.uploadMaxTotalBytes;
    config.uploadMaxTotalBytes = 1000;
    try {
      const before = blobs().length;
      const res = await upload(employee, [
        { field: 'type', value: 'general' },
        { file: 'one.txt', bytes: Buffer.alloc(600, 'a') },
        { file: 'two.txt', bytes: Buffer.alloc(600, 'b') },
      ]);
      expect(res.statusCode).toBe(413);
      const body = res.json<ApiError & { details: FileTooLargeDetails }>();
      expect(body.code).toBe('fileTooLarge');
      expect(body.details.maxBytes).toBe(1000);
      expect(body.details.totalBytes).toBeGreaterThan(1000);
      expect(body.details.fileNames).toEqual(['one.txt', 'two.txt']);
      expect(blobs().length).toBe(before);
      expect(temps()).toEqual([]);
      // Exactly at the limit is fine.
      const ok = await upload(employee, [{ field: 'type', value: 'general' }, { file: 'exact.txt', bytes: Buffer.alloc(1000, 'c') }]);
      expect(ok.statusCode).toBe(200);
    } finally {
      config.uploadMaxTotalBytes = saved;
    }
  });

  it('refuses an .exe renamed .pdf (or .txt) by its content, and an .exe by its name', async () => {
    const asPdf = await upload(employee, [{ field: 'type', value: 'general' }, { file: 'invoice.pdf', bytes: exe }]);
    expect(asPdf.statusCode).toBe(415);
    const body = asPdf.json<ApiError & { details: FileTypeDetails }>();
    expect(body).toMatchObject({ code: 'fileContentMismatch', details: { fileName: 'invoice.pdf' } });
    expect(body.details.detectedMime).toMatch(/msdownload|executable|exe/);
    const asTxt = await upload(employee, [{ field: 'type', value: 'general' }, { file: 'readme.txt', bytes: exe }]);
    expect(asTxt.json<ApiError>().code).toBe('fileContentMismatch');
    // A PNG called .pdf is just as wrong; a binary without any signature is not text either.
    expect((await upload(employee, [{ field: 'type', value: 'general' }, { file: 'scan.pdf', bytes: png }])).statusCode).toBe(415);
    expect((await upload(employee, [{ field: 'type', value: 'general' }, { file: 'data.csv', bytes: Buffer.from([1, 2, 0, 0, 5]) }])).statusCode).toBe(415);

    const named = await upload(employee, [{ field: 'type', value: 'general' }, { file: 'setup.exe', bytes: exe }]);
    expect(named.statusCode).toBe(415);
    const namedBody = named.json<ApiError & { details: FileTypeDetails }>();
    expect(namedBody.code).toBe('fileTypeNotAllowed');
    expect(namedBody.details.allowedExtensions).toContain('pdf');
    expect(namedBody.details.allowedExtensions).not.toContain('exe');
    // All or nothing: a good file next to a bad one is not kept either.
    const before = blobs().length;
    const mixed = await upload(employee, [
      { field: 'type', value: 'general' },
      { file: 'good.pdf', bytes: pdf(`mixed ${Date.now()}`) },
      { file: 'bad.pdf', bytes: exe },
    ]);
    expect(mixed.statusCode).toBe(415);
    expect(blobs().length).toBe(before);
    expect(temps()).toEqual([]);
  });

  it('takes only images as an avatar', async () => {
    const res = await upload(employee, [{ field: 'type', value: 'avatar' }, { file: 'doc.pdf', bytes: pdf('not a face') }]);
    expect(res.json<ApiError>().code).toBe('fileTypeNotAllowed');
    expect((await upload(employee, [{ field: 'type', value: 'avatar' }, { file: 'me.png', bytes: png }])).statusCode).toBe(200);
  });

  it('keeps hostile names harmless: no path leaves the storage folder and the shown name is cleaned', async () => {
    const res = await upload(employee, [
      { field: 'type', value: 'general' },
      { file: '../../../../etc/cron.d/evil.txt', bytes: Buffer.from('one') },
      { file: '..\\..\\windows\\win.txt', bytes: Buffer.from('two') },
      { file: 'invoice\u202Efdp.txt', bytes: Buffer.from('three') },
      { file: '..', bytes: Buffer.from('four') },
    ]);
    // ".." has no extension, so it is refused; the others are accepted with cleaned names.
    expect(res.json<ApiError>().code).toBe('fileTypeNotAllowed');
    const ok = await upload(employee, [
      { field: 'type', value: 'general' },
      { file: '../../../../etc/cron.d/evil.txt', bytes: Buffer.from('one') },
      { file: '..\\..\\windows\\win.txt', bytes: Buffer.from('two') },
      { file: 'invoice\u202Efdp.txt', bytes: Buffer.from('three') },
      { file: 'a<b>:c|d?.txt', bytes: Buffer.from('five') },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json<FileItem[]>().map((f) => f.name)).toEqual(['evil.txt', 'win.txt', 'invoicefdp.txt', 'a_b__c_d_.txt']);
    // Everything written lives in the hash-sharded layout under DATA_DIR/files.
    for (const file of filesUnder(t.config.dataDir).filter((f) => !f.startsWith(path.join(t.config.dataDir, 'db')))) {
      expect(path.relative(filesRoot, file)).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/);
    }
    expect(existsSync(path.join(t.config.dataDir, 'etc'))).toBe(false);
    expect(existsSync(path.resolve(filesRoot, '../../../../etc/cron.d/evil.txt'))).toBe(false);
    // A download url is an id, not a path.
    for (const url of ['../../etc/passwd', 'files/../../jwt-secret', `files/${ok.json<FileItem[]>()[0]!.id}/../1`, '/etc/passwd']) {
      expect((await download(employee, url)).statusCode, url).toBe(404);
    }
  });

  it("answers 403 for someone else's private file and lets every signed-in user see an avatar", async () => {
    const [mine] = (await upload(employee, [{ field: 'type', value: 'general' }, { file: 'private.pdf', bytes: pdf('private') }])).json<FileItem[]>();
    const theirs = await download(accountant, mine!.url);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json<ApiError>()).toMatchObject({ code: 'forbidden', details: { rule: 'notFileReader' } });
    const [avatar] = (await upload(employee, [{ field: 'type', value: 'avatar' }, { file: 'face.png', bytes: png }])).json<FileItem[]>();
    const seen = await download(accountant, avatar!.url);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    expect(seen.rawPayload.equals(png)).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: '/api/global/FileServer/DownloadFile', payload: { url: avatar!.url } })).statusCode).toBe(401);
  });

  it('serves an avatar at its public address for an <img>, and nothing else there', async () => {
    const [avatar] = (await upload(employee, [{ field: 'type', value: 'avatar' }, { file: 'me.png', bytes: png }])).json<FileItem[]>();
    expect(avatar!.publicUrl).toMatch(new RegExp(`^/api/global/FileServer/avatar/${avatar!.id}-[0-9a-f]{16}$`));
    const img = await t.app.inject({ method: 'GET', url: avatar!.publicUrl! });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toContain('immutable');
    expect(img.rawPayload.equals(png)).toBe(true);
    // Guessing: the right id with another hash, or a private file's id, answers 404.
    expect((await t.app.inject({ method: 'GET', url: `/api/global/FileServer/avatar/${avatar!.id}-0000000000000000` })).statusCode).toBe(404);
    const [doc] = (await upload(employee, [{ field: 'type', value: 'general' }, { file: 'p.pdf', bytes: pdf('private doc') }])).json<FileItem[]>();
    expect(doc!.publicUrl).toBeUndefined();
    const sha = createHash('sha256').update(pdf('private doc')).digest('hex').slice(0, 16);
    expect((await t.app.inject({ method: 'GET', url: `/api/global/FileServer/avatar/${doc!.id}-${sha}` })).statusCode).toBe(404);
    await remove(employee, avatar!.id);
    expect((await t.app.inject({ method: 'GET', url: avatar!.publicUrl! })).statusCode).toBe(404);
  });

  it('lets only the uploader remove a file, with a message to show; a removed file is gone', async () => {
    const [file] = (await upload(employee, [{ field: 'type', value: 'general' }, { file: 'old.pdf', bytes: pdf('old') }])).json<FileItem[]>();
    const refused = await remove(accountant, file!.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiError>().message).toMatch(/uploaded this file/);
    expect((await download(employee, file!.url)).statusCode).toBe(200);

    const removed = await remove(employee, file!.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<FileItem>()).toMatchObject({ id: file!.id, name: 'old.pdf' });
    expect((await download(employee, file!.url)).json<ApiError>().code).toBe('fileNotFound');
    const again = await remove(employee, file!.id);
    expect(again.statusCode).toBe(404);
    expect(again.json<ApiError>().code).toBe('fileNotFound');
  });

  it("follows the record's rules once a module attaches files to its record", async () => {
    const deps = t.app.deps;
    const me = (await t.as(employee, { method: 'GET', url: '/api/global/getCurrentUser' })).json<{ id: number; email: string }>();
    const accountantMe = (await t.as(accountant, { method: 'GET', url: '/api/global/getCurrentUser' })).json<{ id: number }>();
    registerFileAccess('testRecord', {
      read: async (_deps, _user, recordId) => recordId === 7,
      remove: async (_deps, user, recordId) => recordId === 7 && user.id === accountantMe.id,
    });
    const [file] = (await upload(employee, [{ field: 'type', value: 'general' }, { file: 'shared.pdf', bytes: pdf('shared') }])).json<FileItem[]>();
    const [other] = (await upload(accountant, [{ field: 'type', value: 'general' }, { file: 'not-mine.pdf', bytes: pdf('x') }])).json<FileItem[]>();
    const user = { id: me.id, email: me.email, userTypeId: 0 };
    await expect(attachFiles(deps, [file!.id, other!.id], 'testRecord', 7, user)).rejects.toMatchObject({
      code: 'fileNotAttachable',
      details: { fileIds: [other!.id] },
    });
    expect((await download(accountant, file!.url)).statusCode).toBe(403);
    const attached = await attachFiles(deps, [file!.id], 'testRecord', 7, user);
    expect(attached.map((f) => f.id)).toEqual([file!.id]);
    // Attached to another record it cannot be.
    await expect(attachFiles(deps, [file!.id], 'testRecord', 8, user)).rejects.toMatchObject({ code: 'fileNotAttachable' });
    expect((await download(accountant, file!.url)).statusCode).toBe(200);
    // Attached, the record's rule decides removal — the uploader is refused where it says no.
    const uploaderRemoves = await remove(employee, file!.id);
    expect(uploaderRemoves.statusCode).toBe(403);
    expect(uploaderRemoves.json()).toMatchObject({ code: 'forbidden', details: { rule: 'notFileRemover' } });
    expect((await remove(accountant, file!.id)).statusCode).toBe(200);
  });

  it('uploadFile takes exactly one file (type general unless given); bad requests are explained', async () => {
    const one = await upload(employee, [{ file: 'single.pdf', bytes: pdf('single') }], '/api/global/uploadFile');
    expect(one.statusCode).toBe(200);
    expect(one.json<FileItem[]>()).toMatchObject([{ name: 'single.pdf', type: 'general' }]);
    const two = await upload(employee, [{ file: 'a.txt', bytes: Buffer.from('a') }, { file: 'b.txt', bytes: Buffer.from('b') }], '/api/global/uploadFile');
    expect(two.statusCode).toBe(400);
    expect(two.json<ApiError>().code).toBe('tooManyFiles');
    const noType = await upload(employee, [{ file: 'a.txt', bytes: Buffer.from('a') }]);
    expect(noType.json<ApiError>().code).toBe('invalidUploadType');
    const badType = await upload(employee, [{ field: 'type', value: 'malware' }, { file: 'a.txt', bytes: Buffer.from('a') }]);
    expect(badType.json<ApiError>().code).toBe('invalidUploadType');
    const none = await upload(employee, [{ field: 'type', value: 'general' }]);
    expect(none.json<ApiError>().code).toBe('noFiles');
    const json = await t.as(employee, { method: 'POST', url: '/api/global/FileUploadGlobal', payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(temps()).toEqual([]);
    expect(statSync(filesRoot).isDirectory()).toBe(true);
  });
});
