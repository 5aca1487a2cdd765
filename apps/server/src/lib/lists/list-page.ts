import { createHash } from 'node:crypto';
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { LIST_COUNT_CAP } from '@servicedesk/contracts';
import type { Db } from '../../db/client';

/*
 * The list query builder (issue #11): one page of any module's grid rendered as the JSON text of
 * contracts `listResponse(row)` by PostgreSQL in ONE statement — the help desk's way (bench/helpdesk:
 * under load a list call's cost was its round trips and the mapping, validating and serialising
 * of 100 rows in Node, not the query). The module gives its WHERE (scope — the kind's visibility
 * rule — filters and search), its ORDER BY and the JSON of one row; the builder does the rest:
 *
 * - the page is picked as ids only (filter, sort, offset, limit — an index alone often serves it),
 *   then its rows are read by id: joins and names are worked out for the page's rows only, never
 *   for the rows an offset skips;
 * - `total` counts at most `cap` + 1 matches (an exact count would scan them all); `totalCapped`
 *   says there are more.
 */

/** One page to render (see the module comment). */
export interface ListPage {
  /** The table the rows come from; its `id` column picks the page. */
  table: PgTable & { id: AnyPgColumn };
  /** The rows that match (undefined: all). */
  where: SQL | undefined;
  /** ORDER BY, each term directed — see {@link orderBy}. Ends with a unique column (the id) for a stable order. */
  order: readonly SQL[];
  skip: number;
  take: number;
  /** The JSON of one row, e.g. {@link jsonObject}: over the table's columns and the `joins`' aliases. */
  row: SQL;
  /** Joins the row's JSON needs (`join users requester on requester.id = …`), read for the page's rows only. */
  joins?: SQL;
  /**
   * Joins the ORDER BY needs to pick the page (e.g. a sort by a group's name path), one row per
   * row of the table; the WHERE must not use them (the count reads the table alone).
   */
  pageJoins?: SQL;
  /** Most matches counted exactly; default contracts LIST_COUNT_CAP. */
  cap?: number;
  /**
   * Run as a named prepared statement (see {@link executePrepared}): for a page asked often with
   * other values and never repeated (a material's history), where PostgreSQL's planning costs
   * more than the run. Only where one plan suits every value: a generic plan is used after five runs.
   */
  prepared?: string;
}

/** The directed ORDER BY terms of `columns` (`dir` asc or desc). */
export const orderBy = (columns: readonly (AnyPgColumn | SQL)[], dir: 'asc' | 'desc'): SQL[] => columns.map((column) => (dir === 'asc' ? asc(column) : desc(column)));

/** `json_build_object('name', value, …)` of `fields` in their order (names are the module's constants, written as SQL literals). */
export const jsonObject = (fields: Record<string, AnyPgColumn | SQL>): SQL =>
  sql`json_build_object(${sql.join(
    Object.entries(fields).map(([name, value]) => sql`${sql.raw(`'${name.replaceAll("'", "''")}'`)}, ${value}`),
    sql`, `,
  )})`;

/** `column` (timestamptz) as `Date.prototype.toISOString` writes it, e.g. 2026-11-22T05:02:02.380Z. */
export const isoText = (column: AnyPgColumn | SQL): SQL => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The name in `lang` (az when that one is missing or empty; '' when none) of row `id` of `table`,
 * a table with a `names` jsonb column of contracts `localizedNames` (categories, material groups).
 */
export const localizedNameSql = (table: PgTable, id: SQL, lang: string): SQL =>
  sql`(select coalesce(nullif(x.names ->> ${lang}, ''), x.names ->> 'az', '') from ${table} x where x.id = ${id})`;

/** The ILIKE pattern of a search term: `%term%` with \\, % and _ taken literally. */
export const searchPattern = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The rows of `db.execute` (PGlite answers an array-like result, node-postgres `{ rows }`). */
export const executedRows = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

const dialect = new PgDialect();

/**
 * The rows of `statement` run as a **named prepared statement** — `db.execute` with the parse and
 * plan done once per connection instead of on every call. PostgreSQL plans the first five runs for
 * their values and then, when a generic plan costs no more, reuses that one (plan_cache_mode auto):
 * use it where one plan suits every value (an index lookup by id), never for a statement whose best
 * plan depends on a value's selectivity. The name is `name` plus a hash of the SQL text, so each
 * shape of a statement built with optional parts (a filter given or not) is its own statement
 * (node-postgres refuses one name for two texts); the values stay parameters. Bench/stock: a
 * material's levels took 0.66 ms to plan and 0.21 ms to run. On PGlite the name is ignored.
 */
export async function executePrepared<T>(db: Db, name: string, statement: SQL): Promise<T[]> {
  const query = dialect.sqlToQuery(statement);
  const hash = createHash('sha1').update(query.sql).digest('hex').slice(0, 12);
  const prepared = db._.session.prepareQuery(query, undefined, `${name}_${hash}`, false);
  return executedRows<T>(await prepared.execute());
}

/**
 * SQL: the text of `{ rows, total, totalCapped }` — the rows of `table` whose ids the subquery `page`
 * (columns id, position) names, in its order, rendered as `row` over `joins` (read for those rows
 * only); `total` = `count` (an SQL number of matches, counted up to `cap` + 1) at most `cap`. For a
 * module that picks its page and count itself (e.g. a search choosing its plan by the term's
 * selectivity) inside its own statement; {@link listPageJson} is this over one WHERE and ORDER BY.
 */
export function pageJsonSql(page: Pick<ListPage, 'table' | 'row' | 'joins' | 'cap'> & { ids: SQL; count: SQL }): SQL {
  const { table, ids, row, joins, count } = page;
  const cap = page.cap ?? LIST_COUNT_CAP;
  return sql`(select json_build_object(
      'rows', coalesce((
        select json_agg(${row} order by page.position)
        from (${ids}) page
        join ${table} on ${table.id} = page.id
        ${joins ?? sql``}
      ), '[]'::json),
      'total', least(c.n, ${cap}),
      'totalCapped', c.n > ${cap}
    )::text from (select (${count})::int as n) c)`;
}

/**
 * The JSON text of `{ rows, total, totalCapped }` for `page` (see the module comment); times in the
 * row should go through {@link isoText}. The shape is the module's contracts `listResponse(row)`.
 */
export async function listPageJson(db: Db, page: ListPage): Promise<string> {
  const { table, order: terms, skip, take, pageJoins } = page;
  const where = page.where ?? sql`true`;
  const order = sql.join([...terms], sql`, `);
  const cap = page.cap ?? LIST_COUNT_CAP;
  const ids = sql`select ${table.id} as id, row_number() over (order by ${order}) as position
    from ${table} ${pageJoins ?? sql``} where ${where} order by ${order} offset ${skip} limit ${take}`;
  const count = sql`select count(*) from (select 1 from ${table} where ${where} limit ${cap + 1}) capped`;
  const statement = sql`select ${pageJsonSql({ ...page, ids, count: sql`(${count})` })} as json`;
  const rows = page.prepared ? await executePrepared<{ json: string }>(db, page.prepared, statement) : executedRows<{ json: string }>(await db.execute(statement));
  return rows[0]!.json;
}
