import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

/** The repository's root (e2e/test/support → ../../..). */
export const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
/** Server start on a busy machine (migrate + seed the first time). */
export const SERVER_START_MS = 120_000;

/**
 * `count` distinct TCP ports free on 127.0.0.1 right now (the OS picks them; all are held open
 * until each is known, so two calls in a row can never hand out the same port twice).
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolveServer, reject) => {
          const srv = createServer();
          srv.on('error', reject);
          srv.listen(0, '127.0.0.1', () => resolveServer(srv));
        }),
    ),
  );
  const ports = servers.map((srv) => {
    const address = srv.address();
    return typeof address === 'object' && address ? address.port : 0;
  });
  await Promise.all(servers.map((srv) => new Promise((done) => srv.close(done))));
  return ports;
}

/** One TCP port free on 127.0.0.1 right now (see {@link freePorts}). */
export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!;
}

/**
 * A spec's own ServiceDesk server (apps/server/src/server.ts through tsx) on `port`, with its own
 * data directory and its own copy of the built web app, for specs that stop and start servers
 * (realtime: a restart; cluster: two instances, one stopped mid-use). The shared Playwright server
 * (E2E_PORT) is never touched.
 *
 * The environment is the spec's with DATABASE_URL and REDIS_URL removed (a fresh PGlite data
 * directory by default), then `env` on top (the cluster passes its PostgreSQL database, Redis,
 * JWT_SECRET and FILE_STORE there).
 */
export class OwnServer {
  private child: ChildProcess | null = null;
  readonly dataDir = mkdtempSync(join(tmpdir(), 'sd-e2e-own-data-'));
  readonly webDist = mkdtempSync(join(tmpdir(), 'sd-e2e-own-web-'));

  constructor(
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv = {},
  ) {}

  /**
   * Copies apps/web/dist (WEB_DIST if set) to the server's own directory, so a rebuild during the
   * run cannot pull files away. Another session may be rebuilding it right now (vite empties the
   * directory first): the copy is taken again until it is whole — an index.html whose every
   * /assets/ file was copied too.
   */
  async copyWeb(): Promise<void> {
    const built = process.env.WEB_DIST ?? join(repo, 'apps/web/dist');
    await expect(async () => {
      rmSync(this.webDist, { recursive: true, force: true });
      cpSync(built, this.webDist, { recursive: true, filter: (src) => !src.endsWith('.map') });
      const index = readFileSync(join(this.webDist, 'index.html'), 'utf8');
      const assets = [...index.matchAll(/"\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
      expect(assets.length, 'index.html names its assets').toBeGreaterThan(0);
      for (const asset of assets) expect(existsSync(join(this.webDist, asset)), asset).toBe(true);
    }, `a whole web build in ${built} (run \`npm run build -w @servicedesk/web\`)`).toPass({ timeout: 60_000 });
  }

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Whether the process is running (started and not exited). */
  get running(): boolean {
    return this.child !== null && this.child.exitCode === null;
  }

  /** Starts the server and resolves once it answers `readyPath` with 200. */
  async start(readyPath = '/api/auth/systemHasLdap'): Promise<void> {
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    this.child = spawn(process.execPath, [join(repo, 'node_modules/tsx/dist/cli.mjs'), join(repo, 'apps/server/src/server.ts')], {
      cwd: repo,
      stdio: ['ignore', 'ignore', 'inherit'], // errors only (the banner repeats on every start)
      env: {
        ...env,
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        WEB_DIST: this.webDist,
        LOGIN_RATE_LIMIT: '1000',
        LOG_LEVEL: 'warn',
        ...this.env,
        PORT: String(this.port),
      },
    });
    const child = this.child;
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`the server on :${this.port} exited with ${child.exitCode}`);
          try {
            return (await fetch(`${this.baseURL}${readyPath}`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: SERVER_START_MS, message: `the own server on :${this.port} answers` },
      )
      .toBe(200);
  }

  /** SIGTERM (graceful: the hub sends Close with allowReconnect) and waits for the exit. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }

  async dispose(): Promise<void> {
    await this.stop();
    for (const dir of [this.dataDir, this.webDist]) rmSync(dir, { recursive: true, force: true });
  }
}

/** A server started by {@link startScriptServer}: SIGTERM it (and wait for its exit) with `stop`. */
export interface ScriptServer {
  stop(): Promise<void>;
}

/**
 * The e2e server of scripts/start-server.mjs (a fresh data directory and a copy of the web build,
 * both removed when it stops) on `port`, with `env` on top of the spec's environment — for specs
 * that need the server configured their way (LDAP_URL at a throwaway slapd, SMTP_HOST at a
 * throwaway Postfix). Resolves once it answers; throws if it exits first.
 */
export async function startScriptServer(port: number, env: NodeJS.ProcessEnv): Promise<ScriptServer> {
  const child = spawn(process.execPath, [join(repo, 'e2e/scripts/start-server.mjs')], {
    stdio: 'inherit',
    env: { ...process.env, ...env, PORT: String(port) },
  });
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error('the e2e server stopped');
        try {
          return (await fetch(`http://localhost:${port}/api/auth/systemHasLdap`)).status;
        } catch {
          return 0; // not listening yet (the server migrates and seeds a fresh database first)
        }
      },
      { timeout: SERVER_START_MS, message: `the e2e server on :${port} answers` },
    )
    .toBe(200);
  return {
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

