/*
 * Measures "my approvals" and the equipment requests grid (issue #12 bench) on 100,000 requests
 * and ~300,000 approval steps: the server in a child process (instance.ts), N clients (default 50)
 * sending one call after another for the duration, cycling through: the director's my approvals
 * (first page and its count), all requests newest first, the ones in approval, a number search,
 * a deep page, the warehouse queue, an employee's own. Latency from send to the end of the body,
 * in ms; the warm-up seconds are not counted.
 *
 *   DATABASE_URL=postgres://…/fresh_db node --import tsx bench/equipment/list.ts [--clients 50 --seconds 20 --think 0 --only approvals]
 *   DATABASE_URL=… node --import tsx bench/equipment/list.ts --generate-only   # fill the database, then stop
 *   DATABASE_URL=… node --import tsx bench/equipment/list.ts --reuse …         # measure on a database filled before
 *   DATABASE_URL=… node --import tsx bench/equipment/list.ts --writers 1 --write-every 1000   # a director's decision a second
 *
 * `--only <text>[;<text>…]`: only the calls whose name contains one of the texts (e.g. `approvals`: my approvals'
 * page and count alone). `--think <ms>`: each client pauses half to one and a half times that
 * after each answer (default 0: back to back). `--writers N --write-every <ms>`: N more clients,
 * each approving (with the budget override) one of the director's waiting requests every `<ms>`
 * on average through `POST /api/equipment/requests/{id}/directorCallback` — a real engine write
 * that drops the cached pages of my approvals and of the grid on every instance.
 * `--generate-only` stops once the data is written (e.g. under a shared lock), `--reuse` skips the
 * generation when the database already holds the requests (timed runs under an exclusive lock).
 * On Linux it also prints the CPU time the server process and the database's PostgreSQL backends
 * (on this machine) spent per counted call — a figure the other load on the machine disturbs far
 * less than the latencies.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { numberArg, onlyArg } from '../support/args';
import { pause } from '../support/pace';
import { percentile } from '../support/stats';

const arg = numberArg;
const clients = arg('clients', 50);
const seconds = arg('seconds', 20);
const warmup = arg('warmup', 3);
const requests = arg('requests', 100_000);
const port = arg('port', 8106);
const think = arg('think', 0);
const writers = arg('writers', 0);
const writeEvery = arg('write-every', 1000);
const flag = (name: string) => process.argv.includes(`--${name}`);

const child = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./instance.ts', import.meta.url))],
  {
    env: {
      ...process.env,
      BENCH_REQUESTS: String(requests),
      PORT: String(port),
      ...(flag('reuse') ? { BENCH_REUSE: '1' } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
let ready = 'READY 0 0 - -';
for await (const line of createInterface({ input: child.stdout })) {
  if (line.startsWith('READY ')) {
    ready = line;
    break;
  }
}
const [, , , genSeconds, steps] = ready.split(' ');
const base = `http://127.0.0.1:${port}`;
if (flag('generate-only')) {
  console.log(`${requests} requests, ${steps} approval steps generated in ${genSeconds} s`);
  child.kill('SIGTERM');
  await once(child, 'exit');
  process.exit(0);
}

async function login(email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo1234' }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}
const token = {
  director: await login('director@servicedesk.az'),
  keeper: await login('warehouse@servicedesk.az'),
  employee: await login('eqbench7@bench.local'),
};

const only = onlyArg();
const calls: {
  name: string;
  as: keyof typeof token;
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
}[] = [
  {
    name: 'director: my approvals, first page',
    as: 'director',
    method: 'POST',
    path: '/api/approvals/mine',
    body: { skip: 0, take: 50 },
  },
  {
    name: 'director: my approvals, count',
    as: 'director',
    method: 'GET',
    path: '/api/approvals/mine/count',
  },
  {
    name: 'all, newest first',
    as: 'director',
    method: 'POST',
    path: '/api/equipment/requests/grid',
    body: { scope: 'all' },
  },
  {
    name: 'all, in approval',
    as: 'director',
    method: 'POST',
    path: '/api/equipment/requests/grid',
    body: { scope: 'all', status: ['IN_APPROVAL'] },
  },
  {
    name: 'all, number search',
    as: 'director',
    method: 'POST',
    path: '/api/equipment/requests/grid',
    body: { scope: 'all', search: '2025-0420' },
  },
  {
    name: 'all, page 50',
    as: 'director',
    method: 'POST',
    path: '/api/equipment/requests/grid',
    body: { scope: 'all', skip: 5000, take: 100 },
  },
  {
    name: 'keeper: processing queue',
    as: 'keeper',
    method: 'POST',
    path: '/api/equipment/requests/grid',
    body: { scope: 'processing', status: ['APPROVED'] },
  },
  {
    name: 'employee: mine',
    as: 'employee',
    method: 'POST',
    path: '/api/equipment/requests/grid',
    body: { scope: 'mine' },
  },
];
const mix = calls.filter((q) => only.keeps(q.name));
if (mix.length === 0) throw new Error(`no call's name contains "${only.texts?.join('" or "')}"`);

/** CPU ms (user + system) a process has used, from /proc (Linux); null when unreadable. */
function cpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / 100) * 1000; // USER_HZ = 100
  } catch {
    return null;
  }
}
/** The PostgreSQL backends serving the bench database (their title names its user and database). */
function backends(): number[] {
  if (!process.env.DATABASE_URL) return [];
  const url = new URL(process.env.DATABASE_URL);
  // "postgres: [cluster: ]user database host(port) state", e.g. "postgres: 15/main: postgres db …".
  const title = new RegExp(
    `^postgres: (?:\\S+: )?${url.username || 'postgres'} ${url.pathname.slice(1)} `,
  );
  try {
    return readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          return title.test(readFileSync(`/proc/${p}/cmdline`, 'utf8'));
        } catch {
          return false;
        }
      })
      .map(Number);
  } catch {
    return [];
  }
}
/** CPU ms of each backend now (pid → ms). */
const readAll = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuMs(pid)]));
/** CPU ms the backends used since `start`: those alive at both ends (the pool closes idle ones). */
const usedSince = (start: Map<number, number | null>) =>
  [...start].reduce((total, [pid, before]) => {
    const after = cpuMs(pid);
    return before === null || after === null ? total : total + after - before;
  }, 0);
let cpuStart: { server: number | null; db: Map<number, number | null> } | undefined;

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
    const res = await fetch(`${base}${q.path}`, {
      method: q.method,
      headers: {
        authorization: `Bearer ${token[q.as]}`,
        ...(q.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(q.body ? { body: JSON.stringify(q.body) } : {}),
    });
    await res.arrayBuffer();
    if (!res.ok) errors++;
    samples.push({ kind, ms: performance.now() - start, at: start });
    if (think > 0) await pause(think);
  }
}

/** The director's waiting equipment requests, from deep in my approvals (the writers decide them). */
async function waitingForDirector(): Promise<number[]> {
  if (writers === 0) return [];
  const res = await fetch(`${base}/api/approvals/mine`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token.director}`, 'content-type': 'application/json' },
    body: JSON.stringify({ skip: 5000, take: 100, recordKind: 'equipmentRequest' }),
  });
  const page = (await res.json()) as { rows: { recordId: number }[] };
  return page.rows.map((r) => r.recordId);
}
const toDecide = await waitingForDirector();
let writes = 0;
let writeErrors = 0;
/** A writer: every --write-every ms (on average) the director approves one waiting request. */
async function writer() {
  while (performance.now() < end) {
    await pause(writeEvery);
    const id = toDecide.pop();
    if (id === undefined) break;
    const res = await fetch(`${base}/api/equipment/requests/${id}/directorCallback`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.director}`, 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'approve', overrideBudget: true }),
    });
    await res.arrayBuffer();
    if (res.ok) writes++;
    else writeErrors++;
  }
}
const cpuTimer = setTimeout(() => {
  const pids = backends();
  cpuStart = { server: cpuMs(child.pid!), db: readAll(pids) };
}, warmup * 1000);
await Promise.all([
  ...Array.from({ length: clients }, (_, i) => worker(i)),
  ...Array.from({ length: writers }, () => writer()),
]);
clearTimeout(cpuTimer);
const serverEnd = cpuMs(child.pid!);
const dbUsed = cpuStart ? usedSince(cpuStart.db) : 0;

const counted = samples.filter((s) => s.at >= t0 + warmup * 1000);
const pct = percentile;
const f = (ms: number) => ms.toFixed(1);
const all = counted.map((s) => s.ms);
console.log(
  `\n${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${requests} requests, ${steps} approval steps (generated in ${genSeconds} s), ${clients} clients ${think > 0 ? `pausing ~${think} ms` : 'back to back'}${writers > 0 ? `, ${writers} writer(s) approving a request every ~${writeEvery} ms (${writes} written, ${writeErrors} failed)` : ''}, ${seconds} s measured, ${errors} errors`,
);
console.log(
  `all calls: ${counted.length} calls, ${(counted.length / seconds).toFixed(0)} req/s, median ${f(pct(all, 50))} ms, p99 ${f(pct(all, 99))} ms\n`,
);
if (cpuStart?.server != null && serverEnd !== null && counted.length > 0) {
  const per = (ms: number) => (ms / counted.length).toFixed(2);
  const db =
    cpuStart.db.size > 0 ? `, PostgreSQL backends (${cpuStart.db.size}) ${per(dbUsed)} ms` : '';
  console.log(`CPU per call: server process ${per(serverEnd - cpuStart.server)} ms${db}\n`);
}
console.log('| call | calls | median ms | p99 ms |\n|---|---|---|---|');
mix.forEach((q, kind) => {
  const ms = counted.filter((s) => s.kind === kind).map((s) => s.ms);
  console.log(`| ${q.name} | ${ms.length} | ${f(pct(ms, 50))} | ${f(pct(ms, 99))} |`);
});
child.kill('SIGTERM');
await once(child, 'exit');
