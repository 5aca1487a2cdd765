/*
 * Fills one PostgreSQL database with 100,000 rows for each list explain.ts measures (issue #44):
 * migrated and seeded as `npm start` does, then
 *
 * - stock: `generateStock` (100,000 materials, ~100,000 operations of ~400,000 lines, their
 *   movements and levels), inventories topped up to 100,000 (a tenth assigned to the demo
 *   employee or the executor), warehouses topped up to 100,000 (`Anbar NNNNNN`, empty);
 * - equipment: `generateEquipmentRequests` (100,000 requests), every 100th one the demo employee's;
 * - help desk: `generateRequests` (100,000 requests: the detail of task 3);
 * - documents: 100,000 in 400 folders under `Bench` (the IT support group reads every tenth, so the
 *   lead reads a tenth), statuses mixed (DRAFT … PROCESSED), finished ones in the last 60 days,
 *   every 50th one in approval routed to the lead; 100,000 registry entries by the clerk;
 * - finance: 100,000 vendor invoices over 20 bench vendors, by the clerk (60 %) and the accountant,
 *   half of them in the Hüquq group (the clerk's), 15 % in the accounting pool (a third of those
 *   taken by the accountant);
 * - debts: 100,000 counterparties (`Bench podratçı N`, vendors) with a report row;
 * - news: 100,000 posts over three years by the admin — half to everyone, a fifth to the IT group, a
 *   tenth to Hüquq (the employee's), a fifth to the Gəncə location; 1 % scheduled ahead; five pinned.
 *
 * Every insert is an `insert … select from generate_series`; ends with `vacuum analyze`.
 *
 *   psql -h 127.0.0.1 -U postgres -c 'create database lists_bench'
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/lists_bench node --import tsx bench/lists/fill.ts
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config';
import { prepareDatabase } from '../../apps/server/src/db/prepare';
import { generateEquipmentRequests } from '../../apps/server/src/modules/equipment/equipment.generator';
import { generateRequests } from '../../apps/server/src/modules/helpdesk/helpdesk.generator';
import { generateStock } from '../../apps/server/src/modules/stock/stock.generator';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: a fresh PostgreSQL database');
const N = Number(process.env.BENCH_ROWS ?? 100_000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-listsfill-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, process.cwd(), {
  argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
  webDist: dataDir,
});
const database = await prepareDatabase(config);
const db = database.db;
const step = async (name: string, fn: () => Promise<unknown>) => {
  const started = Date.now();
  await fn();
  console.log(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
};
const user = (email: string) => sql.raw(`(select id from users where email = '${email}')`);

await step('stock', () => generateStock(db, { materials: N, lines: 4 * N }));
await step('inventories', () =>
  db.execute(sql`
    with tracked as (select array_agg(id order by id) as ids from materials where tracks_inventories),
    wh as (select array_agg(id order by id) as ids from warehouses)
    insert into inventories (inventory_number, material_id, serial, status, warehouse_id, holder_id, unit_cost, created_at, updated_at)
    select 'INV-B-' || lpad(g::text, 6, '0'), tracked.ids[1 + g % array_length(tracked.ids, 1)], 'SN' || g,
      case when g % 10 = 0 then 'assigned' when g % 10 = 1 then 'inRepair' when g % 10 = 2 then 'writtenOff' else 'inStock' end,
      case when g % 10 = 0 then null else wh.ids[1 + g % 10] end,
      case when g % 20 = 0 then ${user('employee@servicedesk.az')} when g % 10 = 0 then ${user('executor@servicedesk.az')} end,
      1000 + g % 5000, now() - (g || ' minutes')::interval, now() - ((g * 7919) % ${N} || ' minutes')::interval
    from generate_series(1, ${N}::int - (select count(*)::int from inventories)) g, tracked, wh`),
);
await step('warehouses', () =>
  db.execute(sql`
    insert into warehouses (name, location_id, keeper_id, is_active, created_at)
    select 'Anbar ' || lpad(g::text, 6, '0'), (select min(id) from locations), ${user('warehouse@servicedesk.az')}, g % 10 <> 0, now() - (g || ' minutes')::interval
    from generate_series(1, ${N}::int - (select count(*)::int from warehouses)) g`),
);
await step('equipment', async () => {
  await generateEquipmentRequests(db, N);
  await db.execute(sql`update equipment_requests set requester_id = ${user('employee@servicedesk.az')} where id % 100 = 0`);
  await db.execute(sql`update equipment_requests set created_by_id = ${user('employee@servicedesk.az')} where id % 100 = 50`);
});
await step('helpdesk', () => generateRequests(db, N));
await step('documents', async () => {
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
  for (let from = 1; from <= N; from += 20_000) {
    const to = Math.min(N, from + 19_999);
    await db.execute(sql`
      with s as (select g, (array['DRAFT','DRAFT','SUBMITTED','IN_APPROVAL','IN_APPROVAL','RETURNED','APPROVED','APPROVED','REJECTED','PROCESSED'])[1 + g % 10] as status
        from generate_series(${from}::int, ${to}::int) g)
      insert into documents (folder_id, title, type_code, status, finished_at, route, search_text, created_by, created_at, updated_at, version_count)
      select (select min(id) from document_folders where name like 'Bench %') + (g % 400),
        'Sənəd ' || g, 'letter', status,
        case when status in ('APPROVED','REJECTED','PROCESSED') then now() - ((g % 86400) || ' minutes')::interval end,
        case when status = 'IN_APPROVAL' and g % 50 = 3 then jsonb_build_array(jsonb_build_object('userIds', jsonb_build_array(${user('lead@servicedesk.az')}))) end,
        'senedi ' || g, ${user('clerk@servicedesk.az')},
        now() - (g || ' minutes')::interval, now() - (((g * 7919) % ${N}) || ' minutes')::interval, 1
      from s`);
  }
  await db.execute(sql`
    insert into registry_entries (kind, year, seq, number, subject, correspondent, status, created_by, created_at, updated_at)
    select k.kind, 2025, g, k.prefix || '-2025-' || lpad(g::text, 6, '0'), 'Qeyd ' || g || ' ' || k.kind, 'Müxbir ' || (g % 500),
      (array['IN_APPROVAL','APPROVED','APPROVED','REJECTED','VOID'])[1 + g % 5], ${user('clerk@servicedesk.az')},
      timestamptz '2025-01-01' + (g * 3 + k.n) * interval '1 minute', timestamptz '2025-01-01' + (g * 3 + k.n) * interval '1 minute'
    from generate_series(1, ${Math.ceil(N / 3)}::int) g,
      (values ('incoming', 'IN', 0), ('outgoing', 'OUT', 1), ('internal', 'INT', 2)) k(kind, prefix, n)
    on conflict do nothing`);
});
await step('finance', async () => {
  await db.execute(sql`
    insert into modal_elements (kind, name, name_key, tin)
    select 'vendor', 'Bench təchizatçı ' || g, 'bench təchizatçı ' || g, '99' || lpad(g::text, 8, '0') from generate_series(1, 20) g`);
  await db.execute(sql`
    with v as (select array_agg(id order by id) as ids from modal_elements where name like 'Bench təchizatçı %'),
    s as (select g, (array['DRAFT','WAREHOUSE_CHECK','DIRECTOR_APPROVAL','ACCOUNTING_POOL','ACCOUNTING_POOL','PAID','PAID','PAID','PAID','REJECTED','RETURNED','CANCELLED'])[1 + g % 12] as status
      from generate_series(1, ${N}::int) g)
    insert into vendor_invoices (number, number_key, vendor_id, invoice_date, currency, group_id, status, net_total, vat_total, gross_total, author_id, taken_by_id, taken_at, paid_date, created_at, updated_at)
    select 'QF-' || lpad(g::text, 7, '0'), 'qf' || lpad(g::text, 7, '0'), v.ids[1 + g % 20], date '2025-01-01' + (g % 700),
      case when g % 7 = 0 then 'USD' else 'AZN' end,
      case when g % 2 = 0 then (select id from groups where name = 'Hüquq') else (select id from groups where name = 'Maliyyə') end,
      status, 1000 * (g % 900), 180 * (g % 900), 1180 * (g % 900),
      case when g % 5 < 3 then ${user('clerk@servicedesk.az')} else ${user('accountant@servicedesk.az')} end,
      case when status = 'ACCOUNTING_POOL' and g % 3 = 0 then ${user('accountant@servicedesk.az')} end,
      case when status = 'ACCOUNTING_POOL' and g % 3 = 0 then now() end,
      case when status = 'PAID' then date '2025-01-01' + (g % 700) + 10 end,
      now() - (g || ' minutes')::interval, now() - (((g * 7919) % ${N}) || ' minutes')::interval
    from s, v`);
});
await step('debts', async () => {
  await db.execute(sql`
    insert into modal_elements (kind, name, name_key, tin)
    select 'vendor', 'Bench podratçı ' || g, 'bench podratçı ' || g, '77' || lpad(g::text, 8, '0') from generate_series(1, ${N}::int) g`);
  await db.execute(sql`
    insert into debt_counterparties (id, group_id, status, currency, invoiced_minor, paid_minor, balance_minor, last_entry_date)
    select m.id, (select min(id) from debt_groups), (array['normal','normal','normal','watch','inDispute','writtenOff'])[1 + m.id % 6], 'AZN',
      100 * (m.id % 100000), 60 * (m.id % 100000), 40 * (m.id % 100000), case when m.id % 9 <> 0 then date '2025-01-01' + (m.id % 700) end
    from modal_elements m where m.name like 'Bench podratçı %'`);
});
await step('news', () =>
  db.execute(sql`
    insert into news_posts (title, body, excerpt, author_id, audience_everyone, audience_group_ids, audience_location_ids, publish_at, pinned, mandatory, created_at, updated_at)
    select 'Xəbər ' || g, '<p>Xəbər ' || g || '</p>', 'Xəbər ' || g, ${user('admin@servicedesk.az')},
      g % 10 < 5, case when g % 10 in (5, 6) then array[(select id from groups where name = 'İT dəstəyi')] when g % 10 = 7 then array[(select id from groups where name = 'Hüquq')] else '{}'::int[] end,
      case when g % 10 in (8, 9) then array[(select id from locations where name = 'Gəncə filialı')] else '{}'::int[] end,
      case when g % 100 = 0 then now() + (g || ' minutes')::interval else now() - (g * 15 || ' minutes')::interval end,
      g in (7, 1000, 20000, 50000, 90000), g % 50 = 0, now() - (g * 15 || ' minutes')::interval, now() - (g * 15 || ' minutes')::interval
    from generate_series(1, ${N}::int) g`),
);
await database.close();
const client = new pg.Client({ connectionString: url });
await client.connect();
await step('vacuum analyze', () => client.query('vacuum analyze'));
await client.end();
process.exit(0);
