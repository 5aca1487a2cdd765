import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase } from '../db/client';
import { backends, createPostgresDatabase, createTestApp, type TestApp } from '../../test/helpers';
import { multipart } from '../../test/multipart';
import { createBackup, databaseCounts, restoreBackup, type BackupManifest } from './backup';

const run = promisify(execFile);
const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
/** tsx itself, not through npx (which would set INIT_CWD to its own working directory). */
const tsx = path.join(serverRoot, '../../node_modules/.bin/tsx');
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const tmp = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));

/** Every blob under a files root: its path relative to the root → the sha256 hex of its bytes. */
function fileHashes(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    if (path.relative(root, full).startsWith('tmp')) continue;
    out[path.relative(root, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
  }
  return out;
}

describe.each(backends)('backup and restore (%s)', (backend) => {
  let t: TestApp;
  let backupDir: string;
  let manifest: BackupManifest;
  let before: Record<string, number>;
  const drops: (() => Promise<void>)[] = [];

  /** A configuration of a new, empty install of the same kind (own DATA_DIR, empty database). */
  const emptyInstall = async (): Promise<AppConfig> => {
    const dataDir = tmp('sd-restore-');
    if (backend === 'pglite') return loadConfig({ DATA_DIR: dataDir }, '/');
    const created = await createPostgresDatabase(undefined);
    drops.push(created.drop);
    return loadConfig({ DATA_DIR: dataDir, DATABASE_URL: created.url }, '/');
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    const employee = await t.login('employee@servicedesk.az');
    for (const [name, bytes] of [
      ['a.pdf', pdf('first')],
      ['b.pdf', pdf('second')],
      ['a-again.pdf', pdf('first')],
    ] as const) {
      const res = await t.as(employee, { method: 'POST', url: '/api/global/FileUploadGlobal', ...multipart([{ field: 'type', value: 'general' }, { file: name, bytes }]) });
      expect(res.statusCode, res.body).toBe(200);
    }
    before = await databaseCounts(t.app.deps.db);
    backupDir = path.join(tmp('sd-backup-'), 'nightly');
    manifest = await createBackup({ config: t.config, database: t.app.deps.database, to: backupDir });
  });
  afterAll(async () => {
    await t?.close();
    for (const drop of drops) await drop();
  });

  it('writes a manifest of the snapshot’s row counts and every file with its hash', () => {
    expect(manifest.database.kind).toBe(backend);
    expect(manifest.database.counts).toEqual(before);
    expect(manifest.database.counts.files).toBe(3);
    expect(manifest.database.counts.users).toBeGreaterThan(5);
    expect(manifest.database.counts['drizzle.__drizzle_migrations']).toBeGreaterThan(20);
    // Two distinct contents: the same bytes uploaded twice are one blob.
    expect(manifest.files.count).toBe(2);
    expect(fileHashes(path.join(backupDir, 'files'))).toEqual(fileHashes(path.join(t.config.dataDir, 'files')));
    const dump = readFileSync(path.join(backupDir, manifest.database.file));
    expect(createHash('sha256').update(dump).digest('hex')).toBe(manifest.database.sha256);
  });

  it('restores into an empty install with the same row counts and file hashes, and refuses to overwrite it without force', async () => {
    const config = await emptyInstall();
    await restoreBackup({ config, from: backupDir });
    const database = await openDatabase(config.database);
    try {
      expect(await databaseCounts(database.db)).toEqual(before);
    } finally {
      await database.close();
    }
    expect(fileHashes(path.join(config.dataDir, 'files'))).toEqual(fileHashes(path.join(t.config.dataDir, 'files')));

    await expect(restoreBackup({ config, from: backupDir })).rejects.toThrow(/not empty: pass --force/);
    await restoreBackup({ config, from: backupDir, force: true });
    const again = await openDatabase(config.database);
    try {
      expect(await databaseCounts(again.db)).toEqual(before);
    } finally {
      await again.close();
    }
  });

  it('refuses a damaged backup: a file whose bytes no longer match its hash, a changed dump', async () => {
    const damaged = path.join(tmp('sd-damaged-'), 'copy');
    const copy = await createBackup({ config: t.config, database: t.app.deps.database, to: damaged });
    const key = copy.files.blobs[0]!.key;
    writeFileSync(path.join(damaged, 'files', key.slice(0, 2), key.slice(2, 4), key), 'not the bytes');
    await expect(restoreBackup({ config: await emptyInstall(), from: damaged })).rejects.toThrow(/damaged/);
    writeFileSync(path.join(damaged, copy.database.file), 'not a dump');
    await expect(restoreBackup({ config: await emptyInstall(), from: damaged })).rejects.toThrow(/does not match the manifest/);
  });

  it.runIf(backend === 'pglite')('npm run restore / backup: restores into a stopped install, refuses to overwrite it without --force, backs it up', async () => {
    const dataDir = tmp('sd-cli-data-');
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: dataDir };
    await run(tsx, ['src/ops/cli.ts', 'restore', '--from', backupDir], { cwd: serverRoot, env });
    const refused = await run(tsx, ['src/ops/cli.ts', 'restore', '--from', backupDir], { cwd: serverRoot, env }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toMatch(/not empty: pass --force/);
    // A relative folder is taken from where the command was typed (INIT_CWD).
    const { stdout } = await run(tsx, ['src/ops/cli.ts', 'backup', '--to', 'backups/one'], { cwd: serverRoot, env });
    expect(stdout).toMatch(/backup written to .*backups\/one/);
    const written = JSON.parse(readFileSync(path.join(dataDir, 'backups/one/manifest.json'), 'utf8')) as BackupManifest;
    expect(written.database.counts).toEqual(before);
    expect(written.files.blobs).toEqual(manifest.files.blobs);
    // Three runs of the command, two of them opening PGlite.
  }, 240_000);

  it('refuses to write into a folder that is not empty', async () => {
    await expect(createBackup({ config: t.config, database: t.app.deps.database, to: backupDir })).rejects.toThrow(/not empty/);
  });
});
