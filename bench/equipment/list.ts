/*
 * Measures "my approvals" and the equipment requests grid (issue #12 bench) on 100,000 requests
 * and ~300,000 approval steps: the server in a child process (instance.ts), N clients (default 50)
 * sending one call after another for the duration, cycling through: the director's my approvals
 * (first page and its count), all requests newest first, the ones in approval, a number search,
 * a deep page, the warehouse queue, an employee's own. Latency from send to the end of the body,
 * in ms; the warm-up seconds are not counted.
 *
 *   DATABASE_URL=postgres://…/fresh_db node --import tsx bench/equipment/list.ts [--clients 50 --seconds 20 --think 0]
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const clients = arg('clients', 50);
const seconds = arg('seconds', 20);
const warmup = arg('warmup', 3);
const requests = arg('requests', 100_000);
const port = arg('port', 8106);
const think = arg('think', 0);

const child = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./instance.ts', import.meta.url))],
  {
    env: { ...process.env, BENCH_REQUESTS: String(requests), PORT: String(port) },
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

const mix: {
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
    if (think > 0)
      await new Promise((resolve) => setTimeout(resolve, think * (0.5 + Math.random())));
  }
}
await Promise.all(Array.from({ length: clients }, (_, i) => worker(i)));

const counted = samples.filter((s) => s.at >= t0 + warmup * 1000);
const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor((p / 100) * values.length))
  ] ?? NaN;
const f = (ms: number) => ms.toFixed(1);
const all = counted.map((s) => s.ms);
console.log(
  `\n${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${requests} requests, ${steps} approval steps (generated in ${genSeconds} s), ${clients} clients ${think > 0 ? `pausing ~${think} ms` : 'back to back'}, ${seconds} s measured, ${errors} errors`,
);
console.log(
  `all calls: ${counted.length} calls, ${(counted.length / seconds).toFixed(0)} req/s, median ${f(pct(all, 50))} ms, p99 ${f(pct(all, 99))} ms\n`,
);
console.log('| call | calls | median ms | p99 ms |\n|---|---|---|---|');
mix.forEach((q, kind) => {
  const ms = counted.filter((s) => s.kind === kind).map((s) => s.ms);
  console.log(`| ${q.name} | ${ms.length} | ${f(pct(ms, 50))} | ${f(pct(ms, 99))} |`);
});
child.kill('SIGTERM');
await once(child, 'exit');
