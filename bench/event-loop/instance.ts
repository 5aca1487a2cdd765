/*
 * One ServiceDesk server for the event-loop bench (lag.ts), in its own process: migrated and
 * seeded; DATABASE_URL set → that PostgreSQL database (give it a fresh one), unset → an in-memory
 * PGlite. Listens on PORT and prints `READY <port>`. It watches its own event loop
 * (perf_hooks.monitorEventLoopDelay, 10 ms resolution): SIGUSR2 prints what it saw since the
 * previous SIGUSR2 as `LAG {"max":…,"p99":…,"mean":…}` (ms) and starts over. Run by lag.ts; not
 * meant to be started by hand.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { prepareDatabase } from '../../apps/server/src/db/prepare';
import { applyHeapMode, heapModeFrom } from '../../apps/server/src/process-memory';

// As server.ts does: V8's small heap unless SERVER_HEAP=default.
applyHeapMode(heapModeFrom(process.env));

const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-lagbench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, process.cwd(), {
  ...(process.env.DATABASE_URL ? {} : { database: { kind: 'pglite-memory' as const } }),
  argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
  webDist: dataDir,
  port: Number(process.env.PORT ?? 8193),
  host: '127.0.0.1',
});
const database = await prepareDatabase(config);
const app = await buildApp({ config, database, logger: false });
await app.listen({ host: config.host, port: config.port });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
let lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();
process.on('SIGUSR2', () => {
  const seen = lag;
  lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  seen.disable();
  process.stdout.write(`LAG ${JSON.stringify({ max: ms(seen.max), p99: ms(seen.percentile(99)), mean: ms(seen.mean) })}\n`);
});
process.stdout.write(`READY ${config.port}\n`);
