/*
 * One ServiceDesk server for the stock benchmark, in its own process: migrated and seeded, then
 * filled with BENCH_MATERIALS materials and about BENCH_LINES operation lines over two years
 * (stock.generator.ts). DATABASE_URL set → that PostgreSQL database (give it a fresh one); unset →
 * an in-memory PGlite; BENCH_REUSE=1 serves a database filled before as it is. Prints `READY <port> <seconds> <json of what was generated>`; SIGTERM closes it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { prepareDatabase } from '../../apps/server/src/db/prepare';
import {
  countGeneratedStock,
  generateStock,
} from '../../apps/server/src/modules/stock/stock.generator';
import { applyHeapMode, heapModeFrom } from '../../apps/server/src/process-memory';

// As server.ts does: V8's small heap unless SERVER_HEAP=default.
applyHeapMode(heapModeFrom(process.env));

const materials = Number(process.env.BENCH_MATERIALS ?? 100_000);
const lines = Number(process.env.BENCH_LINES ?? 1_000_000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-stockbench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, process.cwd(), {
  ...(process.env.DATABASE_URL ? {} : { database: { kind: 'pglite-memory' as const } }),
  argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
  webDist: dataDir,
  port: Number(process.env.PORT ?? 8107),
  host: '127.0.0.1',
});
const database = await prepareDatabase(config);
const started = Date.now();
const existing = process.env.BENCH_REUSE ? await countGeneratedStock(database.db) : undefined;
const generated = existing?.materials
  ? existing
  : await generateStock(database.db, { materials, lines });
const seconds = (Date.now() - started) / 1000;
const app = await buildApp({ config, database, logger: false });
await app.listen({ host: config.host, port: config.port });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.stdout.write(`READY ${config.port} ${seconds.toFixed(1)} ${JSON.stringify(generated)}\n`);
