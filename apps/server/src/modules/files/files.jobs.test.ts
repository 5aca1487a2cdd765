import { existsSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { FileItem } from '@servicedesk/contracts';
import { files } from '../../db/schema';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { multipart } from '../../../test/multipart';
import { createBlobStore } from '../../lib/storage';
import { FILE_PURGE_AFTER_DAYS, FILE_UNATTACHED_DAYS, purgeFiles } from './files.jobs';
import { attachFiles, registerFileAccess } from './files.service';

const DAY = 86_400_000;
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

describe.each(backends)('file purge on %s', (backend) => {
  let t: TestApp;
  let employee: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    employee = await t.login('employee@servicedesk.az');
    registerFileAccess('purgeTestRecord', { read: async () => true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (name: string, bytes: Buffer) => {
    const res = await t.as(employee, { method: 'POST', url: '/api/global/FileUploadGlobal', ...multipart([{ field: 'type', value: 'general' }, { file: name, bytes }]) });
    expect(res.statusCode).toBe(200);
    return res.json<FileItem[]>()[0]!;
  };
  const rowOf = async (id: number) => (await t.app.deps.db.select().from(files).where(eq(files.id, id)))[0]!;
  const blobPath = async (id: number) => createBlobStore(path.join(t.config.dataDir, 'files')).pathOf((await rowOf(id)).storageKey);
  /** Makes a blob look written long ago (the purge spares blobs touched within the last hour). */
  const age = async (id: number) => {
    const old = new Date(Date.now() - 2 * DAY);
    utimesSync(await blobPath(id), old, old);
  };
  const backdate = (ids: number[], column: 'createdAt' | 'deletedAt', at: Date) =>
    t.app.deps.db.update(files).set({ [column]: at }).where(inArray(files.id, ids));

  it('removes week-old uploads never attached, then deletes the bytes no live file names a month after', async () => {
    const now = new Date();
    const stale = await upload('unutulmuş.pdf', pdf('stale'));
    const fresh = await upload('təzə.pdf', pdf('fresh'));
    const attached = await upload('qoşma.pdf', pdf('attached'));
    const me = (await rowOf(attached.id)).uploadedBy;
    await attachFiles(t.app.deps, [attached.id], 'purgeTestRecord', 1, { id: me, email: 'employee@servicedesk.az', userTypeId: 0 });
    await backdate([stale.id, attached.id], 'createdAt', new Date(now.getTime() - (FILE_UNATTACHED_DAYS + 1) * DAY));

    expect(await purgeFiles(t.app.deps, now)).toEqual({ removed: 1, purged: 0 });
    expect((await rowOf(stale.id)).deletedAt).not.toBeNull();
    expect((await rowOf(fresh.id)).deletedAt).toBeNull();
    expect((await rowOf(attached.id)).deletedAt).toBeNull();
    // Removed today: the bytes stay for FILE_PURGE_AFTER_DAYS.
    expect(existsSync(await blobPath(stale.id))).toBe(true);

    const later = new Date(now.getTime() + (FILE_PURGE_AFTER_DAYS + 1) * DAY);
    // Touched within the hour: still spared.
    expect(await purgeFiles(t.app.deps, later)).toMatchObject({ purged: 0 });
    expect(existsSync(await blobPath(stale.id))).toBe(true);
    await age(stale.id);
    expect(await purgeFiles(t.app.deps, later)).toMatchObject({ purged: 1 });
    expect(existsSync(await blobPath(stale.id))).toBe(false);
    expect((await rowOf(stale.id)).purgedAt).not.toBeNull();
    expect((await rowOf(stale.id)).originalName).toBe('unutulmuş.pdf');
    // Nothing left to do the next time.
    expect(await purgeFiles(t.app.deps, later)).toEqual({ removed: 0, purged: 0 });
  });

  it('keeps bytes a live file still names, and stores them anew when the same content comes back', async () => {
    const now = new Date();
    const bytes = pdf('shared');
    const first = await upload('birinci.pdf', bytes);
    const second = await upload('ikinci.pdf', bytes);
    expect((await rowOf(first.id)).storageKey).toBe((await rowOf(second.id)).storageKey);
    await t.as(employee, { method: 'POST', url: '/api/global/removeFile', payload: { id: first.id } });
    await backdate([first.id], 'deletedAt', new Date(now.getTime() - (FILE_PURGE_AFTER_DAYS + 1) * DAY));
    await age(first.id);
    expect(await purgeFiles(t.app.deps, now)).toMatchObject({ purged: 0 });
    expect(existsSync(await blobPath(second.id))).toBe(true);

    await t.as(employee, { method: 'POST', url: '/api/global/removeFile', payload: { id: second.id } });
    await backdate([second.id], 'deletedAt', new Date(now.getTime() - (FILE_PURGE_AFTER_DAYS + 1) * DAY));
    expect(await purgeFiles(t.app.deps, now)).toMatchObject({ purged: 1 });
    expect(existsSync(await blobPath(second.id))).toBe(false);

    const again = await upload('üçüncü.pdf', bytes);
    const back = await t.as(employee, { method: 'POST', url: '/api/global/FileServer/DownloadFile', payload: { url: again.url } });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(bytes)).toBe(true);
  });
});
