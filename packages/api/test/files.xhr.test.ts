import { afterEach, expect, it, vi } from 'vitest';
import { createApiClient } from '@servicedesk/api/client';
import { uploadFiles } from '@servicedesk/api/files/upload-files';

/**
 * The browser path of an upload (XMLHttpRequest, for progress). msw does not intercept jsdom's
 * XMLHttpRequest, so a small fake stands in for it: it reports two progress events and answers
 * what the test says.
 */
class FakeXhr {
  static answer = { status: 200, body: '[]' };
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  private listeners: Record<string, (() => void)[]> = {};
  private uploadListeners: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void)[] = [];
  upload = { addEventListener: (_: string, fn: (e: { lengthComputable: boolean; loaded: number; total: number }) => void) => this.uploadListeners.push(fn) };
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, fn: () => void) {
    (this.listeners[type] ??= []).push(fn);
  }
  abort() {
    for (const fn of this.listeners.abort ?? []) fn();
  }
  send(body: unknown) {
    this.body = body;
    queueMicrotask(() => {
      for (const fn of this.uploadListeners) fn({ lengthComputable: true, loaded: 50, total: 100 });
      for (const fn of this.uploadListeners) fn({ lengthComputable: true, loaded: 100, total: 100 });
      this.status = FakeXhr.answer.status;
      this.responseText = FakeXhr.answer.body;
      for (const fn of this.listeners.load ?? []) fn();
    });
  }
}

afterEach(() => vi.unstubAllGlobals());
const api = createApiClient({ baseUrl: '/api', getToken: () => 'tok', getLanguage: () => 'tr' });

it('reports progress while sending and 1 only once the server answered', async () => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  FakeXhr.answer = {
    status: 200,
    body: JSON.stringify([{ id: 7, name: 'a.pdf', url: 'files/7', type: 'general', mime: 'application/pdf', sizeBytes: 100 }]),
  };
  const progress: number[] = [];
  const [stored] = await uploadFiles(api, { type: 'general', files: [new File(['x'], 'a.pdf')] }, { onProgress: (f) => progress.push(f) });
  expect(stored?.id).toBe(7);
  expect(progress).toEqual([0.5, 0.99, 1]);
  const xhr = FakeXhr.last!;
  expect(xhr.method).toBe('POST');
  expect(xhr.url).toBe('/api/global/FileUploadGlobal');
  expect(xhr.headers).toMatchObject({ Authorization: 'Bearer tok', 'Accept-Language': 'tr' });
  const form = xhr.body as FormData;
  expect([...form.keys()]).toEqual(['type', 'file']);
  expect(form.get('type')).toBe('general');
});

it('rejects with the server code of a refused upload', async () => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  FakeXhr.answer = {
    status: 415,
    body: JSON.stringify({ message: 'not a pdf', code: 'fileContentMismatch', details: { fileName: 'x.pdf', allowedExtensions: ['pdf'] } }),
  };
  await expect(uploadFiles(api, { type: 'general', files: [new File(['MZ'], 'x.pdf')] })).rejects.toMatchObject({
    status: 415,
    code: 'fileContentMismatch',
    message: 'not a pdf',
  });
});
