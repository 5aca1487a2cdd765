/*
 * The four cases of issue #44, each measured on its own against one running server (list.ts
 * `--cases`): the clients all send the same case back to back for `seconds` (after `warmup`),
 * then the next case, then the next client count. Signed in as the admin (sees every request).
 *
 * - `first`: the first page of the open requests, newest update first (the help-desk screen);
 * - `deep`: a page 20–100 pages deep of everything, newest update first — through the answer's
 *   `nextCursor` ("load more") when the server gives one (the cursors are collected before the
 *   clients start), else through `skip` (what the server before the cursor offered);
 * - `deepSkip`: the same depth through `skip` (jumping to a page), whatever the server offers;
 * - `search`: a word of the subjects (one of the generator's six, a sixth of the rows each, or a
 *   term matching nothing), newest update first;
 * - `detail`: GET /api/helpdesk/requests/{id} of a random generated request.
 *
 * Each row reports calls/s, median and p99 latency (ms, send → end of body), the database
 * backends' CPU per call (ms; PostgreSQL only), the server process's CPU per call, and the
 * machine's load average when the case started (the cores are shared).
 */
import { createHttpClient } from '../support/http';
import { cpuOf, databaseCpuMeter, loadText } from '../support/cpu';
import { percentile } from '../support/stats';

export const CASES = ['first', 'deep', 'deepSkip', 'search', 'detail'] as const;
export type CaseName = (typeof CASES)[number];

interface Options {
  base: string;
  serverPid: number | undefined;
  cases: readonly CaseName[];
  clientCounts: readonly number[];
  seconds: number;
  warmup: number;
  take: number;
}

const OPEN = ['NEW', 'APPROVED', 'IN_PROGRESS', 'ON_HOLD'];
const TERMS = ['printer', 'VPN', 'poçt', 'monitor', 'доступа', 'laptop', 'heç nə tapılmır'];
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const depth = () => 20 + Math.floor(Math.random() * 81);

/** Runs the cases and prints one Markdown table (see the module comment). */
export async function runCases(o: Options): Promise<void> {
  const http = createHttpClient(o.base, 128);
  const login = await http.call('POST', '/api/auth/login', { body: { email: 'admin@servicedesk.az', password: 'Demo1234' } });
  if (!login.ok) throw new Error(`login: ${login.status}`);
  const token = (JSON.parse(login.text()) as { token: string }).token;
  const grid = async (body: Record<string, unknown>) => {
    const res = await http.call('POST', '/api/helpdesk/requests/grid', { token, body });
    if (!res.ok) throw new Error(`grid ${res.status}: ${res.text().slice(0, 300)}`);
    return JSON.parse(res.text()) as { rows: { id: number }[]; nextCursor?: string | null };
  };
  const everything = { scope: 'all', sort: 'updatedAt', sortDir: 'desc', take: o.take };
  // Cursors of pages 2…101 of everything, newest update first (null: the server has none).
  const cursors: (string | null)[] = [];
  let page = await grid(everything);
  const newestId = Math.max(...page.rows.map((r) => r.id));
  for (let i = 0; i < 100 && page.nextCursor; i++) {
    cursors.push(page.nextCursor);
    page = await grid({ ...everything, after: page.nextCursor });
  }
  const byCursor = cursors.length === 100;
  const bodies: Record<Exclude<CaseName, 'detail'>, () => Record<string, unknown>> = {
    first: () => ({ scope: 'all', status: OPEN, sort: 'updatedAt', sortDir: 'desc', take: o.take }),
    deep: () => (byCursor ? { ...everything, after: cursors[depth() - 1] } : { ...everything, skip: o.take * depth() }),
    deepSkip: () => ({ ...everything, skip: o.take * depth() }),
    search: () => ({ scope: 'all', search: pick(TERMS), sort: 'updatedAt', sortDir: 'desc', take: o.take }),
  };
  const meter = await databaseCpuMeter(process.env.DATABASE_URL);
  console.log(`\ncases: ${o.seconds} s each after ${o.warmup} s warm-up, ${o.take} rows a page, deep page through ${byCursor ? 'nextCursor' : 'skip'}`);
  console.log('| case | clients | calls/s | median ms | p99 ms | DB CPU ms/call | server CPU ms/call | errors | load (1 5 15 min) |\n|---|---|---|---|---|---|---|---|---|');
  for (const clients of o.clientCounts) {
    for (const name of o.cases) {
      const load = loadText();
      const call = () =>
        name === 'detail'
          ? http.call('GET', `/api/helpdesk/requests/${newestId - Math.floor(Math.random() * 100_000)}`, { token })
          : http.call('POST', '/api/helpdesk/requests/grid', { token, body: bodies[name]() });
      const samples: number[] = [];
      let errors = 0;
      const t0 = performance.now();
      const warmEnd = t0 + o.warmup * 1000;
      const end = warmEnd + o.seconds * 1000;
      let dbAtWarm: Map<number, number> | undefined;
      let serverAtWarm = NaN;
      const warmTimer = setTimeout(() => {
        serverAtWarm = o.serverPid ? cpuOf(o.serverPid) : NaN;
        void meter.read().then((m) => (dbAtWarm = m));
      }, o.warmup * 1000);
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (performance.now() < end) {
            const start = performance.now();
            const res = await call();
            const stop = performance.now();
            if (!res.ok) errors++;
            if (start >= warmEnd) samples.push(stop - start);
          }
        }),
      );
      clearTimeout(warmTimer);
      const dbSeconds = dbAtWarm ? await meter.since(dbAtWarm) : NaN;
      const serverSeconds = o.serverPid ? cpuOf(o.serverPid) - serverAtWarm : NaN;
      const n = samples.length;
      const f = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');
      const perCall = (s: number) => (Number.isFinite(s) && n > 0 && process.env.DATABASE_URL !== undefined ? ((s * 1000) / n).toFixed(2) : '–');
      console.log(
        `| ${name} | ${clients} | ${(n / o.seconds).toFixed(0)} | ${f(percentile(samples, 50))} | ${f(percentile(samples, 99))} | ${perCall(dbSeconds)} | ${Number.isFinite(serverSeconds) && n ? ((serverSeconds * 1000) / n).toFixed(2) : '–'} | ${errors} | ${load} |`,
      );
    }
  }
  await meter.close();
  http.close();
}
