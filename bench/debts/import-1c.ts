/*
 * Issue #17 bench: a 200,000-row 1C file (Windows-1251, semicolons, comma decimals) previewed and
 * imported through the real HTTP calls, the server in its own process (instance.ts) whose
 * resident memory (VmRSS) is sampled every 100 ms. Then the same file is imported again (nothing
 * may change). Targets: preview ≤ 10 s, import ≤ 30 s on PostgreSQL, server memory < 300 MB —
 * the file is streamed (multipart part → iconv → csv-parse → batches of 1,000), never read whole.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<fresh db> node --import tsx bench/debts/import-1c.ts
 *   node --import tsx bench/debts/import-1c.ts --rows 200000 --counterparties 2000   # PGlite in memory
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import iconv from 'iconv-lite';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
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
const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./instance.ts', import.meta.url))], {
  env: { ...process.env, BENCH_COUNTERPARTIES: String(counterparties), PORT: String(port) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
for await (const line of createInterface({ input: child.stdout! })) if (line.startsWith('READY ')) break;
const base = `http://127.0.0.1:${port}`;
const rssMb = () => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
  return kb ? Number(kb) / 1024 : 0;
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
  peakMb = rssMb();
  const started = performance.now();
  const res = await fetch(`${base}/api/debtReports/1CData/${action}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { counts?: Record<string, number>; code?: string };
  const seconds = (performance.now() - started) / 1000;
  if (!res.ok) throw new Error(`${action}: ${res.status} ${JSON.stringify(body)}`);
  return { seconds, peakMb, counts: body.counts };
}

const preview = await send('preview');
const imported = await send('import');
const again = await send('import');
clearInterval(sampler);
child.kill('SIGTERM');
await once(child, 'exit');

const line = (name: string, r: Awaited<ReturnType<typeof send>>) =>
  `${name.padEnd(14)} ${r.seconds.toFixed(1).padStart(6)} s   peak RSS ${r.peakMb.toFixed(0).padStart(4)} MB   ${JSON.stringify(r.counts)}`;
console.log(`1C file: ${written.toLocaleString('en')} rows, ${sizeMb.toFixed(1)} MB, ${counterparties} counterparties; ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)'}; server idle RSS ${idleMb.toFixed(0)} MB`);
console.log(line('preview', preview));
console.log(line('import', imported));
console.log(line('import again', again));
