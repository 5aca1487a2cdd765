/*
 * Measures POST /api/helpdesk/requests/grid (filter, sort, page) under concurrent load on
 * 100,000 requests (issue #6 "Scale"). The server runs in a child process (instance.ts); here
 * N clients (default 50) each send one request after another for the duration, cycling through
 * the list screens people use: everything newest first, a status filter sorted by due time,
 * overdue, critical ones, a text search, a deep page, a group lead's queue, an executor's
 * assigned ones, an employee's own. Latency is measured in this process from send to the end
 * of the body, in ms; the first seconds are warm-up and not counted.
 *
 *   node --import tsx bench/helpdesk/list.ts                        # PGlite (in memory)
 *   DATABASE_URL=postgres://…/fresh_db node --import tsx bench/helpdesk/list.ts
 *   node --import tsx bench/helpdesk/list.ts --clients 50 --seconds 20 --requests 100000
 *   node --import tsx bench/helpdesk/list.ts --think 200     # each client pauses ~200 ms between calls
 *   node --import tsx bench/helpdesk/list.ts --floor         # the same clients on GET /api/global/getCurrentUser
 *   node --import tsx bench/helpdesk/list.ts --vary --writers 1 --write-every 200   # many pages, and changes meanwhile
 *
 * --think <ms>: after each answer a client waits a random time between half and one and a half
 * times <ms> (mean <ms>) before its next call, as a person working a list does; 0 (the default)
 * sends back to back, which measures the most the machine serves. --floor measures the cheapest
 * signed-in call (the auth guard's one query and one small read) under the same clients: what
 * any call costs on this machine before the list does anything. --vary makes the search and the
 * deep page differ from call to call; --writers N adds N clients writing a comment every
 * --write-every ms (default 1000) on average — each write drops the server's cached list pages,
 * so the figures include recomputing them.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { numberArg } from '../support/args';
import { pause } from '../support/pace';
import { percentile } from '../support/stats';

const arg = numberArg;
const clients = arg('clients', 50);
const seconds = arg('seconds', 20);
const warmup = arg('warmup', 3);
const requests = arg('requests', 100_000);
const port = arg('port', 8105);
const think = arg('think', 0);
const floor = process.argv.includes('--floor');
const vary = process.argv.includes('--vary');
const writers = arg('writers', 0);
const writeEvery = arg('write-every', 1000);

// BENCH_EXTERNAL=1: a server is already listening on --port (e.g. started with --cpu-prof).
const external = process.env.BENCH_EXTERNAL === '1';
const child = external ? null : spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./instance.ts', import.meta.url))], {
  env: { ...process.env, BENCH_REQUESTS: String(requests), PORT: String(port) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let ready = 'READY 0 0 -';
const lines = child ? createInterface({ input: child.stdout! }) : [];
for await (const line of lines) {
  if (line.startsWith('READY ')) {
    ready = line;
    break;
  }
}
const [, , , genSeconds] = ready.split(' ');
const base = `http://127.0.0.1:${port}`;

// --cases first,deep,search,detail [--client-counts 20,50] [--take 50]: the cases of issue #44 one
// at a time against this server (cases.ts), then exit.
const casesAt = process.argv.indexOf('--cases');
if (casesAt > 0) {
  const { runCases, CASES } = await import('./cases');
  const listArg = (name: string, fallback: string) => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1]! : fallback).split(',');
  const cases = listArg('cases', '').filter((c): c is (typeof CASES)[number] => (CASES as readonly string[]).includes(c));
  await runCases({
    base,
    serverPid: child?.pid ?? (Number(process.env.BENCH_SERVER_PID) || undefined),
    cases,
    clientCounts: listArg('client-counts', String(clients)).map(Number),
    seconds,
    warmup,
    take: arg('take', 50),
  });
  if (child) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  process.exit(0);
}

/** The server process's resident memory in MB (Linux /proc; null elsewhere or for BENCH_EXTERNAL). */
function serverRssMb(): number | null {
  if (!child?.pid) return null;
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}
// Idle: after the data is generated and the server listens, before any client (issue #19 "Server memory").
const idleRssMb = serverRssMb();
let peakRssMb = idleRssMb ?? 0;
const rssSampler = setInterval(() => {
  peakRssMb = Math.max(peakRssMb, serverRssMb() ?? 0);
}, 250);

async function login(email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Demo1234' }) });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}
const token = {
  admin: await login('admin@servicedesk.az'),
  lead: await login('lead@servicedesk.az'),
  executor: await login('executor@servicedesk.az'),
  employee: await login('employee@servicedesk.az'),
};

/** Terms of the varied search: words of the generated titles (a sixth of the rows each), numbers, names, one that matches nothing. */
const searchTerms = ['VPN', 'printer', 'poçt', 'monitor', '1С', 'laptop', '2026-0001', '2026-0420', 'Rzayeva', 'Əliyev', 'heç nə tapılmır'];
const pick = <T,>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/**
 * The list screens of the mix: who asks and with which query. With --vary, the search takes a
 * term of {@link searchTerms} and the deep page a random one of pages 2–101 on each call (many
 * different pages, as people search and page), instead of always the same one.
 */
const mix: { name: string; as: keyof typeof token; body: Record<string, unknown>; vary?: () => Record<string, unknown> }[] = [
  { name: 'all, newest first', as: 'admin', body: { scope: 'all' } },
  { name: 'all, open by due time', as: 'admin', body: { scope: 'all', status: ['NEW', 'APPROVED', 'IN_PROGRESS', 'ON_HOLD'], sort: 'dueAt', sortDir: 'asc' } },
  { name: 'all, overdue', as: 'admin', body: { scope: 'all', overdue: true } },
  { name: 'all, critical by priority', as: 'admin', body: { scope: 'all', priority: ['critical'], sort: 'priority' } },
  { name: 'all, text search', as: 'admin', body: { scope: 'all', search: 'VPN' }, vary: () => ({ scope: 'all', search: pick(searchTerms) }) },
  { name: 'all, page 50', as: 'admin', body: { scope: 'all', skip: 5000, take: 100 }, vary: () => ({ scope: 'all', skip: 100 * (1 + Math.floor(Math.random() * 100)), take: 100 }) },
  { name: 'lead: group queue', as: 'lead', body: { scope: 'queue', status: ['NEW', 'APPROVED'] } },
  { name: 'executor: assigned', as: 'executor', body: { scope: 'assigned' } },
  { name: 'employee: mine', as: 'employee', body: { scope: 'mine' } },
];

const samples: { kind: number; ms: number; at: number }[] = [];
let errors = 0;
const t0 = performance.now();
const end = t0 + (warmup + seconds) * 1000;
async function worker(id: number) {
  let i = id;
  while (performance.now() < end) {
    const kind = i++ % mix.length;
    const q = mix[kind]!;
    const start = performance.now();
    const res = floor
      ? await fetch(`${base}/api/global/getCurrentUser`, { headers: { authorization: `Bearer ${token[q.as]}` } })
      : await fetch(`${base}/api/helpdesk/requests/grid`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token[q.as]}` },
          body: JSON.stringify(vary && q.vary ? q.vary() : q.body),
        });
    await res.arrayBuffer();
    const stop = performance.now();
    if (!res.ok) errors++;
    samples.push({ kind, ms: stop - start, at: start });
    if (think > 0) await pause(think);
  }
}
/** A writer: every --write-every ms (on average) a comment on a random request, as the admin (a real change: it reaches every instance and drops the cached list pages). */
let writes = 0;
let writeErrors = 0;
async function writer() {
  while (performance.now() < end) {
    await pause(writeEvery);
    const id = 1 + Math.floor(Math.random() * Math.max(1, requests));
    const res = await fetch(`${base}/api/helpdesk/requests/${id}/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token.admin}` },
      body: JSON.stringify({ text: 'Yoxlanılır', mentionedUserIds: [] }),
    });
    await res.arrayBuffer();
    if (res.ok) writes++;
    else writeErrors++;
  }
}
await Promise.all([...Array.from({ length: clients }, (_, i) => worker(i)), ...Array.from({ length: writers }, () => writer())]);

const counted = samples.filter((s) => s.at >= t0 + warmup * 1000);
const pct = percentile;
const f = (ms: number) => ms.toFixed(1);
const all = counted.map((s) => s.ms);
const backend = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const what = floor ? 'GET /api/global/getCurrentUser (floor)' : 'POST /api/helpdesk/requests/grid';
const pacing = think > 0 ? `each pausing ${think} ms on average between calls` : 'back to back';
const extras = [vary ? 'varied search terms and pages' : '', writers > 0 ? `${writers} writer(s) adding a comment every ~${writeEvery} ms (${writes} written, ${writeErrors} failed)` : ''].filter(Boolean).join('; ');
console.log(`\n${backend}: ${what}, ${requests} requests (generated in ${genSeconds} s), ${clients} clients ${pacing}${extras ? `; ${extras}` : ''}, ${seconds} s measured, ${errors} errors`);
console.log(`all calls: ${counted.length} calls, ${(counted.length / seconds).toFixed(0)} req/s, median ${f(pct(all, 50))} ms, p99 ${f(pct(all, 99))} ms\n`);
clearInterval(rssSampler);
if (idleRssMb !== null) console.log(`server resident memory: ${idleRssMb.toFixed(0)} MB idle (after start and data generation), ${peakRssMb.toFixed(0)} MB peak under this load, ${(serverRssMb() ?? 0).toFixed(0)} MB at the end\n`);
console.log('| list | calls | median ms | p99 ms |\n|---|---|---|---|');
mix.forEach((q, kind) => {
  const ms = counted.filter((s) => s.kind === kind).map((s) => s.ms);
  console.log(`| ${q.name} | ${ms.length} | ${f(pct(ms, 50))} | ${f(pct(ms, 99))} |`);
});
if (child) {
  child.kill('SIGTERM');
  await once(child, 'exit');
}
