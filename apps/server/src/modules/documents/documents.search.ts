import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';
import { executePrepared, pageJsonSql } from '../../lib/lists/list-page';
import { folderIdsArray, type ReadableDocuments } from './documents.permissions';

/*
 * Full-text search of the circulation lists in their time order (issue #15 "200,000 documents with
 * extracted text: a permission-filtered full-text search p99 ≤ 100 ms at 20 concurrent clients";
 * bench/documents/search.ts; apps/server/README.md "Search at 200,000 documents").
 *
 * Left to PostgreSQL's planner as one statement, a search took seconds: the planner misjudges a
 * tsquery's selectivity (PostgreSQL 15 estimated `muqavile:*` at 2 % where it matches 52 %) and
 * cannot know how much of it the caller may read, so it walked the whole (updated_at, id) index for
 * a rare word (2.2 s for `nadir`) and built the GIN bitmap of 100,000 matches to count a common one
 * (65–300 ms). Here the data chooses the plan, and each plan is a query shape with one sensible
 * execution whatever the estimates:
 *
 * 1. The window (one statement): the newest `window` documents of the scope in the list's order —
 *    an index walk that stops — each tested for the term and for the caller's permission. When it
 *    read the whole scope, or holds the page and more than the cap, it answers.
 * 2. Else the window's share of documents with the term (dT) and of those the caller may read (dF)
 *    estimate the rows each plan reads ({@link choosePlan}), and the cheapest runs, with the page's
 *    rows rendered in the same statement:
 *    - `walk`: the list's order until the page and cap + 1 matches are found (max(page end, cap +
 *      1) / dF rows) — a common word the caller may read;
 *    - `readable`: the documents the caller may read — folder by folder on documents_folder_idx, the
 *      own ones at the root, the routed ones on documents_route_idx — until cap + 1 have the word
 *      ((cap + 1) / dT): the count; when fewer exist they are every match and give the page too,
 *      else the page comes from the window or from a walk (`readable+walk`) — a common word in a
 *      few of the caller's folders;
 *    - `gin`: every document with the word through the GIN index (dT × documents), filtered and
 *      sorted — the page and the count at once; a rare word.
 * A word's share among the newest documents stands for its share among all. Where that misleads —
 * a word frequent long ago and rare lately — `gin` costs its matches, and a walk that falls short
 * of its estimate hands over to `gin`: slower, never wrong.
 *
 * The count goes as far as the page (cap = skip + take, {@link searchCountCap}): `total` is exact
 * when the matches end within the page, else it is the page's end with `totalCapped` — the next
 * page says more. Counting on to LIST_COUNT_CAP (1,001 readable matches) was most of a common
 * word's statement (bench/documents: the IT lead's count read ~3,000 buffers of scattered rows), for a
 * figure the web showed as "of more than 1,000" anyway. With that cap the window usually holds the
 * page of a word a caller reading most folders finds often, and then answers in its own statement,
 * the page rendered with it (`readShare`): one statement a search instead of two.
 */

/** The plan that answered a search (see the module comment). */
export type SearchPlan = 'window' | 'walk' | 'readable' | 'readable+walk' | 'gin';

/** How the search plans. Tests shrink the window and the cap, force a plan and starve a walk, to reach every path with a few documents. */
export interface SearchTuning {
  /** Newest documents of the scope the first look reads (rows). */
  window: number;
  /** Most matches counted exactly (default {@link searchCountCap}: the page's end). */
  cap?: number;
  /** Tests: this plan instead of the cheapest, when the window does not answer. */
  plan?: 'walk' | 'readable' | 'gin';
  /** Tests: the rows a walk may read instead of its estimate (too few: it falls short, `gin` answers). */
  walkRows?: number;
  /** Told which plan answered (tests, bench/documents). */
  onPlan?: (plan: SearchPlan) => void;
}

/** 500 rows: ~0.5 ms of index walk, enough to tell a word in 1 % of the documents (5 hits) from one in 50 % (250). */
export const SEARCH_TUNING: SearchTuning = { window: 500 };

/**
 * What a row costs each plan, in rows of the walk (bench/documents on PostgreSQL 15): the walk reads
 * the table in its physical order, under 1 µs a row; a folder's documents lie scattered (a heap page
 * each) and a GIN match is fetched, filtered and sorted: about three times that.
 */
const READABLE_ROW = 3;
const GIN_ROW = 3;

/** One search of a circulation list sorted by `updated_at` (then id). */
export interface DocumentSearch {
  /** The live documents of the list's scope (not in the bin; status, folder …), without permission or term. */
  scope: SQL;
  /** What the caller may read (documents.permissions.ts). */
  readable: ReadableDocuments;
  /**
   * The share of the live folders the caller reads (0–1; default 1): a guess whether the window may
   * hold their page — only then is the page's rendering written into the window's statement (planning
   * it costs ~1 ms even when it does not run).
   */
  readShare?: number;
  /** The tsquery of the search term. */
  query: SQL;
  dir: 'asc' | 'desc';
  skip: number;
  take: number;
}

/** How a page's rows are rendered (lib/lists pageJsonSql): the row's JSON and the joins it needs. */
export interface SearchRendering {
  row: SQL;
  joins: SQL;
}

const d = documents;

/** ORDER BY of the list over `k` (updated_at) and `id`: newest (or oldest) first, id breaking ties. */
const listOrder = (dir: 'asc' | 'desc', k: SQL, id: SQL) => sql`${k} ${sql.raw(dir)}, ${id} ${sql.raw(dir)}`;
const tableOrder = (dir: 'asc' | 'desc') => listOrder(dir, sql`${d.updatedAt}`, sql`${d.id}`);

/**
 * The caller may read the row (one of the three reasons), and the row has the term — both in a form
 * no index answers (`coalesce(…)`): where they filter rows another path found, the planner must not
 * turn them into a bitmap of all the readable rows (200,000 for the clerk) or of all the term's.
 */
const mayRead = (r: ReadableDocuments) => sql`coalesce(${r.inFolders} or ${r.atRoot} or ${r.routed}, false)`;
const hasTerm = (s: DocumentSearch) => sql`coalesce(${d.searchVector} @@ ${s.query}, false)`;

/**
 * The most matches a search in the list's order counts exactly when the caller sets no cap: as far
 * as the page reaches (`skip + take`; see the module comment), so `total` is exact when the matches
 * end within the page, else `skip + take` with `totalCapped`.
 */
export const searchCountCap = (skip: number, take: number): number => skip + take;

/** The newest `rows` documents of the scope in the list's order (an index walk that stops after them), tested for the term and the permission. */
const walkRows = (s: DocumentSearch, rows: number) =>
  sql`select ${d.id} as id, ${d.updatedAt} as k, ${hasTerm(s)} as term, ${mayRead(s.readable)} as mine
    from ${d} where ${s.scope} order by ${tableOrder(s.dir)} limit ${rows}`;

/**
 * The newest `rows` documents of the scope in the list's order, `hit` when the caller may read one
 * and it has the term — the term tested only on the rows the caller may read (a reader of a tenth
 * of the folders skips nine rows in ten without looking at their words).
 */
const walkHits = (s: DocumentSearch, rows: number) =>
  sql`select ${d.id} as id, ${d.updatedAt} as k, case when ${mayRead(s.readable)} then ${hasTerm(s)} else false end as hit
    from ${d} where ${s.scope} order by ${tableOrder(s.dir)} limit ${rows}`;

interface Window {
  /** Documents of the scope read (fewer than asked: the scope ended). */
  n: number;
  /** Of them with the term. */
  termHits: number;
  /** How many of those the caller may read. */
  hitCount: number;
  /** Their ids in the list's order — null when the window answered (`json`). */
  hits: number[] | null;
  /** The table's rows as the statistics last counted them (0 when never counted). */
  tableRows: number;
  /** The page's JSON when the window answers (it read the whole scope, or holds `enough` matches), else null. */
  json: string | null;
}

/**
 * The window: the newest `rows` documents of the scope, tested for the term and the permission —
 * and, when it answers (it read the whole scope, or holds `enough` readable matches: the rule of
 * {@link choosePlan}), the page rendered from it by `render` (the SQL of contracts
 * documentListResponse over a `hits` query and a count) in the same statement; else the readable
 * matches' ids for the plan that follows. `render` is evaluated only when the window answers (an
 * uncorrelated subquery in a CASE branch: PostgreSQL runs it on first use).
 */
async function lookAtNewest(db: Db, s: DocumentSearch, rows: number, enough: number, render: ((hits: SQL, count: SQL) => SQL) | null): Promise<Window> {
  const order = listOrder(s.dir, sql`k`, sql`id`);
  const answers = render ? sql`(f.n < ${rows} or f."hitCount" >= ${enough})` : sql`false`;
  const found = await executePrepared<Window>(db, 'documents_window', sql`
    with w as materialized (${walkRows(s, rows)}),
      hits as (select id, row_number() over (order by ${order}) as position from w where w.term and w.mine),
      f as (select count(*)::int as n, (count(*) filter (where w.term))::int as "termHits",
        (count(*) filter (where w.term and w.mine))::int as "hitCount" from w)
    select f.n, f."termHits", f."hitCount",
      (select greatest(reltuples, 0)::float8 from pg_class where oid = 'documents'::regclass) as "tableRows",
      ${render ? sql`case when ${answers} then ${render(sql`select id, position from hits`, sql`(select "hitCount" from f)`)} end` : sql`null::text`} as json,
      case when not ${answers} then (select coalesce(json_agg(id order by position), '[]'::json) from hits) end as hits
    from f`);
  return found[0]!;
}

/**
 * The page's plan as SQL for one statement: `with` (CTEs), `hits` (a query of id, position: the
 * matches in the list's order, as far as the page needs them) and `count` (the matches, counted up
 * to cap + 1); `walked`, when the page comes from a walk, how many hits it found of the `wanted`.
 */
interface Picked {
  plan: SearchPlan;
  with?: SQL;
  hits: SQL;
  count: SQL;
  walked?: SQL;
  wanted?: number;
}

/** `hits` of ids already known, in order. */
const knownHits = (ids: readonly number[]) => sql`select id, position from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality h(id, position)`;

/** `hits` of a CTE `name` (id, k) sorted in the list's order. */
const sortedHits = (s: DocumentSearch, name: string) =>
  sql`select id, row_number() over (order by ${listOrder(s.dir, sql`k`, sql`id`)}) as position from ${sql.raw(name)}`;

/** CTE body of a walk: the first `wanted` readable matches among the newest `rows` documents of the scope (it stops at the last one). */
const walkTo = (s: DocumentSearch, wanted: number, rows: number) =>
  sql`select w.id, w.k from (${walkHits(s, rows)}) w where w.hit order by ${listOrder(s.dir, sql`w.k`, sql`w.id`)} limit ${wanted}`;

/** `gin`: every readable match of the scope, found by the GIN index (`@@` as it stands: documents_search_idx answers it). */
function ginPlan(s: DocumentSearch, cap: number): Picked {
  return {
    plan: 'gin',
    with: sql`m as materialized (select ${d.id} as id, ${d.updatedAt} as k from ${d} where ${s.scope} and ${d.searchVector} @@ ${s.query} and ${mayRead(s.readable)})`,
    hits: sortedHits(s, 'm'),
    count: sql`(select count(*) from (select 1 from m limit ${cap + 1}) c)`,
  };
}

/**
 * CTE body of `readable`: up to `cap + 1` matches among what the caller may read, by reason — each
 * readable folder on its own index range (a nested loop that stops as soon as enough are found),
 * the root, the route (not counted twice).
 */
function readableMatches(s: DocumentSearch, cap: number): SQL {
  const r = s.readable;
  const limit = cap + 1;
  return sql`select id, k from (
      (select x.id, x.k from unnest(${folderIdsArray(r.folderIds)}) f(folder_id)
        cross join lateral (select ${d.id} as id, ${d.updatedAt} as k from ${d}
          where ${d.folderId} = f.folder_id and ${s.scope} and ${hasTerm(s)} limit ${limit}) x)
      union all
      (select ${d.id}, ${d.updatedAt} from ${d} where ${r.atRoot} and ${s.scope} and ${hasTerm(s)} limit ${limit})
      union all
      (select ${d.id}, ${d.updatedAt} from ${d}
        where ${r.routed} and not coalesce(${r.inFolders} or ${r.atRoot}, false) and ${s.scope} and ${hasTerm(s)} limit ${limit})
    ) u limit ${limit}`;
}

/** What the window saw (see {@link lookAtNewest}), as numbers. */
export interface WindowFigures {
  /** Documents of the scope read. */
  n: number;
  /** Of them with the term. */
  termHits: number;
  /** Of those, the ones the caller may read. */
  hits: number;
  /** The table's rows as the statistics last counted them (0: never counted). */
  tableRows: number;
}

/**
 * The plan for what the window saw (pure; the module comment explains it): `window` when the
 * window answers (it read the whole scope, or holds the page and more than the cap), else the
 * cheapest of `walk`, `readable` (+ a walk for the page, when the window lacks it) and `gin`, in
 * rows of the walk; `rows.walk` is what a walk is expected to read.
 */
export function choosePlan(w: WindowFigures, window: number, end: number, cap: number): { plan: 'window' | 'walk' | 'readable' | 'gin'; walkRows: number } {
  const enough = Math.max(end, cap + 1);
  if (w.n < window || w.hits >= enough) return { plan: 'window', walkRows: 0 };
  // The term's share of the window and of what the caller may read there (at least one: a word
  // the window lacks is taken as rare, not as absent).
  const dT = Math.max(w.termHits, 1) / w.n;
  const dF = Math.max(w.hits, 1) / w.n;
  const pageWalk = w.hits >= end ? 0 : end / dF;
  const rows = {
    walk: enough / dF,
    readable: READABLE_ROW * ((cap + 1) / dT) + pageWalk,
    gin: GIN_ROW * dT * Math.max(w.tableRows, w.n),
  };
  const plan = rows.gin <= Math.min(rows.walk, rows.readable) ? 'gin' : rows.walk <= rows.readable ? 'walk' : 'readable';
  return { plan, walkRows: plan === 'walk' ? rows.walk : pageWalk };
}

/** Rows a walk may read when `expected` should do: half again, and a window (the share is an estimate). */
const margin = (expected: number, window: number) => Math.ceil(1.5 * expected) + window;

/**
 * The JSON text of contracts documentListResponse for the page `s.skip … s.skip + s.take` of the
 * documents of `s.scope` that have the term and that the caller may read, newest (or oldest) first,
 * with their count up to the cap (`tuning.cap`, default {@link searchCountCap}: the page's end;
 * `total` ≤ cap, `totalCapped` when there are more) — the same answer as one
 * `where … order by … offset … limit` and a capped count, by the plan the module comment describes:
 * one statement when the window answers (the page rendered with it), else two — the window, then
 * the chosen plan with the page's rows (three when a walk falls short of its estimate and `gin`
 * answers after all).
 */
export async function searchDocuments(db: Db, s: DocumentSearch, rendering: SearchRendering, tuning: SearchTuning = SEARCH_TUNING): Promise<string> {
  const cap = tuning.cap ?? searchCountCap(s.skip, s.take);
  const end = s.skip + s.take;
  const pageOf = (hits: SQL) => sql`select id, position from (${hits}) h where position > ${s.skip} and position <= ${end}`;
  const run = async (picked: Picked): Promise<{ json: string; walked: number | null }> => {
    const rows = await executePrepared<{ json: string; walked: number | null }>(db, `documents_${picked.plan}`, sql`
      with ${picked.with ? sql`${picked.with}, ` : sql``}hits as (${picked.hits})
      select ${pageJsonSql({ table: d, ids: pageOf(sql`select id, position from hits`), count: picked.count, cap, ...rendering })} as json,
        ${picked.walked ?? sql`null`}::int as walked`);
    return rows[0]!;
  };
  const answer = async (picked: Picked): Promise<string> => {
    const { json, walked } = await run(picked);
    if (walked === null || walked >= picked.wanted!) {
      tuning.onPlan?.(picked.plan);
      return json;
    }
    // A walk that fell short of its estimate: the matches thin out further back — gin finds them.
    tuning.onPlan?.('gin');
    return (await run(ginPlan(s, cap))).json;
  };

  // The window renders the page itself when it may hold it: the caller reads enough of the folders
  // that `enough` of the window's rows could be theirs (a word in every document).
  const enough = Math.max(end, cap + 1);
  const mayAnswer = (s.readShare ?? 1) * tuning.window >= enough;
  const first = await lookAtNewest(db, s, tuning.window, enough, mayAnswer ? (hits, count) => pageJsonSql({ table: d, ids: pageOf(hits), count, cap, ...rendering }) : null);
  if (first.json !== null) {
    tuning.onPlan?.('window');
    return first.json;
  }
  const windowHits = first.hits ?? [];
  const chosen = choosePlan({ ...first, hits: first.hitCount }, tuning.window, end, cap);
  if (chosen.plan === 'window') return answer({ plan: 'window', hits: knownHits(windowHits), count: sql`${windowHits.length}` });
  const plan = tuning.plan ?? chosen.plan;
  const walkRows = tuning.walkRows ?? margin(chosen.walkRows, tuning.window);

  if (plan === 'gin') return answer(ginPlan(s, cap));
  if (plan === 'walk') {
    // Page and capped count from the list's order.
    const wanted = Math.max(end, cap + 1);
    return answer({
      plan: 'walk',
      with: sql`more as materialized (${walkTo(s, wanted, walkRows)})`,
      hits: sortedHits(s, 'more'),
      count: sql`(select count(*) from more)`,
      walked: sql`(select count(*) from more)`,
      wanted,
    });
  }
  // The count from what the caller may read; when that holds at most the cap, it is every match and
  // gives the page too; else the page comes from the window, or from a walk further back.
  const counted = sql`m as materialized (${readableMatches(s, cap)}), c as materialized (select count(*) as n from m)`;
  const all = sql`select id, position from (${sortedHits(s, 'm')}) a where (select n from c) <= ${cap}`;
  if (windowHits.length >= end) {
    return answer({
      plan: 'readable',
      with: counted,
      hits: sql`${all} union all select id, position from (${knownHits(windowHits)}) b where (select n from c) > ${cap}`,
      count: sql`(select n from c)`,
    });
  }
  return answer({
    plan: 'readable+walk',
    with: sql`${counted}, more as materialized (${walkTo(s, end, walkRows)})`,
    hits: sql`${all} union all select id, position from (${sortedHits(s, 'more')}) b where (select n from c) > ${cap}`,
    count: sql`(select n from c)`,
    walked: sql`case when (select n from c) > ${cap} then (select count(*) from more) end`,
    wanted: end,
  });
}
