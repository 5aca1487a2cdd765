import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@servicedesk/api/client';
import { apiPath, createHandlers, errorResponse } from '@servicedesk/api/handlers';
import { uploadFile, uploadFiles } from '@servicedesk/api/files/upload-files';
import { downloadFile, fileNameFromDisposition } from '@servicedesk/api/files/download-file';
import { removeFile } from '@servicedesk/api/files/remove-file';
import { exeBytes, pdfBytes } from '@servicedesk/api/files/files.fixtures';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => server.resetHandlers(...createHandlers()));
afterEach(() => vi.restoreAllMocks());
afterAll(() => server.close());

const api = createApiClient({ baseUrl: 'http://api.test/api', getToken: () => 'token', getLanguage: () => 'ru' });
const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => {});

describe('file calls', () => {
  it('uploads files and downloads each byte-identical under the server name', async () => {
    const progress: number[] = [];
    const [pdf, text] = await uploadFiles(
      api,
      { type: 'general', files: [new File([pdfBytes], 'Hesabat №1.pdf'), new File(['salam'], 'qeyd.txt')] },
      { onProgress: (f) => progress.push(f) },
    );
    expect(pdf).toMatchObject({ name: 'Hesabat №1.pdf', mime: 'application/pdf', sizeBytes: pdfBytes.length });
    expect(text?.name).toBe('qeyd.txt');
    expect(progress.at(-1)).toBe(1);

    const down = await downloadFile(api, { url: pdf!.url });
    expect(down.fileName).toBe('Hesabat №1.pdf');
    expect(new Uint8Array(await down.blob.arrayBuffer())).toEqual(pdfBytes);
  });

  it('sends the token and the language with an upload', async () => {
    let headers: Headers | undefined;
    server.use(
      http.post(apiPath('/global/uploadFile'), ({ request }) => {
        headers = request.headers;
        return HttpResponse.json([{ id: 1, name: 'a.png', url: 'files/1', type: 'avatar', mime: 'image/png', sizeBytes: 3 }]);
      }),
    );
    const stored = await uploadFile(api, { type: 'avatar', file: new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png') });
    expect(stored.id).toBe(1);
    expect(headers?.get('authorization')).toBe('Bearer token');
    expect(headers?.get('accept-language')).toBe('ru');
  });

  it('refuses an .exe renamed .pdf with fileContentMismatch and its details', async () => {
    quiet();
    await expect(
      uploadFiles(api, { type: 'general', files: [new File([exeBytes], 'invoice.pdf')] }),
    ).rejects.toMatchObject({ status: 415, code: 'fileContentMismatch', details: { fileName: 'invoice.pdf' } });
  });

  it('refuses an extension outside the purpose', async () => {
    quiet();
    await expect(
      uploadFiles(api, { type: 'avatar', files: [new File([pdfBytes], 'cv.pdf')] }),
    ).rejects.toMatchObject({ status: 415, code: 'fileTypeNotAllowed' });
  });

  it('removes a file once, then answers the server text of fileNotFound', async () => {
    quiet();
    const [stored] = await uploadFiles(api, { type: 'general', files: [new File([pdfBytes], 'a.pdf')] });
    await expect(removeFile(api, { id: stored!.id })).resolves.toEqual(stored);
    await expect(removeFile(api, { id: stored!.id })).rejects.toMatchObject({
      status: 404,
      code: 'fileNotFound',
      message: 'The file was not found or is already removed',
    });
    await expect(downloadFile(api, { url: stored!.url })).rejects.toMatchObject({ status: 404, code: 'fileNotFound' });
  });

  it('hands a 401 on an upload to onUnauthorized like any call', async () => {
    const onUnauthorized = vi.fn();
    const client = createApiClient({ baseUrl: 'http://api.test/api', getToken: () => 'old', onUnauthorized, isTokenExpired: () => true });
    server.use(http.post(apiPath('/global/FileUploadGlobal'), () => errorResponse(401, 'unauthorized', 'No session')));
    await expect(uploadFiles(client, { type: 'general', files: [new File(['x'], 'a.txt')] })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledWith({ expired: true });
  });
});

describe('fileNameFromDisposition', () => {
  it('prefers the RFC 6266 UTF-8 name, then the quoted one', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''%C5%9E%C9%99kil.png`)).toBe('Şəkil.png');
    expect(fileNameFromDisposition('attachment; filename="my \\"report\\".pdf"')).toBe('my "report".pdf');
    expect(fileNameFromDisposition('attachment; filename=plain.txt')).toBe('plain.txt');
    expect(fileNameFromDisposition('inline')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
