/*
 * Where a help-desk list call spends the database's time (issue #44), statement by statement, on a
 * database list.ts filled (100,000 requests): for each role — the admin (scope all), a group lead
 * (their group queue) and an employee (their own) — and each sort of the grid, plus the open
 * requests' first page, a deep page, a word search and one request's detail. For each statement of
 * a call: its execution time (EXPLAIN (ANALYZE, BUFFERS), the least of `--repeat` runs), the
 * buffers it touched, the rows its plan sorted or read, and the plan's nodes in short (`Index Scan
 * helpdesk_requests_created_idx` …), then the backend CPU of the whole call (Linux /proc, clock
 * ticks summed over `--repeat` runs). `--full` prints every plan.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/perf_before node --import tsx bench/helpdesk/explain.ts [--repeat 10] [--full] [--only text]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { helpdeskListQuery, type HelpdeskListQuery } from '@servicedesk/contracts';
import { buildApp } from '../../apps/server/src/app';
import { statementLab } from '../support/statements';
import { loadConfig } from '../../apps/server/src/config';
import { prepareDatabase } from '../../apps/server/src/db/prepare';
import { users } from '../../apps/server/src/db/schema';
import { executedRows } from '../../apps/server/src/lib/lists/list-page';
import { getDetail, listRequests } from '../../apps/server/src/modules/helpdesk/helpdesk.service';
import type { AuthUser } from '../../apps/server/src/types';

const { values } = parseArgs({
  options: { repeat: { type: 'string', default: '10' }, full: { type: 'boolean', default: false }, only: { type: 'string' } },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the database list.ts filled');
const repeat = Number(values.repeat);
const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-hdexplain-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', HELPDESK_LIST_CACHE_MS: '0' }, process.cwd(), {
  argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
  webDist: dataDir,
});
const database = await prepareDatabase(config);
const app = await buildApp({ config, database, logger: false });
await app.ready();
const person = async (email: string): Promise<AuthUser> =>
  (await app.deps.db.select({ id: users.id, email: users.email, userTypeId: users.userTypeId }).from(users).where(eq(users.email, email)))[0]!;
const people = { admin: await person('admin@servicedesk.az'), lead: await person('lead@servicedesk.az'), employee: await person('employee@servicedesk.az') };

const { capture, run, cpuMs, close } = await statementLab(url);

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Sort Method'?: string;
  Plans?: PlanNode[];
}
/** The plan's nodes in short: `Sort(12004)`, `Index Scan helpdesk_requests_created_idx(5100)` — rows each node produced. */
function nodes(node: PlanNode, out: string[] = []): string[] {
  const rows = (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);
  if (!['Result', 'Subquery Scan', 'Aggregate', 'Limit', 'Materialize', 'Memoize'].includes(node['Node Type']) || node['Index Name'])
    out.push(`${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''}(${rows})`);
  for (const child of node.Plans ?? []) nodes(child, out);
  return out;
}

const admin = people.admin;
const genId = Number(executedRows<{ id: number }>(await app.deps.db.execute(sql`select max(id) as id from helpdesk_requests`))[0]!.id) - 500;
const SORTS = ['createdAt', 'updatedAt', 'dueAt', 'priority', 'status', 'title', 'number'] as const;
const calls: { name: string; user: AuthUser; run: () => Promise<unknown> }[] = [];
const list = (name: string, user: AuthUser, q: HelpdeskListQuery) => calls.push({ name, user, run: () => listRequests(app.deps, user, helpdeskListQuery.parse(q), 'az') });
for (const sort of SORTS) {
  list(`admin all by ${sort}`, admin, { scope: 'all', sort, take: 50 });
  list(`lead queue by ${sort}`, people.lead, { scope: 'queue', status: ['NEW', 'APPROVED'], sort, take: 50 });
  list(`employee mine by ${sort}`, people.employee, { scope: 'mine', sort, take: 50 });
}
list('admin open, newest update first (first page)', admin, { scope: 'all', status: ['NEW', 'APPROVED', 'IN_PROGRESS', 'ON_HOLD'], sort: 'updatedAt', take: 50 });
list('admin all, newest update first, skip 5000 (deep page)', admin, { scope: 'all', sort: 'updatedAt', skip: 5000, take: 50 });
list('admin search "VPN", newest update first', admin, { scope: 'all', search: 'VPN', sort: 'updatedAt', take: 50 });
list('admin search "heç nə tapılmır", newest update first', admin, { scope: 'all', search: 'heç nə tapılmır', sort: 'updatedAt', take: 50 });
list('employee involved, newest update first', people.employee, { scope: 'involved', sort: 'updatedAt', take: 50 });
calls.push({ name: 'admin detail', user: admin, run: () => getDetail(app.deps, admin, genId, 'az') });

let total = 0;
for (const call of calls) {
  if (values.only && !call.name.includes(values.only)) continue;
  const statements = await capture(() => call.run());
  const before = cpuMs();
  for (let i = 0; i < repeat; i++) for (const s of statements) await run(s.text, s.values);
  const cpu = (cpuMs() - before) / repeat;
  total += cpu;
  console.log(`\n${call.name}: ${statements.length} statement(s), backend CPU ${cpu.toFixed(2)} ms a call`);
  for (const { text, values: params } of statements) {
    let best = Infinity;
    let plan: { Plan: PlanNode; 'Execution Time': number; 'Planning Time': number } | undefined;
    for (let i = 0; i < Math.min(repeat, 5); i++) {
      const out = (await run(`explain (analyze, buffers, format json) ${text}`, params)).rows[0]['QUERY PLAN'][0];
      if (out['Execution Time'] < best) [best, plan] = [out['Execution Time'], out];
    }
    const top = plan!.Plan;
    if (values.full) console.log((await run(`explain (analyze, buffers, costs off) ${text}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n'));
    console.log(
      `  exec ${best.toFixed(2)} ms, plan ${plan!['Planning Time'].toFixed(2)} ms, buffers ${(top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0)}: ${nodes(top).join(' ')}  — ${text.replace(/\s+/g, ' ').trim().slice(0, 60)}`,
    );
  }
}
console.log(`\nbackend CPU of all calls above: ${total.toFixed(1)} ms`);
await close();
await app.close();
process.exit(0);
