/*
 * Permission-filtered full-text search over many documents (issue #15 "bench/: 200,000 documents
 * with extracted text on PostgreSQL: a permission-filtered full-text search p99 ≤ 100 ms at 20
 * concurrent clients"). One process: the app is built on DATABASE_URL (a fresh database; unset →
 * in-memory PGlite), migrated and seeded; then `--documents` documents are written with one
 * `insert … select from generate_series` per 20,000 rows into 400 folders (the IT support group
 * reads a tenth of them; the rest is the clerk's), each with a title and ~120 words of "extracted
 * text" drawn from a vocabulary in the demo's languages, folded as the app folds it. `--clients`
 * clients then send `POST /api/documents/grid { scope: 'unfinished', search }` through
 * app.inject (no sockets: server and database time only) one after another for `--seconds`, as the
 * group's lead (permission-filtered) and as the clerk, cycling through search terms (common,
 * rare, two words, a prefix, nothing matching). Prints calls/s, median and p99 in ms.
 *
 *   psql -c 'create database docbench'
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/docbench node --import tsx bench/documents/search.ts
 *   node --import tsx bench/documents/search.ts --documents 200000 --clients 20 --seconds 20 [--reuse]
 *
 * `--reuse` keeps the documents an earlier run generated in the same database. Besides latency it
 * prints the CPU time per call of the app (this process) and of the PostgreSQL backends (/proc):
 * figures a loaded, shared machine disturbs less than latency.
 *
 * The grid's page cache (lib/lists/list-cache.ts) is on as in production (HELPDESK_LIST_CACHE_MS,
 * default 5000 ms; `HELPDESK_LIST_CACHE_MS=0` turns it off): with the seven terms it answers nearly
 * every call. `--vary` draws every call's term from the vocabulary instead (two words, the second a
 * prefix — thousands of different searches, few asked twice); `--changes 1000` has the clerk save a
 * document through the API every second, which drops every cached page.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { prepareDatabase } from '../../apps/server/src/db/prepare';

const { values } = parseArgs({
  options: {
    documents: { type: 'string', default: '200000' },
    clients: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    // Keep the documents a previous run generated in this database (no generation).
    reuse: { type: 'boolean', default: false },
    // Varied terms: two words of the vocabulary, the second a prefix of 3 letters or more (about
    // 2,500 different searches a user), instead of the seven fixed ones — what the list cache
    // cannot answer from memory.
    vary: { type: 'boolean', default: false },
    // A document change every `changes` ms (0: none): the clerk saves a bench document through the
    // API, which drops every cached page (documents.lists.ts).
    changes: { type: 'string', default: '0' },
  },
});
const words = [
  'muqavile', 'odenis', 'ezamiyyet', 'emr', 'mektub', 'hesab', 'faktura', 'teslim', 'akt', 'server', 'printer', 'sebeke',
  'договор', 'оплата', 'приказ', 'письмо', 'счет', 'поставка', 'sozlesme', 'odeme', 'fatura', 'teslimat', 'contract', 'invoice',
  'delivery', 'payment', 'order', 'letter', 'budget', 'warehouse', 'material', 'inventory', 'approval', 'director', 'clerk', 'lawyer',
];
const total = Number(values.documents);
const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-docbench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, process.cwd(), {
  ...(process.env.DATABASE_URL ? {} : { database: { kind: 'pglite-memory' as const } }),
  argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
  webDist: dataDir,
});
const database = await prepareDatabase(config);
const db = database.db;

const started = Date.now();
const existing = await db.execute(sql`select count(*)::int as n from document_folders where name = 'Bench'`);
const generatedBefore = ((Array.isArray(existing) ? existing : (existing as { rows: { n: number }[] }).rows) as { n: number }[])[0]!.n > 0;
if (!(values.reuse && generatedBefore)) await generate();
const generated = (Date.now() - started) / 1000;

/** The bench's folders, permissions and `total` documents (see the file comment). */
async function generate(): Promise<void> {
  // Folders: 400 under one root of the clerk's; the IT support group reads every tenth.
  await db.execute(sql`
    with clerk as (select id from users where email = 'clerk@servicedesk.az'),
    root as (insert into document_folders (name, created_by) select 'Bench', id from clerk returning id)
    insert into document_folders (name, parent_id, created_by)
    select 'Bench ' || g, (select id from root), (select id from clerk) from generate_series(1, 400) g`);
  await db.execute(sql`
    insert into document_folder_permissions (folder_id, principal_kind, principal_id, level)
    select f.id, 'user', f.created_by, 'manage' from document_folders f where f.name = 'Bench'`);
  await db.execute(sql`
    insert into document_folder_permissions (folder_id, principal_kind, principal_id, level)
    select f.id, 'group', (select id from groups where name = 'İT dəstəyi'), 'read'
    from document_folders f where f.name like 'Bench %' and (substring(f.name from 7)::int % 10) = 0`);
  const vocabulary = sql.raw(`array[${words.map((w) => `'${w}'`).join(',')}]`);
  for (let from = 1; from <= total; from += 20_000) {
    const to = Math.min(total, from + 19_999);
    await db.execute(sql`
      insert into documents (folder_id, title, type_code, status, search_text, created_by, created_at, updated_at, version_count)
      select (select min(id) from document_folders where name like 'Bench %') + (g % 400),
        'Sənəd ' || g,
        'letter', 'DRAFT',
        'senedi ' || g || ' ' || (select string_agg((${vocabulary})[1 + ((g * 7 + i * 13 + (g % 97) * i) % ${words.length})], ' ') from generate_series(1, 120) i)
          || case when g % 1000 = 0 then ' nadir' else '' end,
        (select id from users where email = 'clerk@servicedesk.az'),
        now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval, 1
      from generate_series(${from}::int, ${to}::int) g`);
  }
  await db.execute(sql`analyze documents`);
}

const app = await buildApp({ config, database, logger: false });
await app.ready();
const login = async (email: string) =>
  ((await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Demo1234' } })).json() as { token: string }).token;
const tokens = [await login('lead@servicedesk.az'), await login('clerk@servicedesk.az')];
const terms = ['muqavile', 'nadir', 'odenis faktura', 'ezamiy', 'договор', 'sozlesme teslimat', 'yoxdurbele'];
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const termOf = (i: number): string => {
  if (!values.vary) return terms[i % terms.length]!;
  const second = pick(words);
  return `${pick(words)} ${second.slice(0, 3 + Math.floor(Math.random() * (second.length - 2)))}`;
};

// CPU time of the server's side (load-independent, unlike latency on a shared machine): this
// process (the app) and the PostgreSQL backends of this database (Linux /proc; clock ticks of 10 ms).
const backendsCpuMs = async (): Promise<number | null> => {
  try {
    const result = await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`);
    const pids = (Array.isArray(result) ? result : (result as { rows: { pid: number }[] }).rows) as { pid: number }[];
    return pids.reduce((sum, { pid }) => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return sum + (Number(fields[11]) + Number(fields[12])) * 10;
    }, 0);
  } catch {
    return null; // PGlite, or another host
  }
};
const latencies: number[] = [];
let calls = 0;
let cpuAtStart: NodeJS.CpuUsage | undefined;
let backendsAtStart: number | null = null;
const warmupEnd = Date.now() + Number(values.warmup) * 1000;
const end = warmupEnd + Number(values.seconds) * 1000;
async function client(index: number): Promise<void> {
  for (let i = index; Date.now() < end; i++) {
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/documents/grid',
      headers: { authorization: `Bearer ${tokens[i % tokens.length]}` },
      payload: { scope: 'unfinished', search: termOf(i), take: 100 },
    });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`grid answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    if (Date.now() > warmupEnd) {
      if (!cpuAtStart) {
        cpuAtStart = process.cpuUsage();
        backendsAtStart = await backendsCpuMs();
      }
      latencies.push(ms);
      calls++;
    }
  }
}
// The document changes: the clerk renames one of the bench's documents every `--changes` ms.
let changes = 0;
async function changer(every: number): Promise<void> {
  const range = await db.execute(sql`select min(d.id)::int as first, max(d.id)::int as last from documents d
    join document_folders f on f.id = d.folder_id where f.name like 'Bench %'`);
  const { first, last } = ((Array.isArray(range) ? range : (range as { rows: { first: number; last: number }[] }).rows) as { first: number; last: number }[])[0]!;
  while (Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, every));
    // A random bench document by its id (the primary key's index: no sort of the table).
    const from = first + Math.floor(Math.random() * (last - first + 1));
    const ids = await db.execute(sql`select id, folder_id as "folderId" from documents where id >= ${from} and folder_id is not null order by id limit 1`);
    const doc = ((Array.isArray(ids) ? ids : (ids as { rows: { id: number; folderId: number }[] }).rows) as { id: number; folderId: number }[])[0]!;
    const res = await app.inject({
      method: 'POST',
      url: '/api/documents/save',
      headers: { authorization: `Bearer ${tokens[1]}` },
      payload: { id: doc.id, folderId: doc.folderId, title: `Sənəd dəyişdi ${changes}`, typeCode: 'letter' },
    });
    if (res.statusCode !== 200) throw new Error(`save answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    if (Date.now() > warmupEnd) changes++;
  }
}
await Promise.all([
  ...Array.from({ length: Number(values.clients) }, (_, i) => client(i)),
  ...(Number(values.changes) > 0 ? [changer(Number(values.changes))] : []),
]);
const appCpu = process.cpuUsage(cpuAtStart);
const backendsAtEnd = await backendsCpuMs();
latencies.sort((a, b) => a - b);
const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(1);
console.log(
  JSON.stringify({
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    documents: total,
    generatedSeconds: generated,
    clients: Number(values.clients),
    seconds: Number(values.seconds),
    listCacheMs: config.helpdeskListCacheMs,
    terms: values.vary ? 'varied' : 'seven',
    documentChanges: changes,
    callsPerSecond: Math.round(calls / Number(values.seconds)),
    medianMs: q(0.5),
    p99Ms: q(0.99),
    appCpuMsPerCall: ((appCpu.user + appCpu.system) / 1000 / calls).toFixed(2),
    postgresCpuMsPerCall: backendsAtStart !== null && backendsAtEnd !== null ? ((backendsAtEnd - backendsAtStart) / calls).toFixed(2) : null,
    loadAverage: loadavg().map((l) => l.toFixed(2)).join(' '),
  }),
);
await app.close();
process.exit(0);
