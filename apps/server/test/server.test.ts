import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** This run's own bundle (scripts/build.mjs, as `npm start` builds dist/server.mjs), so parallel runs never share one. */
const bundle = path.join(serverRoot, 'dist', `server.test-${process.pid}.mjs`);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the built server with plain node like `npm start` does (its glibc tunable too), with `cwd` as the working directory. */
async function start(cwd: string, port: number): Promise<{ child: ChildProcess; output: () => string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: 'data',
    LOG_LEVEL: 'warn',
    GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=131072',
  };
  delete env.INIT_CWD;
  delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  const child = spawn(process.execPath, [bundle], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  // Wait for the state (the line printed once it listens, or the process ending), never for a time:
  // a fresh start migrates and seeds every module, which a loaded machine makes slow.
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('ServiceDesk is running at')) {
        child.off('exit', onExit);
        resolve();
      }
    };
    const onExit = () => reject(new Error(`server exited early:\n${out}`));
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
  return { child, output: () => out };
}

async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

describe('npm start (src/server.ts bundled by scripts/build.mjs, run by plain node)', () => {
  const cwd = mkdtempSync(path.join(tmpdir(), 'sd-start-'));
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    const { bundleServer } = await import('../scripts/build.mjs');
    await bundleServer(path.join(serverRoot, 'src/server.ts'), bundle);
  });
  afterAll(async () => {
    for (const c of children) await stop(c);
    rmSync(cwd, { recursive: true, force: true });
    rmSync(bundle, { force: true });
  });

  it('starts on a fresh DATA_DIR relative to the cwd, prints the demo sign-ins, stops cleanly and restarts on the same data', async () => {
    const port = await freePort();
    const first = await start(cwd, port);
    children.push(first.child);
    expect(first.output()).toContain(`http://127.0.0.1:${port}`);
    expect(first.output()).toContain('admin@servicedesk.az');
    expect(first.output()).toContain('Demo1234');
    expect(existsSync(path.join(cwd, 'data', 'jwt-secret'))).toBe(true);

    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@servicedesk.az', password: 'Demo1234' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    expect(await stop(first.child)).toBe(0);

    const second = await start(cwd, port);
    children.push(second.child);
    const users = await fetch(`http://127.0.0.1:${port}/api/global/getUsersNameAndId`, { headers: { authorization: `Bearer ${token}` } });
    expect(users.status).toBe(200);
    expect(((await users.json()) as unknown[]).length).toBe(10);
    // A PDF is rendered in a job worker that loads its TypeScript module through tsx (lib/workers):
    // the bundle keeps each module's source URL, so the worker finds it.
    const labels = await fetch(`http://127.0.0.1:${port}/api/stock/inventories/labels`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [1] }),
    });
    expect(labels.status).toBe(200);
    expect(labels.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await labels.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await stop(second.child)).toBe(0);
    // Two starts of the real server, the first on an empty DATA_DIR: it migrates and seeds every
    // module's demo data (minutes on 2 loaded cores); the wait above is for the printed line.
  }, 900_000);
});
