#!/usr/bin/env node
// `npm test`: every layer of the suite, in three lanes, one lane after another. A layer is one
// turbo task (lint, typecheck, a workspace's test); the lanes say which layers may share the
// machine (2 cores in CI):
// 1. lint and typecheck of every workspace — turbo runs them side by side (they only read);
// 2. the layers that run in Node alone (vitest and node:test: contracts, i18n, api, realtime,
//    tooling, ui, server, web with its build before it), two at a time: each vitest run uses one worker on a 2-core machine (vitest's default is the cores
//    less one), so two layers fill the machine where one left a core idle. They share no port,
//    file or database: the server's tests make a PGlite database per file (or a schema of their
//    own on TEST_DATABASE_URL), the web and ui tests run in jsdom against MSW in memory;
// 3. the layers that drive Chromium (the Storybook test-runner: a static build and two browser
//    workers; the Playwright end-to-end specs: the real server and a browser) one at a time and
//    after lane 2: beside another layer their waits for states would race a starved browser.
// Each lane goes on after a failure (--continue) and the next lane still runs; the exit code is
// non-zero when any lane failed. turbo prints `Summary: <file>` at the end of each lane, from
// which .ci/summary.mjs reads each layer's wall time.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const turbo = join(dirname(createRequire(join(root, 'package.json')).resolve('turbo/package.json')), 'bin', 'turbo');
const browserLayers = ['@servicedesk/storybook', '@servicedesk/e2e'];

/** The lanes of `npm test`, in order: a name and turbo's arguments. */
export const lanes = [
  { name: 'lint and typecheck', args: ['run', 'lint', 'typecheck', '--continue', '--summarize'] },
  {
    name: 'Node layers, two at a time',
    args: ['run', 'test', '--continue', '--summarize', '--concurrency=2', ...browserLayers.map((l) => `--filter=!${l}`)],
  },
  {
    name: 'Chromium layers, one at a time',
    args: ['run', 'test', '--continue', '--summarize', '--concurrency=1', ...browserLayers.map((l) => `--filter=${l}`)],
  },
];

function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [turbo, ...args], { cwd: root, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const only = process.argv[2]; // `node tooling/test-lanes.mjs 2` runs lane 2 alone
  let failed = false;
  const times = [];
  for (const [i, lane] of lanes.entries()) {
    if (only && Number(only) !== i + 1) continue;
    console.log(`\n=== lane ${i + 1}: ${lane.name}`);
    const started = Date.now();
    const code = await run(lane.args);
    const seconds = (Date.now() - started) / 1000;
    times.push(`lane ${i + 1} (${lane.name}): ${seconds.toFixed(1)} s${code ? `, exit ${code}` : ''}`);
    console.log(`=== lane ${i + 1}: ${seconds.toFixed(1)} s, exit ${code}`);
    if (code) failed = true;
  }
  console.log(`\n${times.join('\n')}`);
  process.exit(failed ? 1 : 0);
}
