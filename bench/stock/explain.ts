/*
 * EXPLAIN (ANALYZE, BUFFERS) of the statement behind each screen of list.ts, on a database the
 * benchmark filled (run list.ts, or instance.ts, on it first): the repository builds the statement
 * as the server would, and this prints PostgreSQL's plan and its execution time instead of running
 * it for an answer — the load-independent view of where a call's time goes.
 *
 *   DATABASE_URL=postgres://…/filled_db node --import tsx bench/stock/explain.ts [--only levels[;history…]] [--summary]
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import {
  materialListQuery,
  stockLevelListQuery,
  stockOperationListQuery,
  inventoryListQuery,
} from '@servicedesk/contracts';
import type { Db } from '../../apps/server/src/db/client';
import * as repo from '../../apps/server/src/modules/stock/stock.repository';
import { onlyArg } from '../support/args';

const only = onlyArg();
const summary = process.argv.includes('--summary');
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const dialect = new PgDialect();
let plan: string[] = [];
/** A Db whose execute explains the statement (the grids run one statement each through execute). */
const explain = async (q: { sql: string; params: unknown[] }) => {
  const res = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${q.sql}`, q.params);
  plan = res.rows.map((r) => r['QUERY PLAN']);
  return { rows: [{ json: '{}', row: {} }] };
};
// A stand-in for the database: `execute` and the prepared statements (lib/lists executePrepared) explain instead.
// A prepared statement is explained as a one-off (custom plan, planning time included).
const explaining = {
  execute: (statement: SQL) => explain(dialect.sqlToQuery(statement)),
  _: { session: { prepareQuery: (q: { sql: string; params: unknown[] }) => ({ execute: () => explain(q) }) } },
} as unknown as Db;

/** The one number the query answers in its first row's column `value` (a filled database has them all). */
const one = async (sql: string): Promise<number> => {
  const value = (await client.query<{ value: number }>(sql)).rows[0]?.value;
  if (value === undefined || value === null)
    throw new Error(`nothing for ${sql}: fill the database first`);
  return Number(value);
};
const root = await one(`select min(id) as value from material_groups where code = 'bench-1'`);
const main = await one(`select id as value from warehouses where name = 'Mərkəzi anbar'`);
const hot = await one(`select id as value from materials where code = 'BM-000001'`);
const other = await one(`select id as value from materials where code = 'BM-054321'`);

const screens: [string, () => Promise<unknown>][] = [
  [
    'materials collapsed',
    () =>
      repo.listMaterialsJson(
        explaining,
        materialListQuery.parse({ mode: 'collapsed', take: 500, sort: 'code', sortDir: 'asc' }),
        'az',
      ),
  ],
  [
    'materials collapsed group',
    () =>
      repo.listMaterialsJson(
        explaining,
        materialListQuery.parse({
          mode: 'collapsed',
          take: 500,
          sort: 'code',
          sortDir: 'asc',
          groupId: root,
        }),
        'az',
      ),
  ],
  [
    'materials elements',
    () =>
      repo.listMaterialsJson(
        explaining,
        materialListQuery.parse({ mode: 'elements', take: 500, sort: 'code', sortDir: 'asc' }),
        'az',
      ),
  ],
  [
    'materials search kabel',
    () =>
      repo.listMaterialsJson(
        explaining,
        materialListQuery.parse({
          mode: 'elements',
          take: 500,
          sort: 'code',
          sortDir: 'asc',
          search: 'kabel',
        }),
        'az',
      ),
  ],
  [
    'materials search code',
    () =>
      repo.listMaterialsJson(
        explaining,
        materialListQuery.parse({
          mode: 'elements',
          take: 500,
          sort: 'code',
          sortDir: 'asc',
          search: 'BM-054321',
        }),
        'az',
      ),
  ],
  [
    'materials below minimum',
    () =>
      repo.listMaterialsJson(
        explaining,
        materialListQuery.parse({
          mode: 'elements',
          take: 500,
          sort: 'code',
          sortDir: 'asc',
          active: true,
          belowMinimum: true,
        }),
        'az',
      ),
  ],
  [
    'levels warehouse',
    () =>
      repo.listLevelsJson(
        explaining,
        stockLevelListQuery.parse({
          warehouseId: main,
          take: 500,
          sort: 'material',
          sortDir: 'asc',
        }),
      ),
  ],
  [
    'levels material',
    () =>
      repo.listLevelsJson(
        explaining,
        stockLevelListQuery.parse({
          materialId: hot,
          take: 100,
          sort: 'warehouse',
          sortDir: 'asc',
        }),
      ),
  ],
  ['movements hot', () => repo.listMovementsJson(explaining, hot, undefined, 0, 100)],
  ['movements other', () => repo.listMovementsJson(explaining, other, undefined, 0, 100)],
  [
    'inventories',
    () =>
      repo.listInventoriesJson(
        explaining,
        inventoryListQuery.parse({ take: 500, sort: 'inventoryNumber', sortDir: 'asc' }),
      ),
  ],
  [
    'operations',
    () => repo.listOperationsJson(explaining, stockOperationListQuery.parse({ take: 100 })),
  ],
  [
    'operations warehouse',
    () =>
      repo.listOperationsJson(
        explaining,
        stockOperationListQuery.parse({ take: 100, warehouseId: main }),
      ),
  ],
];
for (const [name, run] of screens) {
  if (!only.keeps(name)) continue;
  await run();
  if (summary) {
    const times = plan
      .filter((l) => /Execution Time|Planning Time|Timing: Generation/.test(l))
      .map((l) => l.trim().replace(/Timing: .*Total/, 'JIT'));
    // The statement's own buffers (its top node's line): pages read, whatever the load.
    const buffers = plan.find((l) => l.trim().startsWith('Buffers:'))?.trim() ?? '';
    console.log(`${name}: ${[...times, buffers].join(', ')}`);
  } else console.log(`\n=== ${name}\n${plan.join('\n')}`);
}
await client.end();
