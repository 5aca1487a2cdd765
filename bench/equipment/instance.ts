/*
 * One ServiceDesk server for the equipment benchmark, in its own process: migrated and seeded,
 * then filled with BENCH_REQUESTS equipment requests and their approval steps
 * (equipment.generator.ts). DATABASE_URL set → that PostgreSQL database (give it a fresh one);
 * unset → an in-memory PGlite. BENCH_REUSE=1: a database that already holds that many requests is
 * used as it is (no generation; `<seconds>` 0). Prints `READY <port> <requests> <seconds> <steps>`;
 * SIGTERM closes it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { prepareDatabase } from '../../apps/server/src/db/prepare';
import { generateEquipmentRequests } from '../../apps/server/src/modules/equipment/equipment.generator';
import { executedRows } from '../../apps/server/src/lib/lists/list-page';
import { applyHeapMode, heapModeFrom } from '../../apps/server/src/process-memory';

// As server.ts does: V8's small heap unless SERVER_HEAP=default.
applyHeapMode(heapModeFrom(process.env));

const count = Number(process.env.BENCH_REQUESTS ?? 100_000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-eqbench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, process.cwd(), {
  ...(process.env.DATABASE_URL ? {} : { database: { kind: 'pglite-memory' as const } }),
  argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
  webDist: dataDir,
  port: Number(process.env.PORT ?? 8106),
  host: '127.0.0.1',
});
const database = await prepareDatabase(config);
const started = Date.now();
const countOf = async (table: 'equipment_requests' | 'approval_steps') =>
  Number(executedRows<{ n: string | number }>(await database.db.execute(sql.raw(`select count(*) as n from ${table}`)))[0]!.n);
const reuse = process.env.BENCH_REUSE === '1' && (await countOf('equipment_requests')) >= count;
const steps = reuse ? await countOf('approval_steps') : (await generateEquipmentRequests(database.db, count)).steps;
const seconds = reuse ? 0 : (Date.now() - started) / 1000;
const app = await buildApp({ config, database, logger: false });
await app.listen({ host: config.host, port: config.port });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.stdout.write(`READY ${config.port} ${count} ${seconds.toFixed(1)} ${steps}\n`);
