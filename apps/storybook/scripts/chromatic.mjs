#!/usr/bin/env node
/**
 * `npm run chromatic -w @servicedesk/storybook`: publishes the Storybook to Chromatic for teams
 * that have an account. Reads the project token from CHROMATIC_PROJECT_TOKEN (never from a
 * file or an argument) and exits with code 1 and a clear message when it is not set. Extra
 * arguments go to the chromatic CLI (e.g. `-- --storybook-build-dir storybook-static`).
 *
 * This is optional: CI runs the local visual comparison (`npm test`, __screenshots__/).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!process.env.CHROMATIC_PROJECT_TOKEN?.trim()) {
  console.error(
    'chromatic: CHROMATIC_PROJECT_TOKEN is not set. Export your Chromatic project token ' +
      '(Project → Manage → Configure) and run again:\n' +
      '  CHROMATIC_PROJECT_TOKEN=chpt_… npm run chromatic -w @servicedesk/storybook\n' +
      'Without an account, the local visual comparison is `npm test -w @servicedesk/storybook`.',
  );
  process.exit(1);
}
const require = createRequire(join(root, 'package.json'));
const bin = join(dirname(require.resolve('chromatic/package.json')), 'dist/bin.cjs');
// The CLI reads CHROMATIC_PROJECT_TOKEN itself; it builds Storybook with the `build` script.
const child = spawn(
  process.execPath,
  [bin, '--build-script-name', 'build', '--exit-zero-on-changes', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: process.env },
);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
