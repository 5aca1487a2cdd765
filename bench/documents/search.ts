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
 *   node --import tsx bench/documents/search.ts --documents 200000 --clients 20 --seconds 20
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
  },
});
const total = Number(values.documents);
const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-docbench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, process.cwd(), {
  ...(process.env.DATABASE_URL ? {} : { database: { kind: 'pglite-memory' as const } }),
  argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
  webDist: dataDir,
});
const database = await prepareDatabase(config);
const db = database.db;

// Folders: 400 under one root of the clerk's; the IT support group reads every tenth.
const started = Date.now();
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
const words = [
  'muqavile', 'odenis', 'ezamiyyet', 'emr', 'mektub', 'hesab', 'faktura', 'teslim', 'akt', 'server', 'printer', 'sebeke',
  'договор', 'оплата', 'приказ', 'письмо', 'счет', 'поставка', 'sozlesme', 'odeme', 'fatura', 'teslimat', 'contract', 'invoice',
  'delivery', 'payment', 'order', 'letter', 'budget', 'warehouse', 'material', 'inventory', 'approval', 'director', 'clerk', 'lawyer',
];
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
const generated = (Date.now() - started) / 1000;

const app = await buildApp({ config, database, logger: false });
await app.ready();
const login = async (email: string) =>
  ((await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Demo1234' } })).json() as { token: string }).token;
const tokens = [await login('lead@servicedesk.az'), await login('clerk@servicedesk.az')];
const terms = ['muqavile', 'nadir', 'odenis faktura', 'ezamiy', 'договор', 'sozlesme teslimat', 'yoxdurbele'];

const latencies: number[] = [];
let calls = 0;
const warmupEnd = Date.now() + Number(values.warmup) * 1000;
const end = warmupEnd + Number(values.seconds) * 1000;
async function client(index: number): Promise<void> {
  for (let i = index; Date.now() < end; i++) {
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/documents/grid',
      headers: { authorization: `Bearer ${tokens[i % tokens.length]}` },
      payload: { scope: 'unfinished', search: terms[i % terms.length], take: 100 },
    });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`grid answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    if (Date.now() > warmupEnd) {
      latencies.push(ms);
      calls++;
    }
  }
}
await Promise.all(Array.from({ length: Number(values.clients) }, (_, i) => client(i)));
latencies.sort((a, b) => a - b);
const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(1);
console.log(
  JSON.stringify({
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    documents: total,
    generatedSeconds: generated,
    clients: Number(values.clients),
    seconds: Number(values.seconds),
    callsPerSecond: Math.round(calls / Number(values.seconds)),
    medianMs: q(0.5),
    p99Ms: q(0.99),
  }),
);
await app.close();
process.exit(0);
