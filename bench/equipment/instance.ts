/*
 * One ServiceDesk server for the equipment benchmark, in its own process: migrated and seeded,
 * then filled with BENCH_REQUESTS equipment requests and their approval steps
 * (equipment.generator.ts). DATABASE_URL set → that PostgreSQL database (give it a fresh one);
 * unset → an in-memory PGlite. Prints `READY <port> <requests> <seconds> <steps>`; SIGTERM closes it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { prepareDatabase } from '../../apps/server/src/db/prepare';
import { generateEquipmentRequests } from '../../apps/server/src/modules/equipment/equipment.generator';

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
const generated = await generateEquipmentRequests(database.db, count);
const seconds = (Date.now() - started) / 1000;
const app = await buildApp({ config, database, logger: false });
await app.listen({ host: config.host, port: config.port });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.stdout.write(`READY ${config.port} ${count} ${seconds.toFixed(1)} ${generated.steps}\n`);
