import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { AppConfig } from '../config';
import { openDatabase, restorePgliteDataDir, type Database, type Db } from '../db/client';
import { isStorageKey } from '../lib/storage';

/*
 * Backup and restore of one install: the database (PGlite: its data dir as PGlite's own dump;
 * PostgreSQL: pg_dump's custom format) and the uploaded files (DATA_DIR/files, content-addressed),
 * with a manifest of hashes and counts. A backup folder:
 *
 *   manifest.json              what is in it (BackupManifest)
 *   database.tar | database.pgdump
 *   files/ab/cd/<sha256>       every stored blob, verified against its name while copied
 */

/** The manifest a backup folder holds (manifest.json). */
export interface BackupManifest {
  format: 'servicedesk-backup';
  version: 1;
  /** ISO 8601, UTC: when the database snapshot was taken. */
  createdAt: string;
  database: {
    kind: 'pglite' | 'postgres';
    /** File name inside the backup folder. */
    file: string;
    /** sha256 hex of that file. */
    sha256: string;
    bytes: number;
    /** Rows per table of the public schema (and the applied migrations) in the snapshot. */
    counts: Record<string, number>;
  };
  files: {
    count: number;
    /** Bytes of all blobs. */
    bytes: number;
    /** Every blob: its key (= sha256 hex of its bytes) and size in bytes. */
    blobs: { key: string; bytes: number }[];
  };
}

/** What a caller of the commands is told (the CLI prints it). */
export type Say = (line: string) => void;

const MANIFEST = 'manifest.json';
/** The applied-migrations table, counted like a table of the schema (key in `counts`). */
const MIGRATIONS_KEY = 'drizzle.__drizzle_migrations';

/** Runs a query and answers its rows. */
type Query = <T>(text: string) => Promise<T[]>;
const drizzleQuery = (db: Db): Query => async <T>(text: string) => ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const clientQuery = (client: pg.ClientBase): Query => async <T>(text: string) => (await client.query(text)).rows as T[];

/** Rows per table of the public schema plus the applied migrations (key {@link MIGRATIONS_KEY}). */
export async function tableCounts(query: Query): Promise<Record<string, number>> {
  const tables = await query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await query<{ n: number }>(`select count(*)::int as n from public."${name.replace(/"/g, '""')}"`);
    counts[name] = row!.n;
  }
  const [migrations] = await query<{ n: number }>(
    `select count(*)::int as n from information_schema.tables where table_schema = 'drizzle' and table_name = '__drizzle_migrations'`,
  );
  if (migrations!.n > 0) counts[MIGRATIONS_KEY] = (await query<{ n: number }>(`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]!.n;
  return counts;
}

/** Rows per table (see {@link tableCounts}) of an open database. */
export const databaseCounts = (db: Db) => tableCounts(drizzleQuery(db));

/** sha256 hex and size of a file, streamed. */
async function hashFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Where blob `key` lives under a files root (the layout of lib/storage.ts). */
const blobPath = (root: string, key: string) => path.join(root, key.slice(0, 2), key.slice(2, 4), key);

/** Every blob key under a files root (temp uploads and anything not named as a key are left out). */
async function listBlobs(root: string): Promise<string[]> {
  const keys: string[] = [];
  const level = async (dir: string): Promise<string[]> => (await readdir(dir, { withFileTypes: true }).catch(() => [])).filter((e) => e.isDirectory() && /^[0-9a-f]{2}$/.test(e.name)).map((e) => e.name);
  for (const a of await level(root)) {
    for (const b of await level(path.join(root, a))) {
      for (const entry of await readdir(path.join(root, a, b), { withFileTypes: true })) {
        if (entry.isFile() && isStorageKey(entry.name) && entry.name.startsWith(a + b)) keys.push(entry.name);
      }
    }
  }
  return keys.sort();
}

/**
 * Copies blob `key` from one files root to another through a temp file and a rename, hashing it
 * on the way: rejects when the bytes do not hash to their key (a damaged blob is never passed on).
 * Answers its size in bytes.
 */
async function copyBlob(fromRoot: string, toRoot: string, key: string): Promise<number> {
  const target = blobPath(toRoot, key);
  await mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.part`;
  const hash = createHash('sha256');
  let bytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(createReadStream(blobPath(fromRoot, key)), meter, createWriteStream(temp));
    const digest = hash.digest('hex');
    if (digest !== key) throw new Error(`file ${key} is damaged: its bytes hash to ${digest}`);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return bytes;
}

/** Whether a folder is missing or holds nothing. */
async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Runs a PostgreSQL client tool; rejects with its stderr when it fails. */
function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/** Throws a clear error when a PostgreSQL client tool is not on PATH. */
function requireTool(command: string): void {
  const probe = spawnSync(command, ['--version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) {
    throw new Error(`${command} is not on PATH: install PostgreSQL's client tools (Debian: apt-get install postgresql-client), of the server's major version or newer`);
  }
}

export interface CreateBackupOptions {
  config: AppConfig;
  /**
   * The open database. PGlite: the snapshot is its dump through this handle — the process that
   * owns the data dir must take it (the server, or the CLI while the server is stopped).
   * PostgreSQL: pg_dump reads DATABASE_URL itself; this handle is not used.
   */
  database: Database;
  /** The backup folder: missing or empty. */
  to: string;
  say?: Say;
}

/**
 * Writes a backup of the install into `to` (see the layout above). The database first: PGlite's
 * `dumpDataDir()` (a consistent tarball of its data dir, counted after loading it into memory),
 * or `pg_dump -Fc` on a snapshot exported
 * from a repeatable-read transaction in which the row counts are taken — the counts are exactly
 * those of the dump while clients keep writing. Then every blob of DATA_DIR/files, verified by
 * hash. Blobs are never changed in place, so copying them after the snapshot is safe: a blob the
 * snapshot names was there when it was taken, and only the purge job deletes a blob, one no live
 * row names. Rejects when `to` is not empty, pg_dump is missing, or a blob is damaged.
 */
export async function createBackup({ config, database, to, say = () => undefined }: CreateBackupOptions): Promise<BackupManifest> {
  if (!(await isEmptyDir(to))) throw new Error(`${to} is not empty: back up into a new folder`);
  await mkdir(to, { recursive: true });
  let kind: BackupManifest['database']['kind'];
  let file: string;
  let counts: Record<string, number>;
  const createdAt = new Date().toISOString();
  if (config.database.kind === 'postgres') {
    requireTool('pg_dump');
    kind = 'postgres';
    file = 'database.pgdump';
    const client = new pg.Client({ connectionString: config.database.url });
    await client.connect();
    try {
      await client.query('begin isolation level repeatable read, read only');
      const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
      counts = await tableCounts(clientQuery(client));
      say(`database: pg_dump of snapshot ${snapshot}`);
      await runTool('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${path.join(to, file)}`, `--dbname=${config.database.url}`]);
      await client.query('commit');
    } finally {
      await client.end();
    }
  } else {
    if (!database.dump) throw new Error('this database cannot be dumped');
    kind = 'pglite';
    file = 'database.tar';
    const tarball = await database.dump();
    await writeFile(path.join(to, file), Buffer.from(await tarball.arrayBuffer()));
    // Counted in the dump itself, loaded into memory: the server may have written between a count
    // and the dump — and a dump that does not load fails here, not on the day of a restore.
    const loaded = await openDatabase({ kind: 'pglite-memory', snapshot: tarball });
    try {
      counts = await databaseCounts(loaded.db);
    } finally {
      await loaded.close();
    }
    say('database: PGlite dump');
  }
  const dumped = await hashFile(path.join(to, file));

  const filesRoot = path.join(config.dataDir, 'files');
  const blobs: BackupManifest['files']['blobs'] = [];
  for (const key of await listBlobs(filesRoot)) {
    blobs.push({ key, bytes: await copyBlob(filesRoot, path.join(to, 'files'), key) });
  }
  const manifest: BackupManifest = {
    format: 'servicedesk-backup',
    version: 1,
    createdAt,
    database: { kind, file, sha256: dumped.sha256, bytes: dumped.bytes, counts },
    files: { count: blobs.length, bytes: blobs.reduce((sum, b) => sum + b.bytes, 0), blobs },
  };
  // Written last: a folder with a manifest is a complete backup.
  await writeFile(path.join(to, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  say(`files: ${manifest.files.count} (${manifest.files.bytes} bytes)`);
  return manifest;
}

/** Reads and checks a backup folder's manifest and its database file's hash. */
export async function readBackup(from: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(from, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new Error(`${from} holds no readable ${MANIFEST}: not a (complete) backup`);
  }
  if (manifest.format !== 'servicedesk-backup' || manifest.version !== 1) throw new Error(`${from}: unknown backup format`);
  const dumped = await hashFile(path.join(from, manifest.database.file));
  if (dumped.sha256 !== manifest.database.sha256) throw new Error(`${manifest.database.file} does not match the manifest's hash: the backup is damaged`);
  return manifest;
}

/** Whether a PostgreSQL database holds any table of ours (public schema or the migrations table). */
async function postgresHasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`);
    return rows[0]!.n > 0;
  } finally {
    await client.end();
  }
}

export interface RestoreOptions {
  config: AppConfig;
  from: string;
  /** Overwrite a database that is not empty (PGlite: its data dir is removed first; PostgreSQL: pg_restore --clean). */
  force?: boolean;
  say?: Say;
}

/**
 * Restores a backup into the configured install (the server must be stopped): checks the
 * manifest and the dump's hash, refuses a database that is not empty unless `force`, restores the
 * database (PGlite: a new data dir from the dump; PostgreSQL: `pg_restore`), copies every blob
 * into DATA_DIR/files verified by hash, then opens the database and compares every table's row
 * count with the manifest. Rejects on any mismatch. The backup's kind must match the
 * configuration's (PGlite into PGlite, PostgreSQL into PostgreSQL).
 */
export async function restoreBackup({ config, from, force = false, say = () => undefined }: RestoreOptions): Promise<BackupManifest> {
  const manifest = await readBackup(from);
  const dumpFile = path.join(from, manifest.database.file);
  const target = config.database;
  if (target.kind === 'postgres') {
    if (manifest.database.kind !== 'postgres') throw new Error('this backup is of a PGlite install: restore it without DATABASE_URL');
    requireTool('pg_restore');
    const hasTables = await postgresHasTables(target.url);
    if (hasTables && !force) throw new Error('the database is not empty: pass --force to overwrite it');
    await runTool('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      '--single-transaction',
      ...(hasTables ? ['--clean', '--if-exists'] : []),
      `--dbname=${target.url}`,
      dumpFile,
    ]);
  } else if (target.kind === 'pglite') {
    if (manifest.database.kind !== 'pglite') throw new Error('this backup is of a PostgreSQL install: restore it with DATABASE_URL set');
    if (!(await isEmptyDir(target.dataDir))) {
      if (!force) throw new Error(`the database (${target.dataDir}) is not empty: pass --force to overwrite it`);
      await rm(target.dataDir, { recursive: true, force: true });
    }
    await restorePgliteDataDir(target.dataDir, new Blob([await readFile(dumpFile)]));
  } else {
    throw new Error('restore needs a database on disk (PGlite in DATA_DIR or DATABASE_URL)');
  }
  say(`database: restored from ${manifest.database.file}`);

  const filesRoot = path.join(config.dataDir, 'files');
  for (const { key, bytes } of manifest.files.blobs) {
    if (!isStorageKey(key)) throw new Error(`the manifest names a file that is not a storage key: ${JSON.stringify(key)}`);
    const existing = await stat(blobPath(filesRoot, key)).catch(() => null);
    if (existing?.size === bytes && (await hashFile(blobPath(filesRoot, key))).sha256 === key) continue;
    await copyBlob(path.join(from, 'files'), filesRoot, key);
  }
  say(`files: ${manifest.files.count} restored (${manifest.files.bytes} bytes)`);

  const database = await openDatabase(target);
  try {
    const counts = await databaseCounts(database.db);
    const differing = Object.keys({ ...manifest.database.counts, ...counts }).filter((t) => manifest.database.counts[t] !== counts[t]);
    if (differing.length > 0) throw new Error(`restored row counts differ from the manifest in: ${differing.join(', ')}`);
  } finally {
    await database.close();
  }
  say('verified: every table has the manifest’s row count');
  return manifest;
}
