import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { files } from '../db/schema';
import { createTestApp, type TestApp } from '../../test/helpers';
import { multipart } from '../../test/multipart';
import { restoreBackup } from './backup';
import { runScheduledBackup } from './backup-job';

const tmp = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

describe('scheduled backups of a PGlite install while it serves', () => {
  let t: TestApp;
  let employee: string;
  let backupDir: string;
  beforeAll(async () => {
    backupDir = tmp('sd-backups-');
    t = await createTestApp('pglite', { backupDir, backupKeep: 2 });
    employee = await t.login('employee@servicedesk.az');
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (i: number) =>
    t.as(employee, { method: 'POST', url: '/api/global/FileUploadGlobal', ...multipart([{ field: 'type', value: 'general' }, { file: `f${i}.pdf`, bytes: pdf(`upload ${i}`) }]) });

  it('takes a consistent snapshot while 20 clients upload: the restore has every counted row and every file a row names', async () => {
    const [backup, ...answers] = await Promise.all([runScheduledBackup(t.app, new Date('2026-12-01T02:30:00Z')), ...Array.from({ length: 20 }, (_, i) => upload(i))]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(path.basename(backup.folder)).toBe('2026-12-01T02-30-00Z');

    const dataDir = tmp('sd-restored-');
    const config = loadConfig({ DATA_DIR: dataDir }, '/');
    // restoreBackup compares every table's count with the manifest itself.
    await restoreBackup({ config, from: backup.folder });
    const database = await openDatabase(config.database);
    try {
      const rows = await database.db.select({ storageKey: files.storageKey }).from(files);
      expect(rows.length).toBe(backup.manifest.database.counts.files);
      for (const { storageKey } of rows) {
        expect(existsSync(path.join(dataDir, 'files', storageKey.slice(0, 2), storageKey.slice(2, 4), storageKey)), storageKey).toBe(true);
      }
    } finally {
      await database.close();
    }
  });

  it('keeps the newest BACKUP_KEEP backups, drops an older cut-off one, leaves other entries alone', async () => {
    mkdirSync(path.join(backupDir, '2026-12-01T12-00-00Z')); // a run cut off: no manifest
    writeFileSync(path.join(backupDir, 'README.txt'), 'not a backup');
    expect((await runScheduledBackup(t.app, new Date('2026-12-02T02:30:00Z'))).removed).toEqual(['2026-12-01T12-00-00Z']);
    expect((await runScheduledBackup(t.app, new Date('2026-12-03T02:30:00Z'))).removed).toEqual(['2026-12-01T02-30-00Z']);
    expect(readdirSync(backupDir).sort()).toEqual(['2026-12-02T02-30-00Z', '2026-12-03T02-30-00Z', 'README.txt']);
  });
});
