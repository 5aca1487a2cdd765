#!/usr/bin/env node
// Starts the REAL ServiceDesk server (apps/server/src/server.ts through tsx) for the end-to-end
// tests, on a FRESH, empty data directory that is created here and deleted when the server stops.
// The server migrates and seeds that directory on start (PGlite), so every run begins from the
// same demo organisation.
//
// Used by e2e/playwright.config.ts (webServer) and by e2e/scripts/screenshots.ts.
// Environment (all optional):
//   PORT              port to listen on (default 8090, the e2e port of the team brief)
//   E2E_KEEP_DATA=1   keep the data directory after the server stops (its path is printed)
//   WEB_DIST          the built web app (default <repo>/apps/web/dist; build it first). It is
//                     COPIED to a temporary directory at start (source maps left out) and served
//                     from there, so a rebuild during the run cannot pull files from under the
//                     browser (stale chunk names, a missing index.html).
//   LOGIN_RATE_LIMIT  passed through; defaults to 1000 here because the specs sign in often
//   LOG_LEVEL         passed through; defaults to warn (the request log drowns the test output)
// The served copy's path is written to <tmpdir>/sd-e2e-web-<PORT>.path (see webDistPathFile), so
// a spec can play a new deployment by changing a file there (offline.spec.ts: a new ngsw-worker.js).
//   E2E_DATABASE_URL  run on this PostgreSQL database instead of PGlite. DATABASE_URL itself is
//                     NOT passed on: the specs change users' language and phone, so they need a
//                     fresh database every run, which only the fresh PGlite dir guarantees.
// Any other variable (JWT_SECRET, TOKEN_TTL_MINUTES, …) is passed through as is.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const port = process.env.PORT ?? '8090';
const builtWeb = process.env.WEB_DIST ?? join(repo, 'apps/web/dist');
const dataDir = mkdtempSync(join(tmpdir(), 'sd-e2e-data-'));
const webDist = mkdtempSync(join(tmpdir(), 'sd-e2e-web-'));

if (existsSync(join(builtWeb, 'index.html'))) {
  cpSync(builtWeb, webDist, { recursive: true, filter: (src) => !src.endsWith('.map') });
} else {
  console.warn(`[e2e] ${builtWeb}/index.html is missing: run \`npm run build -w @servicedesk/web\` first.`);
}
/** Where the served copy's path is written for the specs (removed at clean-up). */
const webDistPathFile = join(tmpdir(), `sd-e2e-web-${port}.path`);
writeFileSync(webDistPathFile, webDist);
console.log(`[e2e] starting the server on port ${port} with DATA_DIR=${dataDir}, the web app copied to ${webDist}`);

const env = { ...process.env };
delete env.DATABASE_URL;
if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;

const child = spawn(
  process.execPath,
  [join(repo, 'node_modules/tsx/dist/cli.mjs'), join(repo, 'apps/server/src/server.ts')],
  {
    cwd: repo,
    stdio: 'inherit',
    env: {
      ...env,
      PORT: port,
      HOST: process.env.HOST ?? '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOGIN_RATE_LIMIT: process.env.LOGIN_RATE_LIMIT ?? '1000',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
  },
);

let cleaned = false;
/** Removes the temporary directories once (the data dir stays with E2E_KEEP_DATA=1). */
function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  const dirs = process.env.E2E_KEEP_DATA === '1' ? [webDist, webDistPathFile] : [dataDir, webDist, webDistPathFile];
  if (process.env.E2E_KEEP_DATA === '1') console.log(`[e2e] kept ${dataDir}`);
  for (const dir of dirs) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      console.warn(`[e2e] could not remove ${dir}:`, error);
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    // Give the server a moment to close PGlite, then leave in any case.
    setTimeout(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
      cleanUp();
      process.exit(0);
    }, 3000).unref();
  });
}

child.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});
