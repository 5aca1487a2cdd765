import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

/*
 * /readyz against a REAL PostgreSQL that is stopped and started again (issue #39 "Done when":
 * readyz 503 while PostgreSQL is stopped, 200 again when it returns). The test makes its own
 * throwaway cluster with Debian's server binaries (initdb, pg_ctl under /usr/lib/postgresql/<v>/bin,
 * run as the `postgres` user when we are root, since initdb refuses root) on a free port, so the
 * machine's shared PostgreSQL is never touched. Skipped where those binaries are missing, unless
 * REQUIRE_PG_CTL=1 (.ci/run sets it when PostgreSQL answers there).
 */

function serverBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const version = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version ? path.join(root, version, 'bin') : null;
}

const bin = serverBinaries();
const asRoot = process.getuid?.() === 0;
const required = process.env.REQUIRE_PG_CTL === '1';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs a server binary, as `postgres` when we are root; throws with its output on failure. */
function pg(tool: string, args: string[]): void {
  const command = asRoot ? 'runuser' : path.join(bin!, tool);
  const argv = asRoot ? ['-u', 'postgres', '--', path.join(bin!, tool), ...args] : args;
  const result = spawnSync(command, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${result.stderr}${result.stdout}`);
}

describe.skipIf(!bin && !required)('readiness while a real PostgreSQL stops and comes back', () => {
  let dir = '';
  let port = 0;
  let t: TestApp;

  const start = () => pg('pg_ctl', ['-D', path.join(dir, 'data'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stop = () => pg('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'fast', '-w', 'stop']);

  beforeAll(async () => {
    if (!bin) throw new Error('REQUIRE_PG_CTL=1 but no /usr/lib/postgresql/<version>/bin/pg_ctl');
    dir = mkdtempSync(path.join(tmpdir(), 'sd-pgstop-'));
    chmodSync(dir, 0o777);
    if (asRoot) execFileSync('chown', ['postgres', dir]);
    port = await freePort();
    pg('initdb', ['-D', path.join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    start();
    t = await createTestApp('pglite', { database: { kind: 'postgres', url: `postgres://postgres@127.0.0.1:${port}/postgres`, pipelineLanes: 0 } });
  });

  afterAll(async () => {
    await t?.close();
    try {
      if (dir) stop();
    } catch {
      // already stopped
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 naming the database while PostgreSQL is stopped, keeps serving /healthz, and is ready again once it is back', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
    const token = await t.login('admin@servicedesk.az');

    stop();
    const down = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'notReady', checks: { database: { status: 'failing' } } });
    expect(down.body).not.toContain(String(port));
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // A signed-in call meanwhile is an error answer, not a crash of the process.
    const call = await t.as(token, { method: 'GET', url: '/api/helpdesk/reference' });
    expect(call.statusCode).toBeGreaterThanOrEqual(500);

    start();
    // The pool opens new connections on the next calls: ready again, and signed-in work goes on.
    await expect.poll(async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode, { timeout: 30_000 }).toBe(200);
    expect((await t.as(token, { method: 'GET', url: '/api/helpdesk/reference' })).statusCode).toBe(200);
  });
});
