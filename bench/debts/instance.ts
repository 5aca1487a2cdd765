/*
 * One ServiceDesk server for the 1C import benchmark, in its own process (its memory is what is
 * measured): migrated and seeded, plus BENCH_COUNTERPARTIES vendors with the TINs 2000000000 + i
 * that import-1c.ts writes into its file. DATABASE_URL set → that PostgreSQL database (give it a
 * fresh one); unset → an in-memory PGlite. Listens on PORT and prints `READY <port>`. Run by
 * import-1c.ts; not meant to be started by hand.
 *
 * For the bench's memory breakdown it samples process.memoryUsage() every 100 ms (what V8's heap,
 * Buffers and other external memory hold, beside the RSS the bench reads from /proc); SIGUSR2
 * prints the peaks since the previous SIGUSR2 as `MEMORY {json}` (MB) and starts over.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { prepareDatabase } from '../../apps/server/src/db/prepare';
import { modalElements } from '../../apps/server/src/db/schema';
import { applyHeapMode, heapModeFrom } from '../../apps/server/src/process-memory';

// As server.ts does: V8's small heap unless SERVER_HEAP=default.
applyHeapMode(heapModeFrom(process.env));

const counterparties = Number(process.env.BENCH_COUNTERPARTIES ?? 2000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-debtbench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, process.cwd(), {
  ...(process.env.DATABASE_URL ? {} : { database: { kind: 'pglite-memory' as const } }),
  argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
  webDist: dataDir,
  port: Number(process.env.PORT ?? 8107),
  host: '127.0.0.1',
  uploadMaxTotalBytes: 200 * 1024 * 1024,
});
const database = await prepareDatabase(config);
for (let i = 0; i < counterparties; i += 500) {
  const rows = Array.from({ length: Math.min(500, counterparties - i) }, (_, j) => {
    const n = i + j;
    return { kind: 'vendor' as const, name: `Bench Vendor ${n}`, nameKey: `bench vendor ${n}`, tin: String(2_000_000_000 + n) };
  });
  await database.db.insert(modalElements).values(rows).onConflictDoNothing();
}
const app = await buildApp({ config, database, logger: false });
await app.listen({ host: config.host, port: config.port });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const usage = () => {
  const m = process.memoryUsage();
  return { rss: mb(m.rss), heapTotal: mb(m.heapTotal), heapUsed: mb(m.heapUsed), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers) };
};
let peak = usage();
setInterval(() => {
  const now = usage();
  for (const key of Object.keys(peak) as (keyof typeof peak)[]) peak[key] = Math.max(peak[key], now[key]);
}, 100).unref();
process.on('SIGUSR2', () => {
  process.stdout.write(`MEMORY ${JSON.stringify(peak)}\n`);
  peak = usage();
});
process.stdout.write(`IDLE ${JSON.stringify(usage())}\n`);
process.stdout.write(`READY ${config.port}\n`);
