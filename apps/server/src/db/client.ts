import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { DEFAULT_PIPELINE_LANES, type DatabaseConfig } from '../config';
import * as schema from './schema';
import { PipelinedPool, SerialClient } from './pipelined-pool';

/** PGlite's extensions the migrations create: pg_trgm for the help-desk text search (migration 0011). */
const extensions = { pg_trgm };

/**
 * PGlite's shared buffers (postgresql.conf `shared_buffers`; PostgreSQL's default is 128MB).
 * Issue #19 "Server memory": PGlite keeps them inside its WebAssembly memory, which never
 * shrinks, so 128MB of buffers cost ~150 MB resident from the first big query on; the data files
 * stay in the operating system's file cache anyway. Figures in apps/server/README.md "Memory".
 */
export const PGLITE_SHARED_BUFFERS = '32MB';
/** Options every PGlite instance is opened with: the extensions and a small buffer pool. */
const pgliteOptions = { extensions, postgresqlconf: [`shared_buffers = ${PGLITE_SHARED_BUFFERS}`] };

export type Schema = typeof schema;
/** The Drizzle database, the same API whether PGlite or PostgreSQL is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** An open database with its migrator and a clean close. */
export interface Database {
  db: Db;
  kind: DatabaseConfig['kind'];
  /** Applies the committed migrations (src/db/migrations) that have not run yet. */
  migrate(): Promise<void>;
  /** PostgreSQL only: the pool's connections now — open, idle, and callers waiting for one. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PGlite only: the whole data dir as a tarball (loadable through `snapshot`). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Creates a PGlite data dir at `dataDir` (missing or empty) from a dump (`Database.dump`, PGlite's
 * dumpDataDir tarball) and closes it again — the restore of a PGlite backup (ops/backup.ts).
 */
export async function restorePgliteDataDir(dataDir: string, dump: Blob): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, { loadDataDir: dump, ...pgliteOptions });
  await client.waitReady;
  await client.close();
}

/** Opens the database named by the config: PGlite on disk or in memory, or PostgreSQL. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') {
    // Reads pipelined on connections of their own (pipelined-pool.ts), unless 0 lanes.
    const lanes = config.pipelineLanes ?? DEFAULT_PIPELINE_LANES;
    // JIT off on the app's connections (issue #44): a grid page's estimated cost passes
    // jit_above_cost by its per-row subqueries alone, and PostgreSQL then spent ~1 s compiling a
    // statement that runs in 2 ms (bench/lists RESULTS: the warehouses grid). A DATABASE_URL that
    // sets `options` itself keeps its own (node-postgres lets the URL's win).
    const connection = { connectionString: config.url, options: '-c jit=off', max: 10 };
    const pool = lanes > 0 ? new PipelinedPool({ ...connection, lanes }) : new pg.Pool({ ...connection, Client: SerialClient });
    // An idle client whose connection the server ends (restart, failover, a dropped test
    // database) emits 'error' on the pool; unheard, that would crash the process. The pool
    // replaces the client, and the next query reports any lasting problem to its caller.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL: an idle connection was closed (${error.message})`);
    });
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: config.kind,
      async migrate() {
        // Several instances may start at once: one migrates, the others wait on the lock.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(727274)');
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
          client.release();
        }
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (config.kind === 'pglite') {
    mkdirSync(config.dataDir, { recursive: true });
    client = new PGlite(config.dataDir, pgliteOptions);
  } else {
    client = config.snapshot ? new PGlite({ loadDataDir: config.snapshot, ...pgliteOptions }) : new PGlite(pgliteOptions);
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: config.kind,
    migrate: () => migratePglite(db, { migrationsFolder }),
    dump: async () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
