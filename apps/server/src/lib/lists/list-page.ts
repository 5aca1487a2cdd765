import { createHash } from 'node:crypto';
import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { LIST_COUNT_CAP } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { badRequest } from '../errors';

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
 *
 * With a {@link Keyset} (issue #44) the page is a walk of the index that matches the filter and the
 * sort, at the same cost however deep: the answer's `nextCursor` names the page's last row by its
 * sort keys, and the next page ("load more") starts after it (`(k1, k2, …) < (v1, v2, …)`, which a
 * btree on the keys serves as its start) instead of skipping the rows before. `skip` still jumps
 * to a page (the walk then reads the skipped keys, from the index). Visibility and scopes that are
 * an OR of parts (requester or assignee or group …) may be given as `branches`: each part is
 * walked in its own index and the walks merged, so none of them sorts all the rows it matches.
 * A text search that a trigram index finds without order (`search`) is looked up there when it
 * matches few rows, and walked along the sort when it matches many (see {@link KeysetSearch}).
 */

/** One page to render (see the module comment). */
export interface ListPage {
  /** The table the rows come from; its `id` column picks the page. */
  table: PgTable & { id: AnyPgColumn };
  /** The rows that match (undefined: all). */
  where: SQL | undefined;
  /**
   * ORDER BY, each term directed — see {@link orderBy}. Ends with a unique column (the id) for a
   * stable order. Not needed with `keyset` (its keys are the order).
   */
  order?: readonly SQL[];
  /** Keyset paging (see the module comment): the sort keys, their direction and the cursor to continue after. */
  keyset?: Keyset;
  skip: number;
  take: number;
  /** The JSON of one row, e.g. {@link jsonObject}: over the table's columns and the `joins`' aliases. */
  row: SQL;
  /** Joins the row's JSON needs (`join users requester on requester.id = …`), read for the page's rows only. */
  joins?: SQL;
  /**
   * Joins the ORDER BY needs to pick the page (e.g. a sort by a group's name path), one row per
   * row of the table; the WHERE must not use them (the count reads the table alone). With a
   * `keyset` its keys may be their columns (a unit sorted by its material's name: the walk of the
   * materials' name index, each one's units joined).
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

/** How a sort key's cursor value is read back: the SQL type it is cast to. */
export type SortKeyType = 'int' | 'bigint' | 'numeric' | 'text' | 'date' | 'timestamptz' | 'boolean';

/**
 * One key of a keyset order: a column or an expression (the same as the index's), never null, and
 * its type. `dir`: this key's own direction, whatever the keyset's (e.g. pinned posts first, then
 * the posts newest or oldest first); the btree that serves such an order has the same mix.
 */
export interface SortKey {
  sql: AnyPgColumn | SQL;
  type: SortKeyType;
  dir?: 'asc' | 'desc';
}

/**
 * A text search for a keyset page. `indexed` is the predicate as an unordered index finds it
 * (e.g. `title ILIKE '%vpn%'` over a trigram GIN index); `walked` the same predicate written so
 * that no index serves it (e.g. `(title || '') ILIKE …`), checked row by row along the sort index.
 * The page counts the matches up to the cap through `indexed` first: at most the cap → few rows
 * match, they are read through `indexed` and sorted (at most cap rows); more → the matches are
 * dense (≥ cap in the table), and walking the sort index finds a page after reading at most
 * (table rows ÷ cap) × take rows, where the trigram index would hand over every match to sort.
 */
export interface KeysetSearch {
  indexed: SQL;
  walked: SQL;
}

/**
 * Keyset paging of a list: `keys` in order (the last one unique, e.g. the id; all of them in the
 * order of one btree index, so the walk and the cursor's start are that index's), all in `dir`;
 * `after` = the `nextCursor` of the previous page (its last row), undefined for the first page.
 * `branches`: parts of the WHERE joined by OR (each walked in its own index, the walks merged);
 * `search`: see {@link KeysetSearch}.
 */
export interface Keyset {
  keys: readonly SortKey[];
  dir: 'asc' | 'desc';
  after?: string;
  branches?: readonly SQL[];
  search?: KeysetSearch;
}

const KEY_VALUE: Record<SortKeyType, (v: unknown) => boolean> = {
  int: (v) => typeof v === 'number' && Number.isInteger(v),
  bigint: (v) => (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^-?\d+$/.test(v)),
  numeric: (v) => typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)),
  text: (v) => typeof v === 'string',
  date: (v) => typeof v === 'string' && !Number.isNaN(Date.parse(v)),
  timestamptz: (v) => typeof v === 'string' && !Number.isNaN(Date.parse(v)),
  boolean: (v) => typeof v === 'boolean',
};

/**
 * The values of `cursor` (a page's `nextCursor`: base64url of the JSON array of its last row's
 * keys) checked against `keys`; 400 `invalidCursor` when it is not one of this order's cursors
 * (another sort's, or edited).
 */
export function cursorValues(cursor: string, keys: readonly SortKey[]): unknown[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = undefined;
  }
  if (!Array.isArray(values) || values.length !== keys.length || !keys.every((key, i) => KEY_VALUE[key.type](values[i]))) {
    throw badRequest('invalidCursor', 'The cursor does not belong to this list and order.');
  }
  return values;
}

/** The direction of each key of `keyset` (its own, else the keyset's). */
const keyDirs = (keyset: Pick<Keyset, 'keys' | 'dir'>): ('asc' | 'desc')[] => keyset.keys.map((key) => key.dir ?? keyset.dir);

/**
 * SQL: the rows after the cursor's row in the keyset order. Keys all in one direction: one row
 * comparison, which a btree on the keys serves as the walk's start. Mixed directions (a key with
 * its own `dir`): the first key at or after its value (the walk's start), and then the first key
 * past it, or equal and the second past it, … — the row comparison written out.
 */
function afterCursor(keyset: Keyset): SQL | undefined {
  if (!keyset.after) return undefined;
  const values = cursorValues(keyset.after, keyset.keys);
  const value = (i: number) => sql`cast(${typeof values[i] === 'number' ? String(values[i]) : values[i]} as ${sql.raw(keyset.keys[i]!.type)})`;
  const dirs = keyDirs(keyset);
  if (dirs.every((dir) => dir === dirs[0])) {
    const left = sql.join(
      keyset.keys.map((key) => sql`${key.sql}`),
      sql`, `,
    );
    const right = sql.join(
      keyset.keys.map((_, i) => value(i)),
      sql`, `,
    );
    return dirs[0] === 'desc' ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
  }
  const past = (i: number) => (dirs[i] === 'desc' ? sql`${keyset.keys[i]!.sql} < ${value(i)}` : sql`${keyset.keys[i]!.sql} > ${value(i)}`);
  const equal = (i: number) => sql`${keyset.keys[i]!.sql} = ${value(i)}`;
  const terms = keyset.keys.map((_, i) => sql`(${sql.join([...Array.from({ length: i }, (_, j) => equal(j)), past(i)], sql` and `)})`);
  const start = dirs[0] === 'desc' ? sql`${keyset.keys[0]!.sql} <= ${value(0)}` : sql`${keyset.keys[0]!.sql} >= ${value(0)}`;
  return sql`(${start} and (${sql.join(terms, sql` or `)}))`;
}

/** SQL text of the cursor naming the row whose keys are the columns `k0`, `k1`, … of `alias`. */
const cursorOf = (alias: string, n: number): SQL =>
  sql.raw(
    `translate(encode(convert_to(json_build_array(${Array.from({ length: n }, (_, i) => `${alias}.k${i}`).join(', ')})::text, 'UTF8'), 'base64'), E'+/=\\n', '-_')`,
  );

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
 * row should go through {@link isoText}. The shape is the module's contracts `listResponse(row)`;
 * with `keyset` it adds `nextCursor` (the cursor of the page's last row when the page is full, else
 * null) — see {@link keysetPageSql}.
 */
export async function listPageJson(db: Db, page: ListPage): Promise<string> {
  const statement = page.keyset ? keysetPageSql(page, page.keyset) : offsetPageSql(page);
  const rows = page.prepared ? await executePrepared<{ json: string }>(db, page.prepared, statement) : executedRows<{ json: string }>(await db.execute(statement));
  return rows[0]!.json;
}

/** The statement of a page picked by ORDER BY and OFFSET (a list without a keyset). */
function offsetPageSql(page: ListPage): SQL {
  const { table, skip, take, pageJoins } = page;
  const where = page.where ?? sql`true`;
  const order = sql.join([...(page.order ?? [])], sql`, `);
  const cap = page.cap ?? LIST_COUNT_CAP;
  const ids = sql`select ${table.id} as id, row_number() over (order by ${order}) as position
    from ${table} ${pageJoins ?? sql``} where ${where} order by ${order} offset ${skip} limit ${take}`;
  const count = sql`select count(*) from (select 1 from ${table} where ${where} limit ${cap + 1}) capped`;
  return sql`select ${pageJsonSql({ ...page, ids, count: sql`(${count})` })} as json`;
}

/**
 * The statement of a keyset page (issue #44), one statement: `c` counts the matches up to the cap
 * (a union of each branch's first cap + 1, or through the search's index), `page` picks the page's
 * ids and sort keys — a walk of the sort index after the cursor (each branch its own walk, merged),
 * or with a search that matches at most the cap, those matches sorted (see {@link KeysetSearch}) —
 * and the answer renders the page's rows by id, the capped total and `nextCursor`.
 */
export function keysetPageSql(page: ListPage, keyset: Keyset): SQL {
  const { table, skip, take, row, joins } = page;
  const from = page.pageJoins ? sql`${table} ${page.pageJoins}` : sql`${table}`;
  const cap = page.cap ?? LIST_COUNT_CAP;
  const n = keyset.keys.length;
  const dirs = keyDirs(keyset);
  const order = sql.join(
    keyset.keys.map((key, i) => (dirs[i] === 'asc' ? asc(key.sql) : desc(key.sql))),
    sql`, `,
  );
  const keyColumns = sql.join(keyset.keys.map((key, i) => sql`${key.sql} as ${sql.raw(`k${i}`)}`), sql`, `);
  const aliasOrder = (alias: string) => sql.raw(Array.from({ length: n }, (_, i) => `${alias}.k${i} ${dirs[i]}`).join(', '));
  const aliasKeys = (alias: string) => sql.raw(Array.from({ length: n }, (_, i) => `${alias}.k${i}`).join(', '));
  const after = afterCursor(keyset);
  const branches = keyset.branches?.length ? keyset.branches : undefined;
  const anyBranch = branches ? (branches.length === 1 ? branches[0] : sql`(${sql.join([...branches], sql` or `)})`) : undefined;

  /** The page along the sort index over `where` (one walk per branch, merged). */
  const walk = (where: SQL | undefined): SQL => {
    if (!branches || branches.length === 1) {
      return sql`select ${table.id} as id, row_number() over (order by ${order}) as position, ${keyColumns}
        from ${from} where ${and(where, anyBranch, after) ?? sql`true`} order by ${order} offset ${skip} limit ${take}`;
    }
    const parts = branches.map(
      (branch) => sql`(select ${table.id} as id, ${keyColumns} from ${from} where ${and(where, branch, after)} order by ${order} limit ${skip + take})`,
    );
    return sql`select u.id, row_number() over (order by ${aliasOrder('u')}) as position, ${aliasKeys('u')}
      from (${sql.join(parts, sql` union `)}) u order by ${aliasOrder('u')} offset ${skip} limit ${take}`;
  };
  const counted = (where: SQL | undefined): SQL =>
    branches && branches.length > 1
      ? sql`select count(*)::int as n from (${sql.join(
          branches.map((branch) => sql`(select ${table.id} from ${table} where ${and(where, branch)} limit ${cap + 1})`),
          sql` union `,
        )}) capped`
      : sql`select count(*)::int as n from (select 1 from ${table} where ${and(where, anyBranch) ?? sql`true`} limit ${cap + 1}) capped`;

  let ctes: SQL;
  if (keyset.search) {
    const { indexed, walked } = keyset.search;
    // Few matches: found through the search's index (no order asked of it), then sorted.
    const few = sql`m as materialized (select ${table.id} as id, ${keyColumns} from ${from}
        where ${and(page.where, anyBranch, indexed, after)} and (select c.n from c) <= ${cap})`;
    const fewPage = sql`select m.id, row_number() over (order by ${aliasOrder('m')}) as position, ${aliasKeys('m')}
        from m order by ${aliasOrder('m')} offset ${skip} limit ${take}`;
    const manyPage = sql`select w.* from (${walk(and(page.where, walked))}) w where (select c.n from c) > ${cap}`;
    ctes = sql`with c as materialized (select count(*)::int as n from (select 1 from ${table} where ${and(page.where, anyBranch, indexed) ?? sql`true`} limit ${cap + 1}) capped),
      ${few},
      page as materialized ((${fewPage}) union all (${manyPage}))`;
  } else {
    ctes = sql`with c as materialized (${counted(page.where)}),
      page as materialized (${walk(page.where)})`;
  }
  return sql`${ctes}
    select json_build_object(
      'rows', coalesce((
        select json_agg(${row} order by page.position)
        from page
        join ${table} on ${table.id} = page.id
        ${joins ?? sql``}
      ), '[]'::json),
      'total', least(c.n, ${cap}),
      'totalCapped', c.n > ${cap},
      'nextCursor', (select ${cursorOf('last', n)} from page last where (select count(*) from page) = ${take} order by last.position desc limit 1)
    )::text as json from c`;
}
