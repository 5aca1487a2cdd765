/*
 * Where a documents search spends its time, statement by statement (issue #15; apps/server/README.md
 * "Search at 200,000 documents"). On a database search.ts filled (`--reuse` keeps it), for the IT
 * lead (reads a tenth of the folders) and the clerk (reads all) and each of the bench's terms: the
 * plan the search chose (documents.search.ts), the page and count, and for every statement of the
 * call — the caller's folders, the window, the plan with the page's rows — its execution and
 * planning time (EXPLAIN ANALYZE without timing: the least of `--repeat` runs) and the CPU time of
 * its PostgreSQL backend per run (Linux /proc, clock ticks of 10 ms summed over the runs): figures
 * a loaded, shared machine disturbs less than latency. `--full` prints each plan with buffers.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/docbench node --import tsx bench/documents/explain.ts [--repeat 20] [--full]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { statementLab } from '../support/statements';
import { loadConfig } from '../../apps/server/src/config';
import { prepareDatabase } from '../../apps/server/src/db/prepare';
import { users } from '../../apps/server/src/db/schema';
import { listDocuments } from '../../apps/server/src/modules/documents/documents.service';
import { SEARCH_TUNING, type SearchPlan } from '../../apps/server/src/modules/documents/documents.search';
import type { AuthUser } from '../../apps/server/src/types';

const { values } = parseArgs({
  options: {
    repeat: { type: 'string', default: '20' },
    full: { type: 'boolean', default: false },
    terms: { type: 'string', default: 'muqavile,nadir,odenis faktura,ezamiy,договор,sozlesme teslimat,yoxdurbele' },
  },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the database search.ts filled');
const repeat = Number(values.repeat);
const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-docexplain-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, process.cwd(), {
  argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
  webDist: dataDir,
});
const database = await prepareDatabase(config);
const app = await buildApp({ config, database, logger: false });
await app.ready();
const person = async (email: string): Promise<AuthUser> =>
  (await app.deps.db.select({ id: users.id, email: users.email, userTypeId: users.userTypeId }).from(users).where(eq(users.email, email)))[0]!;
const people = { lead: await person('lead@servicedesk.az'), clerk: await person('clerk@servicedesk.az') };

const { capture, run, cpuMs, close } = await statementLab(url);
const least = (xs: number[]) => Math.min(...xs).toFixed(2);

for (const [who, user] of Object.entries(people)) {
  for (const term of values.terms.split(',')) {
    let plan: SearchPlan | undefined;
    let json = '';
    const statements = await capture(async () => {
      json = await listDocuments(app.deps, user, { scope: 'unfinished', search: term, take: 100 }, 'az', new Date(), { ...SEARCH_TUNING, onPlan: (p) => (plan = p) });
    });
    const page = JSON.parse(json) as { rows: unknown[]; total: number; totalCapped: boolean };
    console.log(`\n${who} "${term}": plan ${plan}, ${page.rows.length} rows, total ${page.total}${page.totalCapped ? '+' : ''}`);
    let cpuSum = 0;
    for (const { text, values: params } of statements) {
      if (values.full) console.log((await run(`explain (analyze, buffers, costs off) ${text}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n'));
      const execution: number[] = [];
      const planning: number[] = [];
      for (let i = 0; i < repeat; i++) {
        const out = (await run(`explain (analyze, timing off, costs off) ${text}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
        execution.push(Number(/Execution Time: ([\d.]+)/.exec(out)![1]));
        planning.push(Number(/Planning Time: ([\d.]+)/.exec(out)![1]));
      }
      const before = cpuMs();
      for (let i = 0; i < repeat; i++) await run(text, params);
      const cpu = (cpuMs() - before) / repeat;
      cpuSum += cpu;
      console.log(`  execution ${least(execution)} ms, planning ${least(planning)} ms, backend CPU ${cpu.toFixed(2)} ms  ${text.replace(/\s+/g, ' ').trim().slice(0, 70)}`);
    }
    console.log(`  backend CPU of the call's statements: ${cpuSum.toFixed(2)} ms`);
  }
}
await close();
await app.close();
process.exit(0);
