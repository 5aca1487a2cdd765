import { buildApp } from './app';
import { loadConfig } from './config';
import { prepareDatabase } from './db/prepare';
import { applyHeapMode, collectAfterStart, heapModeFrom } from './process-memory';
import { installProcessGuard } from './process-guard';
import { DEMO_PASSWORD, demoUsers } from './seed/catalog';

/**
 * Starts ServiceDesk: reads the environment, migrates and seeds the database (PGlite in DATA_DIR
 * or PostgreSQL at DATABASE_URL), listens on HOST:PORT and prints the URL and the demo sign-ins.
 * SIGINT/SIGTERM close the server and the database cleanly; an error no code handled is logged and
 * the server keeps running (process-guard.ts). V8 is asked for a small heap unless
 * SERVER_HEAP=default (process-memory.ts).
 */
async function main(): Promise<void> {
  applyHeapMode(heapModeFrom(process.env));
  // npm runs a workspace script with its cwd in the workspace, but sets INIT_CWD to where the
  // command was typed: `npm start` at the repo root keeps ./data at the root.
  const config = loadConfig(process.env, process.env.INIT_CWD || process.cwd());
  const logger = {
    level: config.logLevel,
    ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } } : {}),
  };
  const database = await prepareDatabase(config);
  const app = await buildApp({ config, database, logger });
  // A stray error from one request (an unheard stream 'error') is logged, not the end of the server.
  installProcessGuard(app.log);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    app
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  // Start-up's leftovers (initdb's WebAssembly memory, the seed's garbage) back to the system before any call (issue #44).
  await app.ready();
  collectAfterStart();
  await app.listen({ host: config.host, port: config.port });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const where = config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const width = Math.max(...demoUsers.map((u) => u.email.length));
  console.log(
    [
      '',
      `ServiceDesk is running at http://${shown}:${config.port}  (database: ${where})`,
      '',
      `Demo sign-ins (password for all: ${DEMO_PASSWORD}):`,
      ...demoUsers.map((u) => `  ${u.email.padEnd(width)}  ${u.userType.padEnd(16)} ${u.firstName} ${u.lastName}`),
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error('ServiceDesk failed to start:', error);
  process.exit(1);
});
