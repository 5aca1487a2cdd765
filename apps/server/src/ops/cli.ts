import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createPostgresBlobStore, moveBlobs } from '../lib/pg-blob-store';
import { createBlobStore } from '../lib/storage';
import { createBackup, restoreBackup } from './backup';

const usage = `Usage:
  npm run backup -- --to DIR              back up the database and the uploaded files into DIR (new or empty)
  npm run restore -- --from DIR [--force] restore a backup; --force overwrites a database that is not empty
  npm run files:move -- --to postgres|folder  copy the uploaded files from the other store into this one (resumable, verified by hash)

Configured like the server (DATA_DIR, DATABASE_URL). PGlite: stop the server first (its data dir
belongs to one process). PostgreSQL: back up while it runs (pg_dump); restore with it stopped.`;

/**
 * `servicedesk backup|restore` (ops/backup.ts): reads the server's configuration from the
 * environment, resolves DIR against the directory the command was typed in (npm's INIT_CWD),
 * prints what it did; exit code 0 on success, 1 on failure (message on stderr), 2 on bad usage.
 */
async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: { to: { type: 'string' }, from: { type: 'string' }, force: { type: 'boolean', default: false } },
    allowPositionals: false,
    strict: true,
  });
  const cwd = process.env.INIT_CWD || process.cwd();
  const config = loadConfig(process.env, cwd);
  const say = (line: string) => console.log(line);
  if (command === 'backup' && values.to) {
    const to = path.resolve(cwd, values.to);
    const database = await openDatabase(config.database);
    try {
      const manifest = await createBackup({ config, database, to, say });
      const rows = Object.values(manifest.database.counts).reduce((a, b) => a + b, 0);
      say(`backup written to ${to}: ${rows} rows in ${Object.keys(manifest.database.counts).length} tables, ${manifest.files.count} files`);
    } finally {
      await database.close();
    }
    return 0;
  }
  if (command === 'restore' && values.from) {
    const from = path.resolve(cwd, values.from);
    await restoreBackup({ config, from, force: values.force, say });
    say(`restored from ${from}`);
    return 0;
  }
  if (command === 'move-files' && (values.to === 'postgres' || values.to === 'folder')) {
    if (config.database.kind !== 'postgres') throw new Error('the PostgreSQL file store needs DATABASE_URL');
    const database = await openDatabase(config.database);
    try {
      const folder = createBlobStore(path.join(config.dataDir, 'files'));
      const postgres = createPostgresBlobStore(database.db, { tempRoot: path.join(config.dataDir, 'files') });
      const [from, to] = values.to === 'postgres' ? [folder, postgres] : [postgres, folder];
      const result = await moveBlobs(from, to, say);
      say(`files ${from.kind} → ${to.kind}: ${result.copied} copied, ${result.skipped} there already, ${result.damaged.length} damaged (not copied)`);
      if (result.damaged.length === 0) say(`set FILE_STORE=${values.to} and restart the server; the ${from.kind} copies stay until you remove them`);
      return result.damaged.length === 0 ? 0 : 1;
    } finally {
      await database.close();
    }
  }
  console.error(usage);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
