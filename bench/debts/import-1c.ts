/*
 * Issue #17 bench: a 200,000-row 1C file (Windows-1251, semicolons, comma decimals) previewed and
 * imported through the real HTTP calls, the server in its own process (instance.ts) whose
 * resident memory is read from /proc (VmRSS, and VmHWM, the kernel's peak, reset before each call). Then the same file is imported again (nothing
 * may change). Targets: preview ≤ 10 s, import ≤ 30 s on PostgreSQL, server memory < 300 MB —
 * the file is streamed (multipart part → iconv → csv-parse → batches of 1,000), never read whole.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<fresh db> node --import tsx bench/debts/import-1c.ts
 *   node --import tsx bench/debts/import-1c.ts --rows 200000 --counterparties 2000   # PGlite in memory
 *   … import-1c.ts --built     # the server bundled (bundle.ts) and run by plain node, without tsx
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import iconv from 'iconv-lite';
import { numberArg } from '../support/args';
import { bundleInstance } from './bundle';

const arg = numberArg;
const rows = arg('rows', 200_000);
const counterparties = arg('counterparties', 2000);
const port = arg('port', 8107);

// --- The file: per counterparty an opening balance, then invoices and payments in turn. --------
const dir = mkdtempSync(path.join(tmpdir(), 'sd-1c-bench-'));
const file = path.join(dir, '1c-200k.csv');
const out = createWriteStream(file);
const write = async (text: string) => {
  if (!out.write(iconv.encode(text, 'win1251'))) await once(out, 'drain');
};
await write('Дата;ВидДокумента;Номер;ИНН;Контрагент;Сумма;Валюта;СрокОплаты;ВидОплаты;Группа\r\n');
const perCounterparty = Math.ceil(rows / counterparties);
let written = 0;
for (let c = 0; c < counterparties && written < rows; c++) {
  const tin = String(2_000_000_000 + c);
  await write(`01.01.2026;Остаток;;${tin};Bench Vendor ${c};${(c % 97) * 100},00;AZN;;;\r\n`);
  written++;
  for (let k = 1; k < perCounterparty && written < rows; k++, written++) {
    const day = String((k % 28) + 1).padStart(2, '0');
    const month = String((k % 12) + 1).padStart(2, '0');
    const amount = `${(k * 37) % 9000 + 100} ${String((k * 13) % 1000).padStart(3, '0')},${String(k % 100).padStart(2, '0')}`;
    await write(
      k % 2 === 1
        ? `${day}.${month}.2026;Поступление;INV-${c}-${k};${tin};Bench Vendor ${c};${amount};AZN;${day}.${month}.2026;;\r\n`
        : `${day}.${month}.2026;Оплата;PAY-${c}-${k};${tin};Bench Vendor ${c};${amount};AZN;;BANK;\r\n`,
    );
  }
}
out.end();
await once(out, 'finish');
const sizeMb = statSync(file).size / 1024 / 1024;

// --- The server ------------------------------------------------------------------------------
// BENCH_SERVER_NODE_ARGS: extra node options for the server process (e.g. V8 heap flags), space-separated.
// --built: the server bundled by esbuild (bundle.ts) and run by plain node, without tsx.
const serverArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const built = process.argv.includes('--built');
const entry = built ? [await bundleInstance()] : ['--import', 'tsx', fileURLToPath(new URL('./instance.ts', import.meta.url))];
const child = spawn(process.execPath, [...serverArgs, ...entry], {
  env: { ...process.env, BENCH_COUNTERPARTIES: String(counterparties), PORT: String(port) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
// The server's lines: `IDLE {…}` and `READY <port>` once, `MEMORY {…}` after each SIGUSR2 (instance.ts).
const waiting: ((line: string) => void)[] = [];
const lines: string[] = [];
createInterface({ input: child.stdout! }).on('line', (line) => {
  const next = waiting.shift();
  if (next) next(line);
  else lines.push(line);
});
const nextLine = (prefix: string) =>
  new Promise<string>((resolve) => {
    for (let queued = lines.shift(); queued !== undefined; queued = lines.shift()) if (queued.startsWith(prefix)) return resolve(queued.slice(prefix.length));
    const take = (line: string) => (line.startsWith(prefix) ? resolve(line.slice(prefix.length)) : waiting.unshift(take));
    waiting.push(take);
  });
type Usage = { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };
const idleUsage = JSON.parse(await nextLine('IDLE ')) as Usage;
await nextLine('READY ');
const base = `http://127.0.0.1:${port}`;
// The server's resident memory as the kernel counts it: VmRSS (now) and VmHWM (the peak since the
// last reset — writing 5 to /proc/<pid>/clear_refs resets it), in MB. VmRSS is also sampled every
// 100 ms here, as a check on VmHWM.
const status = (field: 'VmRSS' | 'VmHWM') => {
  const kb = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
  return kb ? Number(kb) / 1024 : 0;
};
const rssMb = () => status('VmRSS');
const resetPeak = () => {
  try {
    writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
  } catch {
    // not permitted (another user's process): VmHWM then counts from the server's start
  }
};
const idleMb = rssMb();
let peakMb = idleMb;
const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb())), 100);

const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'accountant@servicedesk.az', password: 'Demo1234', latitude: null, longitude: null }),
});
const { token } = (await login.json()) as { token: string };

async function send(action: 'preview' | 'import') {
  const form = new FormData();
  form.append('file', await openAsBlob(file), '1c-200k.csv');
  resetPeak();
  const before = rssMb();
  peakMb = before;
  const started = performance.now();
  const res = await fetch(`${base}/api/debtReports/1CData/${action}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { counts?: Record<string, number>; code?: string };
  const seconds = (performance.now() - started) / 1000;
  if (!res.ok) throw new Error(`${action}: ${res.status} ${JSON.stringify(body)}`);
  const hwmMb = status('VmHWM');
  const memory = nextLine('MEMORY ');
  child.kill('SIGUSR2');
  const usage = JSON.parse(await memory) as Usage;
  return { seconds, before, peakMb, hwmMb, usage, counts: body.counts };
}

const preview = await send('preview');
const imported = await send('import');
const again = await send('import');
clearInterval(sampler);
child.kill('SIGTERM');
await once(child, 'exit');

const line = (name: string, r: Awaited<ReturnType<typeof send>>) =>
  `${name.padEnd(14)} ${r.seconds.toFixed(1).padStart(6)} s   RSS ${r.before.toFixed(0)} → peak ${r.hwmMb.toFixed(0)} MB (VmHWM; sampled ${r.peakMb.toFixed(0)})   ` +
  `V8 heap peak ${r.usage.heapTotal.toFixed(0)} MB (used ${r.usage.heapUsed.toFixed(0)}), external ${r.usage.external.toFixed(0)} MB   ${JSON.stringify(r.counts)}`;
console.log(`1C file: ${written.toLocaleString('en')} rows, ${sizeMb.toFixed(1)} MB, ${counterparties} counterparties; ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)'}; server ${built ? 'bundled, plain node' : 'node --import tsx'}, SERVER_HEAP=${process.env.SERVER_HEAP || 'small'}${serverArgs.length ? `; server node ${serverArgs.join(' ')}` : ''}`);
console.log(`server idle: RSS ${idleMb.toFixed(0)} MB; V8 heap ${idleUsage.heapTotal} MB (used ${idleUsage.heapUsed}), external ${idleUsage.external} MB (ArrayBuffers ${idleUsage.arrayBuffers})`);
console.log(line('preview', preview));
console.log(line('import', imported));
console.log(line('import again', again));
