/*
 * One ServiceDesk server for the list benchmark, in its own process (so the clients' CPU is not
 * server time): migrated and seeded, then filled with BENCH_REQUESTS help-desk requests
 * (helpdesk.generator.ts). DATABASE_URL set → that PostgreSQL database (emptied of earlier bench
 * rows first is NOT done: give it a fresh database); unset → an in-memory PGlite. Listens on
 * PORT (default 8105) and prints `READY <port> <requests> <seconds to generate>`; SIGTERM closes
 * it. Run by list.ts; not meant to be started by hand.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { prepareDatabase } from '../../apps/server/src/db/prepare';
import { generateRequests } from '../../apps/server/src/modules/helpdesk/helpdesk.generator';
import { applyHeapMode, heapModeFrom } from '../../apps/server/src/process-memory';

// As server.ts does: V8's small heap unless SERVER_HEAP=default.
applyHeapMode(heapModeFrom(process.env));

const count = Number(process.env.BENCH_REQUESTS ?? 100_000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-hdbench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, process.cwd(), {
  ...(process.env.DATABASE_URL ? {} : { database: { kind: 'pglite-memory' as const } }),
  argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
  webDist: dataDir,
  port: Number(process.env.PORT ?? 8105),
  host: '127.0.0.1',
});
const database = await prepareDatabase(config);
const started = Date.now();
await generateRequests(database.db, count);
const seconds = (Date.now() - started) / 1000;
const app = await buildApp({ config, database, logger: false });
await app.listen({ host: config.host, port: config.port });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.stdout.write(`READY ${config.port} ${count} ${seconds.toFixed(1)}\n`);
