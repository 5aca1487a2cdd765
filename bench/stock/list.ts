/*
 * Measures the stock screens (issue #13 bench) on 100,000 materials and ~1,000,000 ledger lines:
 * the server in a child process (instance.ts), N clients (default 50) sending one call after
 * another for the duration as the warehouse keeper, cycling through the materials list in both
 * views (collapsed, with elements) with a group filter, searches and "below minimum", a
 * warehouse's levels, a material's page (its levels and its history — the most moved material
 * and a random one), the inventories list and the operations list (all, one warehouse's) — each
 * asked as the web asks it (take 500 for materials, levels and inventories — `--take N` to change —,
 * 100 for operations and movements). Latency from send to the end of the body, in ms; the warm-up seconds are not counted.
 * `--only <text>[;<text>…]` keeps the calls whose name contains one of the texts (`--only "levels of
 * a warehouse;material page"`: the stock level list and a material's page, the target's two screens).
 * `--think <ms>`: each client pauses between half and one and a half times <ms> after each answer.
 * `--write-every <ms>` adds a keeper posting a receipt every ~<ms> meanwhile (each posting drops
 * the grids' cached pages, stock.lists.ts). Then, with the clients stopped, `--backdated N` receipts of the most moved material dated
 * 2…N+1 months ago at a new unit cost (every later outflow is re-valued), one after another, and
 * as many receipts dated now for comparison.
 *
 * CPU per call: the server process's and the database backends' (its pool's connections), user +
 * system time over the measured seconds divided by the calls — what a call costs the two cores,
 * whatever else runs on the machine; and this process's (the clients': on the same cores here,
 * on people's machines in use).
 *
 *   DATABASE_URL=postgres://…/fresh_db node --import tsx bench/stock/list.ts [--clients 50 --seconds 20 --backdated 5]
 *   BENCH_EXTERNAL=1 BENCH_SERVER_PID=<pid> … --port <port>   # against a server already listening (instance.ts with BENCH_REUSE=1)
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createHttpClient } from '../support/http';
import { numberArg, onlyArg } from '../support/args';
import { percentile } from '../support/stats';

const arg = numberArg;
const clients = arg('clients', 50);
const seconds = arg('seconds', 20);
const warmup = arg('warmup', 3);
const materials = arg('materials', 100_000);
const lines = arg('lines', 1_000_000);
const port = arg('port', 8107);
const backdated = arg('backdated', 5);
const writeEvery = arg('write-every', 0);
/** Mean pause (ms) of a client between an answer and its next call (0: back to back), as bench/helpdesk's --think. */
const think = arg('think', 0);
/** Rows per page of the materials, levels and inventories lists (the web asks 500). */
const pageSize = arg('take', 500);
const external = Boolean(process.env.BENCH_EXTERNAL);
/** --identity: the clients accept no compressed answers (a browser sends `Accept-Encoding: gzip, deflate, br, zstd`). */
const identity = process.argv.includes('--identity');

const child = external
  ? undefined
  : spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./instance.ts', import.meta.url))],
      {
        env: {
          ...process.env,
          BENCH_MATERIALS: String(materials),
          BENCH_LINES: String(lines),
          PORT: String(port),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
let generated: Record<string, unknown> = {};
let genSeconds = '-';
if (child) {
  for await (const line of createInterface({ input: child.stdout! })) {
    if (line.startsWith('READY ')) {
      const [, , secs, ...json] = line.split(' ');
      genSeconds = secs!;
      generated = JSON.parse(json.join(' ')) as Record<string, unknown>;
      break;
    }
  }
}
const base = `http://127.0.0.1:${port}`;

// A keep-alive node:http client whose answers stay bytes unless read (support/http.ts: why not fetch).
const http = createHttpClient(base, 64, identity ? '' : 'br, gzip');
async function call(token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await http.call(method, path, { token, body });
  return {
    ok: res.ok,
    status: res.status,
    get text() {
      return res.text();
    },
  };
}
const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'warehouse@servicedesk.az', password: 'Demo1234' }),
});
if (!login.ok) throw new Error(`login: ${login.status}`);
const token = ((await login.json()) as { token: string }).token;

// Ids the screens need: a root group of the generated tree, the keeper's warehouse, the hot material.
const reference = JSON.parse((await call(token, 'GET', '/api/stock/reference')).text) as {
  groups: { id: number; parentId: number | null; name: string }[];
  warehouses: { id: number; name: string }[];
};
const rootGroup = reference.groups.find((g) => g.parentId === null && g.name.endsWith('(B)'))!;
const mainWarehouse = reference.warehouses.find((w) => w.name === 'Mərkəzi anbar')!;
const hot = JSON.parse(
  (
    await call(token, 'POST', '/api/stock/materials/grid', {
      mode: 'elements',
      search: 'BM-000001',
      take: 1,
    })
  ).text,
) as { rows: { id: number }[] };
const hotId = hot.rows[0]!.id;
const firstId = hotId;
const materialCount = Number(generated.materials ?? materials);
const randomMaterial = () => firstId + Math.floor(Math.random() * materialCount);

const calls: { name: string; path: string; body: () => Record<string, unknown> }[] = [
  {
    name: 'materials, collapsed, first page',
    path: '/api/stock/materials/grid',
    body: () => ({ mode: 'collapsed', take: pageSize, sort: 'code', sortDir: 'asc' }),
  },
  {
    name: 'materials, collapsed, one group',
    path: '/api/stock/materials/grid',
    body: () => ({
      mode: 'collapsed',
      take: pageSize,
      sort: 'code',
      sortDir: 'asc',
      groupId: rootGroup.id,
    }),
  },
  {
    name: 'materials, with elements, first page',
    path: '/api/stock/materials/grid',
    body: () => ({ mode: 'elements', take: pageSize, sort: 'code', sortDir: 'asc' }),
  },
  {
    name: 'materials, with elements, search "kabel"',
    path: '/api/stock/materials/grid',
    body: () => ({
      mode: 'elements',
      take: pageSize,
      sort: 'code',
      sortDir: 'asc',
      search: 'kabel',
    }),
  },
  {
    name: 'materials, with elements, search a code',
    path: '/api/stock/materials/grid',
    body: () => ({
      mode: 'elements',
      take: pageSize,
      sort: 'code',
      sortDir: 'asc',
      search: `BM-0${String(10_000 + Math.floor(Math.random() * 89_999))}`,
    }),
  },
  {
    name: 'materials, with elements, active, below minimum',
    path: '/api/stock/materials/grid',
    body: () => ({
      mode: 'elements',
      take: pageSize,
      sort: 'code',
      sortDir: 'asc',
      active: true,
      belowMinimum: true,
    }),
  },
  {
    name: 'levels of a warehouse',
    path: '/api/stock/levels/grid',
    body: () => ({
      warehouseId: mainWarehouse.id,
      take: pageSize,
      sort: 'material',
      sortDir: 'asc',
    }),
  },
  {
    name: "material page: the most moved one's levels",
    path: '/api/stock/levels/grid',
    body: () => ({ materialId: hotId, take: 100, sort: 'warehouse', sortDir: 'asc' }),
  },
  {
    name: "material page: a random one's levels",
    path: '/api/stock/levels/grid',
    body: () => ({ materialId: randomMaterial(), take: 100, sort: 'warehouse', sortDir: 'asc' }),
  },
  {
    name: "material page: the most moved one's history",
    path: '/api/stock/movements',
    body: () => ({ materialId: hotId, take: 100 }),
  },
  {
    name: "material page: a random one's history",
    path: '/api/stock/movements',
    body: () => ({ materialId: randomMaterial(), take: 100 }),
  },
  {
    name: 'inventories, by number',
    path: '/api/stock/inventories/grid',
    body: () => ({ take: pageSize, sort: 'inventoryNumber', sortDir: 'asc' }),
  },
  {
    name: 'operations, newest first',
    path: '/api/stock/operations/grid',
    body: () => ({ take: 100 }),
  },
  {
    name: 'operations of a warehouse',
    path: '/api/stock/operations/grid',
    body: () => ({ take: 100, warehouseId: mainWarehouse.id }),
  },
];
const only = onlyArg();
const mix = calls.filter((q) => only.keeps(q.name));
if (mix.length === 0) throw new Error(`no call's name contains "${only.texts?.join('" or "')}"`);

/** CPU seconds (user + system) process `pid` has used so far (Linux /proc; NaN when it is gone). */
const cpuOf = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
};
const serverPid = child?.pid ?? Number(process.env.BENCH_SERVER_PID ?? NaN);
/** The server's CPU seconds and its database backends' (the connections open on this database). */
const admin = process.env.DATABASE_URL
  ? new pg.Client({ connectionString: process.env.DATABASE_URL })
  : undefined;
await admin?.connect();
const backends = async () =>
  admin
    ? (
        await admin.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
      ).rows.map((r) => r.pid)
    : [];
const cpuNow = async () => {
  const pids = await backends();
  return { server: cpuOf(serverPid), db: new Map(pids.map((pid) => [pid, cpuOf(pid)])) };
};

// A vendor of the demo: the one of the newest receipt.
const newest = JSON.parse(
  (await call(token, 'POST', '/api/stock/operations/grid', { kind: 'receipt', take: 1 })).text,
) as { rows: { vendorId: number }[] };
const vendorId = newest.rows[0]!.vendorId;

const samples: { kind: number; ms: number; at: number }[] = [];
const writes: number[] = [];
let errors = 0;
const loadBefore = loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
const t0 = performance.now();
const end = t0 + (warmup + seconds) * 1000;
let cpuAtWarm: Awaited<ReturnType<typeof cpuNow>> | undefined;
let clientCpuAtWarm: NodeJS.CpuUsage | undefined;
setTimeout(() => {
  clientCpuAtWarm = process.cpuUsage();
  void cpuNow().then((c) => (cpuAtWarm = c));
}, warmup * 1000);
async function worker(id: number) {
  let i = id;
  while (performance.now() < end) {
    const kind = i++ % mix.length;
    const q = mix[kind]!;
    const start = performance.now();
    const res = await call(token, 'POST', q.path, q.body());
    if (!res.ok) {
      errors++;
      if (errors < 5) console.error(q.name, res.status, res.text.slice(0, 300));
    }
    samples.push({ kind, ms: performance.now() - start, at: start });
    if (think > 0)
      await new Promise((resolve) => setTimeout(resolve, think * (0.5 + Math.random())));
  }
}
/** With --write-every <ms>: a keeper posting a receipt of a random material every ~<ms> (each drops the grids' cached pages). */
async function writer() {
  while (writeEvery > 0 && performance.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, writeEvery * (0.5 + Math.random())));
    const start = performance.now();
    const res = await call(token, 'POST', '/api/stock/operations', {
      kind: 'receipt',
      warehouseId: mainWarehouse.id,
      vendorId,
      vendorInvoiceRef: `BENCH-W-${Date.now()}`,
      lines: [{ materialId: randomMaterial(), quantity: 3, unitCost: 1_000 }],
    });
    if (!res.ok) console.error('writer', res.status, res.text.slice(0, 200));
    if (start >= t0 + warmup * 1000) writes.push(performance.now() - start);
  }
}
await Promise.all([...Array.from({ length: clients }, (_, i) => worker(i)), writer()]);
const clientCpu = process.cpuUsage(clientCpuAtWarm);
const cpuEnd = await cpuNow();
const serverCpuSeconds = cpuEnd.server - (cpuAtWarm?.server ?? NaN);
// Backends open at both ends (the pool keeps its connections).
const dbCpuSeconds = [...cpuEnd.db].reduce((sum, [pid, end]) => {
  const start = cpuAtWarm?.db.get(pid);
  return start === undefined || Number.isNaN(end) ? sum : sum + end - start;
}, 0);

const counted = samples.filter((s) => s.at >= t0 + warmup * 1000);
const pct = percentile;
const f = (ms: number) => ms.toFixed(1);
const all = counted.map((s) => s.ms);
console.log(
  `\n${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${JSON.stringify(generated)} (generated in ${genSeconds} s), ${clients} clients ${think > 0 ? `each pausing ~${think} ms` : 'back to back'}${only.texts ? ` on ${mix.length} calls (--only ${only.texts.join(';')})` : ''}, pages of ${pageSize} rows, ${seconds} s measured, ${errors} errors, load average before ${loadBefore}, after ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  `all calls: ${counted.length} calls, ${(counted.length / seconds).toFixed(0)} req/s, median ${f(pct(all, 50))} ms, p99 ${f(pct(all, 99))} ms; CPU per call: server ${f((serverCpuSeconds * 1000) / Math.max(1, counted.length))} ms, PostgreSQL ${f((dbCpuSeconds * 1000) / Math.max(1, counted.length))} ms, these clients ${f((clientCpu.user + clientCpu.system) / 1000 / Math.max(1, counted.length))} ms\n`,
);
if (writes.length)
  console.log(
    `a receipt posted every ~${writeEvery} ms meanwhile: ${writes.length} posted, median ${f(pct(writes, 50))} ms\n`,
  );
console.log('| call | calls | median ms | p99 ms |\n|---|---:|---:|---:|');
mix.forEach((q, kind) => {
  const ms = counted.filter((s) => s.kind === kind).map((s) => s.ms);
  console.log(`| ${q.name} | ${ms.length} | ${f(pct(ms, 50))} | ${f(pct(ms, 99))} |`);
});

// Back-dated receipts of the most moved material, then receipts dated now.
if (backdated > 0) {
  const db = admin;
  console.log(
    `\nreceipts of the most moved material (id ${hotId}) into ${mainWarehouse.name}, one after another:\n`,
  );
  console.log(
    '| dated | later movements of the material | ms | server CPU ms | PostgreSQL CPU ms |\n|---|---:|---:|---:|---:|',
  );
  const receipt = async (monthsAgo: number) => {
    const date = new Date();
    date.setUTCMonth(date.getUTCMonth() - monthsAgo);
    const later = db
      ? Number(
          (
            await db.query(
              'select count(*) from stock_movements where material_id = $1 and operation_date > $2',
              [hotId, date],
            )
          ).rows[0].count,
        )
      : NaN;
    const cpuBefore = await cpuNow();
    const started = performance.now();
    const res = await call(token, 'POST', '/api/stock/operations', {
      kind: 'receipt',
      warehouseId: mainWarehouse.id,
      vendorId,
      vendorInvoiceRef: `BENCH-${monthsAgo}-${Date.now()}`,
      ...(monthsAgo > 0 ? { operationDate: date.toISOString() } : {}),
      lines: [{ materialId: hotId, quantity: 7, unitCost: 99_999 + monthsAgo }],
    });
    const ms = performance.now() - started;
    const cpuAfter = await cpuNow();
    const dbCpu = [...cpuAfter.db].reduce((sum, [pid, end]) => {
      const start = cpuBefore.db.get(pid);
      return start === undefined || Number.isNaN(end) ? sum : sum + end - start;
    }, 0);
    if (!res.ok) console.error('receipt', res.status, res.text.slice(0, 300));
    console.log(
      `| ${monthsAgo > 0 ? `${monthsAgo} months ago` : 'now'} | ${later} | ${f(ms)}${res.ok ? '' : ` (${res.status})`} | ${f((cpuAfter.server - cpuBefore.server) * 1000)} | ${f(dbCpu * 1000)} |`,
    );
  };
  for (let k = 0; k < backdated; k++) await receipt(2 + k);
  for (let k = 0; k < backdated; k++) await receipt(0);
}
await admin?.end();
http.close();

child?.kill('SIGTERM');
if (child) await once(child, 'exit');
