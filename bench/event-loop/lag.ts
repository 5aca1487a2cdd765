/*
 * Issue #42 bench: how long other users wait while a heavy call runs. A server in its own process
 * (instance.ts) gets, one at a time, the calls the issue names — a 50,000-row 1C preview and its
 * import, a 30,000-line e-invoice preview, a 5,000-row materials preview, and a 1,000-row PDF —
 * while this process asks `GET /healthz` over its own connection one after the other (20 ms
 * between an answer and the next ask), and the server watches its own event loop. Per call: its
 * time, the probes answered meanwhile and their latency (median, p99, max), and the server's
 * event-loop delay (max, p99). See README.md.
 *
 *   node --import tsx bench/event-loop/lag.ts [--port 8193] [--repeat 3]            # PGlite in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<fresh db> node --import tsx bench/event-loop/lag.ts
 *   … lag.ts --only '1C preview'                    # the calls whose name contains the text
 *   BENCH_SERVER_NODE_ARGS=--trace-gc …             # node options for the server (its other output goes to stderr)
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'node:http';
import iconv from 'iconv-lite';
import { numberArg } from '../support/args';
import { percentile } from '../support/stats';

const port = numberArg('port', 8193);
const repeat = numberArg('repeat', 3);
const base = `http://127.0.0.1:${port}`;

// --- The files ------------------------------------------------------------------------------
const day = (i: number) => `${String((i % 28) + 1).padStart(2, '0')}.${String((i % 12) + 1).padStart(2, '0')}.2026`;
const oneC = iconv.encode(
  `Дата;ВидДокумента;Номер;ИНН;Контрагент;Сумма;Валюта;СрокОплаты;ВидОплаты;Группа\r\n${Array.from({ length: 50_000 }, (_, i) => `${day(i)};Поступление;INV-LAG-${i};1400123453;Baku Electronics;${i + 1},00;AZN;;;`).join('\r\n')}\r\n`,
  'win1251',
);
const eInvoiceLines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', '<EInvoiceExport>'];
for (let i = 0; i < 100; i++) {
  eInvoiceLines.push('<Invoice>', `<Number>LAG-${i}</Number><IssueDate>2026-11-20</IssueDate><Currency>AZN</Currency>`, '<Seller><Tin>1400123451</Tin><Name>Satıcı</Name></Seller><Buyer><Tin>1300000001</Tin><Name>Alıcı</Name></Buyer>', '<Lines>');
  for (let l = 0; l < 293; l++) eInvoiceLines.push(`<Line><Name>M${l}</Name><Quantity>1</Quantity><UnitPrice>10.00</UnitPrice><VatRate>18</VatRate><NetAmount>10.00</NetAmount><VatAmount>1.80</VatAmount></Line>`);
  eInvoiceLines.push('</Lines>', `<Totals><Net>2930.00</Net><Vat>527.40</Vat><Gross>3457.40</Gross></Totals>`, '</Invoice>');
}
eInvoiceLines.push('</EInvoiceExport>');
const eInvoice = JSON.stringify({ fileName: 'lag.xml', xml: eInvoiceLines.join('\n') });
const materials = JSON.stringify({
  apply: false,
  rows: Array.from({ length: 5000 }, (_, i) => ({ code: `LAG-${i}`, name: `Material ${i}`, group: i % 2 ? 'Kompüter texnikası / Çap texnikası' : 'Kağız məhsulları', unit: 'ədəd', minLevel: '2', parameters: 'Növ: planşet; Rəng: qara' })),
});

// --- The server -----------------------------------------------------------------------------
// BENCH_SERVER_NODE_ARGS: extra node options for the server process (e.g. --trace-gc), space-separated.
const serverArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const child = spawn(process.execPath, [...serverArgs, '--import', 'tsx', fileURLToPath(new URL('./instance.ts', import.meta.url))], {
  env: { ...process.env, PORT: String(port) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const waiting: ((line: string) => void)[] = [];
const lines: string[] = [];
createInterface({ input: child.stdout! }).on('line', (line) => {
  if (serverArgs.length && !/^(READY|LAG) /.test(line)) process.stderr.write(`server: ${line}\n`);
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
await nextLine('READY ');

const login = async (email: string) => {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Demo1234', latitude: null, longitude: null }) });
  return ((await res.json()) as { token: string }).token;
};
const accountant = await login('accountant@servicedesk.az');
const keeper = await login('warehouse@servicedesk.az');
const contractsAdmin = await login('admin@servicedesk.az');

// The probes go over a connection of their own (node:http, keep-alive), not through fetch's pool.
const probeAgent = new Agent({ keepAlive: true, maxSockets: 1 });
const healthz = () =>
  new Promise<number>((resolve, reject) => {
    const asked = performance.now();
    const req = request(`${base}/healthz`, { agent: probeAgent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - asked) : reject(new Error(`healthz ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });

type Call = { name: string; run: () => Promise<Response> };
const multipart = (bytes: Buffer, name: string) => {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  return form;
};
const calls: Call[] = [
  { name: '1C preview, 50,000 rows (3.9 MB)', run: () => fetch(`${base}/api/debtReports/1CData/preview`, { method: 'POST', headers: { authorization: `Bearer ${accountant}` }, body: multipart(oneC, 'lag.csv') }) },
  { name: 'e-invoice preview, 30,000 lines (4.4 MB)', run: () => fetch(`${base}/api/finance/eInvoices/preview`, { method: 'POST', headers: { authorization: `Bearer ${accountant}`, 'content-type': 'application/json' }, body: eInvoice }) },
  { name: 'materials preview, 5,000 rows', run: () => fetch(`${base}/api/stock/materials/import`, { method: 'POST', headers: { authorization: `Bearer ${keeper}`, 'content-type': 'application/json' }, body: materials }) },
];

/** The contract summary PDF of the seed's first contract with the most history, as the PDF case. */
const contracts = (await (await fetch(`${base}/api/contracts/grid`, { method: 'POST', headers: { authorization: `Bearer ${contractsAdmin}`, 'content-type': 'application/json' }, body: '{}' })).json()) as { rows?: { id: number }[] };
const contractId = contracts.rows?.[0]?.id;
if (contractId !== undefined) calls.push({ name: 'contract summary PDF', run: () => fetch(`${base}/api/contracts/${contractId}/pdf`, { headers: { authorization: `Bearer ${contractsAdmin}` } }) });
calls.push({ name: '1C import, 50,000 rows (then again: all the same)', run: () => fetch(`${base}/api/debtReports/1CData/import`, { method: 'POST', headers: { authorization: `Bearer ${accountant}` }, body: multipart(oneC, 'lag.csv') }) });

/** Runs `call` while probing; answers the figures (ms). */
async function measure(call: Call) {
  await new Promise((resolve) => setTimeout(resolve, 300));
  // Start from a fresh window of the server's lag histogram.
  const reset = nextLine('LAG ');
  child.kill('SIGUSR2');
  await reset;
  let done = false;
  const started = performance.now();
  const running = call.run().then(async (res) => {
    const body = await res.arrayBuffer();
    done = true;
    if (!res.ok) throw new Error(`${call.name}: ${res.status} ${Buffer.from(body).toString('utf8').slice(0, 300)}`);
    return performance.now() - started;
  });
  running.catch(() => (done = true));
  const latencies: number[] = [];
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (done) break;
    const latency = await healthz();
    if (!done) latencies.push(latency);
  }
  const seconds = (await running) / 1000;
  const lag = nextLine('LAG ');
  child.kill('SIGUSR2');
  const server = JSON.parse(await lag) as { max: number; p99: number; mean: number };
  return { seconds, probes: latencies.length, median: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.length ? Math.max(...latencies) : NaN, server };
}

const f0 = (n: number) => (Number.isNaN(n) ? '—' : n.toFixed(0));
console.log(`${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)'}; server node --import tsx; load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log('| call | time | probes answered meanwhile | probe median / p99 / max | server event-loop delay max / p99 |');
console.log('|---|---:|---:|---:|---:|');
for (const call of calls) {
  if (only && !call.name.includes(only)) continue;
  const times = call.name.startsWith('1C import') ? 2 : repeat;
  for (let k = 0; k < times; k++) {
    const r = await measure(call);
    console.log(`| ${call.name} #${k + 1} | ${r.seconds.toFixed(1)} s | ${r.probes} | ${f0(r.median)} / ${f0(r.p99)} / ${f0(r.max)} ms | ${f0(r.server.max)} / ${f0(r.server.p99)} ms |`);
  }
}
console.log(`load average after: ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`);
probeAgent.destroy();
child.kill('SIGTERM');
await once(child, 'exit');
