import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_JUST_FINISHED_DAYS, type DOCUMENT_SORT_FIELDS, type DocumentListQuery, type FolderLevel, type LanguageCode, type SnippetPart, documentListQuery } from '@servicedesk/contracts';
import { normalizeForSearch } from '@servicedesk/i18n';
import { documentFolders, documents, registryEntries, users } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import type { ListCache } from '../../lib/lists/list-cache';
import { isoText, jsonObject, listPageJson, type SortKey } from '../../lib/lists/list-page';
import type { AppDeps, AuthUser } from '../../types';
import { folderViewer, readableDocuments, readableFolders, type FolderViewer, type ReadableFolders } from './documents.permissions';
import { SEARCH_TUNING, searchDocuments, type SearchTuning } from './documents.search';
import { snippetParts, type SnippetWindow } from './documents.snippet';

/*
 * The circulation lists and full-text search (issue #15, #41): the three lists of SPEC §2, a
 * folder's content, search across them; the rows' JSON written by the database.
 */

const d = documents;
/**
 * The keyset order of each sort (issue #44), each an index's (migrations 0025, 0043): updated
 * (updated_at, id), title (title, id), status (status, id).
 */
const sortKeys: Record<(typeof DOCUMENT_SORT_FIELDS)[number], readonly SortKey[]> = {
  updatedAt: [{ sql: d.updatedAt, type: 'timestamptz' }, { sql: d.id, type: 'int' }],
  title: [{ sql: sql`${d.title}`, type: 'text' }, { sql: d.id, type: 'int' }],
  status: [{ sql: sql`${d.status}`, type: 'text' }, { sql: d.id, type: 'int' }],
};
const UNFINISHED = ['DRAFT', 'SUBMITTED', 'IN_APPROVAL', 'RETURNED'];
const FINISHED = ['APPROVED', 'REJECTED', 'PROCESSED'];

/** The words of a search term, folded as the stored text (at most 10). */
function searchWords(search: string): string[] {
  return normalizeForSearch(search)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 10);
}

/** The full-text query of the words of a search term (every word must occur, the last as a prefix). */
function tsQuery(words: readonly string[]): SQL {
  // Whole words, and the last one also as a prefix (it may still be being typed): a common word as
  // a prefix matches most rows (bench/documents), so the others are not widened.
  return sql`to_tsquery('simple', ${words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ')})`;
}

/** Characters of the text the snippet is cut from, and how many of them come before the first word found. */
export const SNIPPET_CHARS = 150;
const SNIPPET_BEFORE = 40;

/**
 * The search snippet's window (documents.snippet.ts turns it into marked parts of the original
 * text): {@link SNIPPET_CHARS} characters of the folded text (`f`) and of the original (`o`) from a
 * little before the first word of the search, `at` where it starts, `more` whether the text goes on.
 * A word is looked for where a word starts (after a space: the stored text has single spaces) and
 * else anywhere (after punctuation, or inside a longer word — then the snippet may miss the mark,
 * never the row), with `strpos`: a regular expression costs ten times as much. Never over the whole
 * text: an extracted text may hold up to TEXT_MAX_CHARS.
 */
function snippetSql(words: readonly string[]): SQL {
  const t = d.searchText;
  const firstOf = (w: string) => sql`coalesce(nullif(case when starts_with(${t}, ${w}) then 1 else strpos(${t}, ${` ${w}`}) end, 0), nullif(strpos(${t}, ${w}), 0))`;
  const from = sql`greatest(1, coalesce(least(${sql.join(words.map(firstOf), sql`, `)}), 1) - ${SNIPPET_BEFORE})`;
  // (`offset 0`: the start is worked out once, not once per use.)
  return sql`(select json_build_object('at', start.at, 'f', substr(${t}, start.at, ${SNIPPET_CHARS}), 'o', substr(${d.searchSource}, start.at, ${SNIPPET_CHARS}),
      'more', length(${t}) >= start.at + ${SNIPPET_CHARS}) from (select ${from} as at offset 0) start)`;
}

/** A page's JSON with each row's snippet window made marked parts of the original text (documents.snippet.ts). */
function withSnippetParts(json: string, words: readonly string[]): string {
  const page = JSON.parse(json) as { rows: { snippet: SnippetWindow | SnippetPart[] | null }[] };
  for (const row of page.rows) if (row.snippet && !Array.isArray(row.snippet)) row.snippet = snippetParts(row.snippet, words);
  return JSON.stringify(page);
}

/** The JSON of one list row (contracts documentRow) in `lang`; `search` adds the search snippet. */
export function rowJson(lang: LanguageCode, search: { words: readonly string[]; query: SQL } | null): { row: SQL; joins: SQL } {
  return {
    row: jsonObject({
      id: d.id,
      title: d.title,
      typeCode: d.typeCode,
      typeName: sql`coalesce(st.names ->> ${lang}, st.names ->> 'az', ${d.typeCode})`,
      folderId: d.folderId,
      folderName: sql`df.name`,
      status: d.status,
      versionCount: d.versionCount,
      forVendorInvoice: d.forVendorInvoice,
      author: sql`au.first_name || ' ' || au.last_name`,
      updatedAt: isoText(d.updatedAt),
      finishedAt: sql`case when ${d.finishedAt} is null then null else ${isoText(d.finishedAt)} end`,
      registryNumber: sql`(select r.number from ${registryEntries} r where r.document_id = ${d.id} and r.status <> 'VOID' order by r.id desc limit 1)`,
      snippet: search ? snippetSql(search.words) : sql`null::json`,
    }),
    joins: sql`left join ${documentFolders} df on df.id = ${d.folderId}
      join ${users} au on au.id = ${d.createdBy}
      left join specodes st on st.key = 'documentType' and st.code = ${d.typeCode}`,
  };
}

/**
 * One page of a circulation list as the JSON text of contracts documentListResponse: `unfinished`
 * (not yet through routing), `justFinished` (approved or rejected in the last
 * DOCUMENT_JUST_FINISHED_DAYS days), `justFinishedForVendorInvoice` (those marked for a vendor
 * invoice), `folder` (a folder's documents; without folderId the caller's documents at the root);
 * `search` full-text over titles and file text — always inside what the caller may read. Sorted by
 * time (the lists' order) a search plans by the word's selectivity (documents.search.ts; `tuning` is
 * for tests); by title or status it is one statement.
 *
 * With `cache` (the route's ListCache, lib/lists/list-cache.ts) a page asked again within seconds is
 * answered from memory — after the permission check, under a key holding what the caller may read as
 * resolved for this call (their id — the root and the route are theirs —, whether they manage every
 * folder, the ids of the folders they read), the validated query and the language: a caller whose
 * folders changed (a permission, a group, a folder moved or deleted) asks under another key, so never
 * gets a page computed for what they could read before; and every change of a document, a folder or
 * its permissions, or a registry entry drops every page (documents.routes.ts). The lists in time
 * (`justFinished`: the last DOCUMENT_JUST_FINISHED_DAYS days) may lag `now` by the cache's seconds.
 * With `levelsCache` what the caller may read is itself kept (documents.permissions.ts
 * readableFolders: under their groups as read on this call, dropped by every folder or permission
 * change) — a change made through the API shows at once; one written behind its back (no
 * announcement) within the cache's seconds.
 */
export async function listDocuments(
  deps: AppDeps,
  user: AuthUser,
  raw: DocumentListQuery,
  lang: LanguageCode,
  now = new Date(),
  tuning: SearchTuning = SEARCH_TUNING,
  cache?: ListCache,
  levelsCache?: ListCache<ReadableFolders>,
): Promise<string> {
  const query = documentListQuery.parse(raw);
  const viewer = await folderViewer(deps, user);
  const { levels, liveFolders } = await readableFolders(deps.db, viewer, levelsCache);
  const scope: SQL[] = [isNull(d.deletedAt)];
  const since = new Date(now.getTime() - DOCUMENT_JUST_FINISHED_DAYS * 86_400_000).toISOString();
  switch (query.scope) {
    case 'unfinished':
      scope.push(inArray(d.status, UNFINISHED));
      break;
    case 'justFinished':
      scope.push(inArray(d.status, FINISHED), sql`${d.finishedAt} >= ${since}::timestamptz`);
      break;
    case 'justFinishedForVendorInvoice':
      scope.push(inArray(d.status, FINISHED), sql`${d.finishedAt} >= ${since}::timestamptz`, eq(d.forVendorInvoice, true));
      break;
    case 'all':
      // Every document the caller may read, whatever its status: search across the tabs.
      break;
    case 'folder':
      if (query.folderId !== undefined) {
        if (!levels.has(query.folderId)) throw forbidden('folderPermission', 'You have no permission on this folder.', { folderId: query.folderId, needed: 'read', level: null });
        scope.push(eq(d.folderId, query.folderId));
      } else {
        scope.push(isNull(d.folderId));
      }
      break;
  }
  if (cache) {
    const key = JSON.stringify([viewer.userId, viewer.manageAll, [...levels.keys()].sort((a, b) => a - b), query, lang]);
    return cache.get(key, () => documentsPage(deps, viewer, levels, liveFolders, query, scope, lang, tuning));
  }
  return documentsPage(deps, viewer, levels, liveFolders, query, scope, lang, tuning);
}

/** The page of {@link listDocuments} computed: `scope` the list's conditions, `levels` what the viewer reads (of `liveFolders` folders). */
async function documentsPage(
  deps: AppDeps,
  viewer: FolderViewer,
  levels: Map<number, FolderLevel>,
  liveFolders: number,
  query: ReturnType<typeof documentListQuery.parse>,
  scope: SQL[],
  lang: LanguageCode,
  tuning: SearchTuning,
): Promise<string> {
  const readable = readableDocuments(viewer, levels);
  const words = query.search ? searchWords(query.search) : [];
  const search = words.length ? { words, query: tsQuery(words) } : null;
  const { row, joins } = rowJson(lang, search);
  if (search && query.sort === 'updatedAt') {
    // The lists' own order: the plan follows the term's selectivity (documents.search.ts).
    const readShare = viewer.manageAll || liveFolders === 0 ? 1 : levels.size / liveFolders;
    const plan = { scope: and(...scope)!, readable, readShare, query: search.query, dir: query.sortDir, skip: query.skip, take: query.take };
    return withSnippetParts(await searchDocuments(deps.db, plan, { row, joins }, tuning), words);
  }
  // A keyset page (issue #44, lib/lists `keyset`): what the caller may read is three walks of the
  // sort's index merged — the folders they read, their own at the root, what is routed to them —,
  // so visibility is applied inside the walk; `nextCursor` continues after the page's last row.
  // A search sorted by title or status: its matches (the full-text index), in that order.
  const where = [...scope];
  if (search) where.push(sql`${d.searchVector} @@ ${search.query}`);
  const json = await listPageJson(deps.db, {
    table: d,
    where: and(...where),
    keyset: {
      keys: sortKeys[query.sort],
      dir: query.sortDir,
      branches: [readable.inFolders, readable.atRoot, readable.routed],
      ...(query.after ? { after: query.after } : {}),
    },
    skip: query.skip,
    take: query.take,
    row,
    joins,
  });
  return search ? withSnippetParts(json, words) : json;
}
