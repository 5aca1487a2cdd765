import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { scheduleJob } from '../lib/jobs';
import { createBackup, type BackupManifest } from './backup';

/** A scheduled backup's folder name: its UTC start, `2026-12-01T02-30-00Z` (sortable, no colons). */
const folderName = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');
const folderPattern = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/;

/**
 * Keeps the newest `keep` complete backups (folders named by {@link folderName} that hold a
 * manifest) in `root`, removing older ones and any incomplete folder older than the newest
 * complete one (a run cut off by a crash). Other entries of `root` are never touched. Answers the
 * names removed.
 */
export async function pruneBackups(root: string, keep: number): Promise<string[]> {
  const names = (await readdir(root)).filter((n) => folderPattern.test(n)).sort();
  const complete: string[] = [];
  for (const name of names) {
    if (await stat(path.join(root, name, 'manifest.json')).then(() => true, () => false)) complete.push(name);
  }
  const kept = new Set(complete.slice(-keep));
  const newest = complete.at(-1);
  const removed = names.filter((n) => !kept.has(n) && (complete.includes(n) || (newest !== undefined && n < newest)));
  for (const name of removed) await rm(path.join(root, name), { recursive: true, force: true });
  return removed;
}

/**
 * One scheduled backup: a new folder in BACKUP_DIR (ops/backup.ts createBackup through the
 * server's own database handle — so a PGlite install is dumped while it serves), then
 * {@link pruneBackups}. Answers the manifest and the folder.
 */
export async function runScheduledBackup(app: FastifyInstance, now = new Date()): Promise<{ folder: string; manifest: BackupManifest; removed: string[] }> {
  const { config, database } = app.deps;
  if (!config.backupDir) throw new Error('BACKUP_DIR is not set');
  const folder = path.join(config.backupDir, folderName(now));
  const manifest = await createBackup({ config, database, to: folder });
  const removed = await pruneBackups(config.backupDir, config.backupKeep);
  app.log.info({ folder, files: manifest.files.count, removed }, 'backup written');
  return { folder, manifest, removed };
}

/**
 * With BACKUP_DIR set, backs the install up every BACKUP_EVERY_HOURS (the first a minute after
 * start) and keeps BACKUP_KEEP backups; a failure is logged and counted in the job metrics, and
 * the older backups stay. Set BACKUP_DIR on one instance only when several share a database.
 */
export function registerBackupJob(app: FastifyInstance): void {
  const { backupDir, backupEveryHours } = app.deps.config;
  if (!backupDir) return;
  scheduleJob(app, 'backup', () => runScheduledBackup(app), backupEveryHours * 60 * 60 * 1000);
}
