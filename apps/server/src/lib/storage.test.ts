import { mkdtempSync, readFileSync, utimesSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SizeLimitError, createBlobStore, sanitizeFileName } from './storage';

const freshStore = () => createBlobStore(path.join(mkdtempSync(path.join(tmpdir(), 'sd-store-')), 'files'));

describe('blob store', () => {
  it('stores content under its sha256, once, and reads it back', async () => {
    const store = freshStore();
    const bytes = Buffer.from('hello, storage');
    const a = await store.receive(Readable.from([bytes.subarray(0, 5), bytes.subarray(5)]), 100);
    expect(a.sizeBytes).toBe(bytes.length);
    const first = await store.commit(a);
    expect(first).toEqual({ storageKey: a.sha256, deduplicated: false });
    expect(store.pathOf(a.sha256)).toBe(path.join(store.root, a.sha256.slice(0, 2), a.sha256.slice(2, 4), a.sha256));
    const b = await store.receive(Readable.from([bytes]), 100);
    expect(await store.commit(b)).toEqual({ storageKey: a.sha256, deduplicated: true });
    expect(existsSync(b.tempPath)).toBe(false);
    expect(readFileSync(store.pathOf(a.sha256)).equals(bytes)).toBe(true);
  });

  it('stops a stream past the limit and leaves no temp file', async () => {
    const store = freshStore();
    const error = await store.receive(Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), 100).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SizeLimitError);
    expect((error as SizeLimitError).receivedBytes).toBe(120);
    expect(await store.sweepTemp(0)).toBe(0);
  });

  it('refuses a storage key that is not a sha256 digest, so no key can point outside the folder', () => {
    const store = freshStore();
    for (const key of ['../../etc/passwd', 'a'.repeat(63), `${'a'.repeat(62)}/.`, 'A'.repeat(64)]) {
      expect(() => store.pathOf(key), key).toThrow(/not a storage key/);
    }
  });

  it('sweeps only temp files older than the given age', async () => {
    const store = freshStore();
    mkdirSync(path.join(store.root, 'tmp'), { recursive: true });
    const old = path.join(store.root, 'tmp', 'old');
    const fresh = path.join(store.root, 'tmp', 'fresh');
    writeFileSync(old, 'x');
    writeFileSync(fresh, 'y');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    utimesSync(old, twoDaysAgo, twoDaysAgo);
    expect(await store.sweepTemp(24 * 3600 * 1000)).toBe(1);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });
});

describe('sanitizeFileName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\report.pdf', 'report.pdf'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['a<b>:c"d|e?f*.txt', 'a_b__c_d_e_f_.txt'],
    ['  ..hidden.txt. ', 'hidden.txt'],
    ['..', 'file'],
    ['', 'file'],
    ['tab\there\nnew.txt', 'tabherenew.txt'],
    ['Hesabat  2026.pdf', 'Hesabat 2026.pdf'],
  ])('%j → %j', (raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected);
  });

  it('shortens a long name but keeps its extension', () => {
    const name = sanitizeFileName(`${'ə'.repeat(300)}.docx`, 50);
    expect(name).toHaveLength(50);
    expect(name.endsWith('.docx')).toBe(true);
  });
});
