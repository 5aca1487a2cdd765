import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.resolve(here, '../../../node_modules/tsx/dist/cli.mjs');

// A real process: without the guard, an 'error' event nobody listens to (the way an oversized upload
// once ended the server) or an unhandled rejection ends node with exit code 1.
const script = (guarded: boolean) => `
  import { Readable } from 'node:stream';
  import { installProcessGuard } from ${JSON.stringify(path.join(here, 'process-guard.ts'))};
  if (${guarded}) installProcessGuard({ error: (o, m) => console.log('logged:', m, String(o.err)) });
  const stream = new Readable({ read() {} });
  setImmediate(() => {
    stream.destroy(new Error('The file is larger than allowed.'));
    void Promise.reject(new Error('nobody caught me'));
    setTimeout(() => console.log('still serving'), 20);
  });
`;

function run(guarded: boolean): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsx, '--eval', script(guarded), '--input-type=module'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('the process guard', () => {
  it('logs a stray stream error and an unhandled rejection, and the process goes on', async () => {
    const { code, out } = await run(true);
    expect(out).toContain('logged: uncaught exception (the server keeps running) Error: The file is larger than allowed.');
    expect(out).toContain('logged: unhandled promise rejection (the server keeps running) Error: nobody caught me');
    expect(out).toContain('still serving');
    expect(code).toBe(0);
  });

  it('is what keeps it alive: without it the same errors end the process', async () => {
    const { code, out } = await run(false);
    expect(out).not.toContain('still serving');
    expect(code).not.toBe(0);
  });
});
