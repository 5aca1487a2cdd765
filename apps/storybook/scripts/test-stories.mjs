#!/usr/bin/env node
/**
 * `npm test -w @servicedesk/storybook`: builds the static Storybook, serves it on a free port,
 * runs the Storybook test-runner (every story's play function + axe in light and dark) in the
 * Debian Chromium, stops the server and exits with the runner's code.
 *
 * Env: CHROMIUM_PATH (default /usr/bin/chromium), SKIP_BUILD=1 to reuse storybook-static,
 * STORYBOOK_PORT to pick the port (default: a free one).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const bin = (pkg, rel) => join(dirname(require.resolve(`${pkg}/package.json`)), rel);

function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null)
      throw new Error(`http-server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

const started = Date.now();
if (process.env.SKIP_BUILD !== '1') {
  const code = await run(
    process.execPath,
    [bin('storybook', 'dist/bin/dispatcher.js'), 'build', '-o', 'storybook-static', '--quiet'],
    {
      env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
    },
  );
  if (code !== 0) process.exit(code);
  console.log(`storybook build: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const port = Number(process.env.STORYBOOK_PORT ?? (await freePort()));
const url = `http://127.0.0.1:${port}`;
// The real node process (not an npx wrapper), so killing its pid stops the server.
const server = spawn(
  process.execPath,
  [
    bin('http-server', 'bin/http-server'),
    'storybook-static',
    '-p',
    String(port),
    '-a',
    '127.0.0.1',
    '-s',
    '-c-1',
  ],
  {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
const stop = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
};
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});
process.on('SIGTERM', () => {
  stop();
  process.exit(143);
});

let code = 1;
try {
  await waitFor(`${url}/index.json`, server);
  const runnerStart = Date.now();
  code = await run(
    process.execPath,
    [
      bin('@storybook/test-runner', 'dist/test-storybook.js'),
      '--url',
      url,
      '--index-json',
      '--config-dir',
      '.storybook',
      '--maxWorkers=2',
      ...process.argv.slice(2),
    ],
    { env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', TEST_BROWSERS: 'chromium' } },
  );
  console.log(`test-runner: ${((Date.now() - runnerStart) / 1000).toFixed(1)} s, exit ${code}`);
} catch (error) {
  console.error(error);
} finally {
  stop();
}
process.exit(code);
