import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { HelpdeskHistoryAction, HelpdeskListQuery, HelpdeskPriorityCode, HelpdeskStatus, LanguageCode, helpdeskListQuery } from '@servicedesk/contracts';
import { HELPDESK_COUNT_CAP, HELPDESK_STATUSES } from '@servicedesk/contracts';
import { nextRecordNumber } from '../../lib/records/numbering';

/** Help desk's scope in record_number_counters (HD-YYYY-NNNNNN). */
export const HELPDESK_NUMBER_SCOPE = 'HD';
import type { Db } from '../../db/client';
import { isoText, jsonObject, listPageJson, localizedNameSql, searchPattern, type Keyset, type SortKey } from '../../lib/lists/list-page';
import { appendHistory, type RecordHistoryInsert } from '../../lib/records/history';
import { approvalOpenForSql, recordPartSql, watchingSql } from '../../lib/records/detail-parts';
import { recordRows } from '../../lib/records/rows';
import { HELPDESK_RECORD_KIND } from './helpdesk.kind';
import { helpdeskVisibility } from './helpdesk.visibility';
import {
  groupMembers,
  groups,
  helpdeskCategories,
  helpdeskComponents,
  helpdeskPriorities,
  helpdeskRequests,
  locations,
  users,
} from '../../db/schema';

export type RequestRow = typeof helpdeskRequests.$inferSelect;
export type NewRequestRow = typeof helpdeskRequests.$inferInsert;
/** A history row of a request (the record history of kind helpdeskRequest). */
export type HistoryInsert = Omit<RecordHistoryInsert, 'recordKind' | 'recordId' | 'action' | 'fromStatus' | 'toStatus'> & {
  requestId: number;
  action: HelpdeskHistoryAction;
  fromStatus: HelpdeskStatus | null;
  toStatus: HelpdeskStatus;
};

const r = helpdeskRequests;
const requester = alias(users, 'requester');
const assignee = alias(users, 'assignee');

const fullName = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) => sql<string>`${u.firstName} || ' ' || ${u.lastName}`;

/**
 * True while the request is open and past due. A held request's clock stopped when it was put on
 * hold, so it is overdue only if it was already late then.
 */
export const overdueSql = (now: Date) =>
  sql<boolean>`((${r.status} in ('NEW', 'APPROVED', 'IN_PROGRESS') and ${r.dueAt} < ${now.toISOString()}::timestamptz)
    or (${r.status} = 'ON_HOLD' and ${r.dueAt} < ${r.onHoldSince}))`;

// ---------------------------------------------------------------------------------------------
// Numbering
// ---------------------------------------------------------------------------------------------

/**
 * Takes the next number of `year` inside the caller's transaction: the counter row's update
 * holds its lock until commit, so concurrent creators wait in turn and a rollback returns the
 * number (gap-free). Answers the sequence value (1, 2, …).
 */
export async function nextNumber(tx: Db, year: number): Promise<number> {
  return nextRecordNumber(tx, HELPDESK_NUMBER_SCOPE, year);
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const rows = recordRows(helpdeskRequests, 'helpdesk');
/** Inserts a help-desk request row in the caller's transaction and answers it as stored. */
export const insertRequest = rows.insert;
/** The request row, locked for update when `forUpdate` (inside a transaction). */
export const findRequest = rows.find;
/** Updates request `id` in the caller's transaction and answers the row after it. */
export const updateRequest = rows.update;

/** Writes the requests' history rows (lib/records/history.ts) inside the caller's transaction. */
export async function insertHistory(tx: Db, rows: readonly HistoryInsert[]): Promise<void> {
  await appendHistory(tx, rows.map(({ requestId, ...row }) => ({ recordKind: HELPDESK_RECORD_KIND, recordId: requestId, ...row })));
}

const requestDetail = (db: Db) => {
  const userId = sql.placeholder('userId');
  return db
    .select({
      request: r,
      categoryNames: helpdeskCategories.names,
      componentNames: helpdeskComponents.names,
      requiresApproval: helpdeskComponents.requiresApproval,
      requesterName: fullName(requester),
      requesterImg: requester.imgPath,
      assigneeName: sql<string | null>`${assignee.firstName} || ' ' || ${assignee.lastName}`,
      assigneeImg: assignee.imgPath,
      locationName: locations.name,
      groupName: groups.name,
      member: sql<{ isLead: boolean } | null>`(select json_build_object('isLead', m.is_lead) from group_members m where m.group_id = ${r.groupId} and m.user_id = ${userId})`,
      watching: watchingSql(HELPDESK_RECORD_KIND, sql`${r.id}`, userId),
      approvalOpen: approvalOpenForSql(HELPDESK_RECORD_KIND, sql`${r.id}`, userId),
      history: recordPartSql('history', HELPDESK_RECORD_KIND, sql`${r.id}`),
      comments: recordPartSql('comments', HELPDESK_RECORD_KIND, sql`${r.id}`),
      attachments: recordPartSql('attachments', HELPDESK_RECORD_KIND, sql`${r.id}`),
    })
    .from(r)
    .innerJoin(helpdeskCategories, eq(helpdeskCategories.id, r.categoryId))
    .innerJoin(helpdeskComponents, eq(helpdeskComponents.id, r.componentId))
    .innerJoin(requester, eq(requester.id, r.requesterId))
    .leftJoin(assignee, eq(assignee.id, r.assigneeId))
    .leftJoin(locations, eq(locations.id, r.locationId))
    .innerJoin(groups, eq(groups.id, r.groupId))
    .where(eq(r.id, sql.placeholder('id')))
    .prepare('helpdesk_request_detail');
};
/** One named prepared statement per connection (issue #44: planning its six joins cost more than running them — ~0.7–1.4 ms against 0.1 ms at 100,000 requests). */
const requestDetails = new WeakMap<Db, ReturnType<typeof requestDetail>>();

/**
 * Everything GET /api/helpdesk/requests/{id} shows, in ONE statement (issue #44: it was eight —
 * the row, the caller's membership twice, the view, history, comments, attachments): the request
 * with the names the detail shows (categories/components as jsonb), the caller's membership of its group (`member`,
 * null when none), whether the caller watches it, whether an approval of it waits that the caller
 * did not author (`approvalOpen`: only then may they decide it as a substitute), and its history,
 * comments and attachments as json (lib/records/detail-parts.ts parses them). One named prepared
 * statement per connection. Undefined when there is no such request.
 */
export async function findRequestDetail(db: Db, id: number, userId: number) {
  let prepared = requestDetails.get(db);
  if (!prepared) requestDetails.set(db, (prepared = requestDetail(db)));
  const [row] = await prepared.execute({ id, userId });
  return row;
}

// ---------------------------------------------------------------------------------------------
// Groups
// ---------------------------------------------------------------------------------------------

/** The caller's membership of `groupId`: null when not a member. */
export async function membership(db: Db, groupId: number, userId: number): Promise<{ isLead: boolean } | null> {
  const [row] = await db
    .select({ isLead: groupMembers.isLead })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row ?? null;
}

/** Members of a group (lead first) that are active users. */
export async function membersOf(db: Db, groupId: number) {
  return db
    .select({ userId: groupMembers.userId, isLead: groupMembers.isLead })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(users.isActive, true)))
    .orderBy(desc(groupMembers.isLead), asc(groupMembers.userId));
}

/** Active groups with their active members (the reference data's assign picker). */
export async function groupsWithMembers(db: Db) {
  return db
    .select({
      groupId: groups.id,
      groupName: groups.name,
      userId: users.id,
      isLead: groupMembers.isLead,
      name: fullName(users),
      imgPath: users.imgPath,
    })
    .from(groups)
    .leftJoin(groupMembers, eq(groupMembers.groupId, groups.id))
    .leftJoin(users, and(eq(users.id, groupMembers.userId), eq(users.isActive, true)))
    .where(eq(groups.isActive, true))
    .orderBy(asc(groups.name), desc(groupMembers.isLead), asc(users.firstName));
}

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

/** Who the list is for. */
export interface ListScope {
  requesterId?: number;
  assigneeId?: number;
  /** Requests of these groups (the caller's group queue). */
  groupIds?: readonly number[];
  /**
   * A caller without viewAll sees only requests they have a part in: requester, assignee, member
   * of the group, watcher (the kind's visibility rule, helpdesk.visibility.ts).
   */
  participant?: { userId: number; groupIds: readonly number[] };
}

type ParsedListQuery = z.output<typeof helpdeskListQuery>;


/**
 * Ids of the users whose full name holds the search term (at most 1,000), for the text search.
 * Read before the list query, not as its subquery: with the ids as literals PostgreSQL knows how
 * many requests they have, and combines the requester index with the trigram indexes of title
 * and number (a term that matches little is then found without reading every request).
 */
async function requestersNamed(db: Db, search: string | undefined): Promise<number[]> {
  if (!search) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, searchPattern(search)))
    .limit(1000);
  return rows.map((row) => row.id);
}

/** The parts of a list's WHERE: scope and filters (`where`), the scope as OR-ed branches where it is one, and the search. */
interface ListParts {
  where: SQL | undefined;
  /** A scope that is an OR (a caller's groups, a participant's parts): one predicate each (see list-page `branches`). */
  branches?: SQL[];
  /** The text search: as the trigram indexes find it, and as a walk along the sort checks it. */
  search?: { indexed: SQL; walked: SQL };
}

/** Most groups a scope is walked group by group (one index walk each, merged); more: one IN. */
const MAX_BRANCH_GROUPS = 16;

/**
 * The search's predicate over number (only a term with a digit: numbers are HD-YYYY-NNNNNN, so
 * "HD" alone is in every number), title and requester ids; `walked` writes the text columns as
 * expressions no index has, so the planner checks them along the sort index.
 */
function searchSql(search: string, requesterIds: readonly number[], walked: boolean): SQL {
  const pattern = searchPattern(search);
  const text = (column: AnyPgColumn) => (walked ? sql`(${column} || '')` : sql`${column}`);
  return or(
    /\d/.test(search) ? ilike(text(r.number), pattern) : undefined,
    ilike(text(r.title), pattern),
    requesterIds.length ? inArray(r.requesterId, [...requesterIds]) : undefined,
  )!;
}

/**
 * A list's scope, filters and text search (`requesterIds`: the users whose name holds the term,
 * from {@link requestersNamed}), as parts for the keyset page (`branches` only when `split`).
 */
function listParts(scope: ListScope, q: HelpdeskListQuery, now: Date, requesterIds: readonly number[], split: boolean): ListParts {
  const parts: (SQL | undefined)[] = [];
  let branches: SQL[] | undefined;
  if (scope.requesterId !== undefined) parts.push(eq(r.requesterId, scope.requesterId));
  if (scope.assigneeId !== undefined) parts.push(eq(r.assigneeId, scope.assigneeId));
  if (scope.groupIds !== undefined) {
    if (split && scope.groupIds.length > 1 && scope.groupIds.length <= MAX_BRANCH_GROUPS) branches = scope.groupIds.map((id) => eq(r.groupId, id));
    // Literal ids, not a subquery: with one group the planner reads the (group, created) index in order.
    else parts.push(scope.groupIds.length ? inArray(r.groupId, [...scope.groupIds]) : sql`false`);
  }
  if (scope.participant) {
    if (split && scope.participant.groupIds.length <= MAX_BRANCH_GROUPS) branches = helpdeskVisibility.participantBranches(scope.participant);
    else parts.push(helpdeskVisibility.participantSql(scope.participant));
  }
  if (q.status?.length && q.status.length < HELPDESK_STATUSES.length) parts.push(inArray(r.status, q.status));
  if (q.priority?.length) parts.push(inArray(r.priority, q.priority));
  if (q.categoryId !== undefined) parts.push(eq(r.categoryId, q.categoryId));
  if (q.componentId !== undefined) parts.push(eq(r.componentId, q.componentId));
  if (q.assigneeId !== undefined) parts.push(eq(r.assigneeId, q.assigneeId));
  if (q.requesterId !== undefined) parts.push(eq(r.requesterId, q.requesterId));
  if (q.groupId !== undefined) parts.push(eq(r.groupId, q.groupId));
  if (q.dateFrom) parts.push(gte(r.createdAt, new Date(q.dateFrom)));
  if (q.dateTo) parts.push(lte(r.createdAt, new Date(q.dateTo)));
  if (q.overdue === true) parts.push(overdueSql(now));
  if (q.overdue === false) parts.push(sql`not ${overdueSql(now)}`);
  const search = q.search ? { indexed: searchSql(q.search, requesterIds, false), walked: searchSql(q.search, requesterIds, true) } : undefined;
  return { where: and(...parts), branches, search };
}

/**
 * The WHERE of a list: scope, filters and the text search (`requesterIds`: the users whose name
 * holds the term, from {@link requestersNamed}) — for the counts and the pick list.
 */
function listWhere(scope: ListScope, q: HelpdeskListQuery, now: Date, requesterIds: readonly number[] = []): SQL | undefined {
  const { where, search } = listParts(scope, q, now, requesterIds, false);
  return and(where, search?.indexed);
}

/** Low 0 … critical 3; the expression index helpdesk_requests_priority_rank_idx serves it. */
const priorityRank = sql`(case ${r.priority} when 'low' then 0 when 'normal' then 1 when 'high' then 2 else 3 end)`;

const timeKey = (column: AnyPgColumn): SortKey => ({ sql: column, type: 'timestamptz' });
const idKey: SortKey = { sql: r.id, type: 'int' };

/**
 * The keyset order of each sort (issue #44): keys never null, the last unique, each order an
 * index's (migration 0038 and earlier): number (year, seq), created (created_at, id), updated
 * (updated_at, id), due (due_at, id), priority (rank, created_at, id), status (status,
 * created_at, id), title (title, id) — and the scopes' (requester | assignee | group, updated_at, id).
 */
const sortKeys: Record<ParsedListQuery['sort'], readonly SortKey[]> = {
  number: [
    { sql: r.year, type: 'int' },
    { sql: r.seq, type: 'int' },
  ],
  createdAt: [timeKey(r.createdAt), idKey],
  updatedAt: [timeKey(r.updatedAt), idKey],
  dueAt: [timeKey(r.dueAt), idKey],
  priority: [{ sql: priorityRank, type: 'int' }, timeKey(r.createdAt), idKey],
  status: [{ sql: sql`${r.status}`, type: 'text' }, timeKey(r.createdAt), idKey],
  title: [{ sql: sql`${r.title}`, type: 'text' }, idKey],
};

/** A localized name (jsonb `names`) of the row `id` of `table` in `lang`, az when missing (as `localName`). */
const localizedName = (table: typeof helpdeskComponents | typeof helpdeskCategories, id: SQL, lang: LanguageCode) => localizedNameSql(table, id, lang);

/**
 * One page of the grid as the JSON text of a `HelpdeskListResponse` (contracts), built by
 * PostgreSQL in ONE statement through the list query builder (lib/lists/list-page.ts: a keyset
 * page — the walk of the sort's index after `q.after`, the scope's branches each walked in its own
 * index, the search through the trigram indexes when it matches few rows — its rows read by id,
 * the count capped at HELPDESK_COUNT_CAP, `nextCursor` for the next page). Help desk gives its
 * scope, filters, search, its sort keys and its row: the fields, people, and component, category
 * and group names in `lang` (az when missing); times ISO 8601 in UTC with milliseconds. 400
 * `invalidCursor` for an `after` not of this sort.
 *
 * The shape is pinned by the list tests, which parse every answer with `helpdeskListResponse`.
 */
export async function listRequestsJson(db: Db, scope: ListScope, q: ParsedListQuery, now: Date, lang: LanguageCode): Promise<string> {
  // With one priority filtered, its rank is constant: newest first within it (the created index).
  const keys = q.sort === 'priority' && q.priority?.length === 1 ? sortKeys.createdAt : sortKeys[q.sort];
  const { where, branches, search } = listParts(scope, q, now, await requestersNamed(db, q.search), true);
  const keyset: Keyset = { keys, dir: q.sortDir, ...(q.after ? { after: q.after } : {}), ...(branches ? { branches } : {}), ...(search ? { search } : {}) };
  return listPageJson(db, {
    table: r,
    where,
    keyset,
    skip: q.skip,
    take: q.take,
    cap: HELPDESK_COUNT_CAP,
    row: jsonObject({
      id: r.id,
      number: r.number,
      title: r.title,
      categoryName: localizedName(helpdeskCategories, sql`${r.categoryId}`, lang),
      componentName: localizedName(helpdeskComponents, sql`${r.componentId}`, lang),
      priority: r.priority,
      status: r.status,
      requesterId: r.requesterId,
      requesterName: sql`requester.first_name || ' ' || requester.last_name`,
      groupId: r.groupId,
      groupName: sql`coalesce((select g.name from ${groups} g where g.id = ${r.groupId}), '')`,
      assigneeId: r.assigneeId,
      assigneeName: sql`assignee.first_name || ' ' || assignee.last_name`,
      dueAt: isoText(r.dueAt),
      overdue: overdueSql(now),
      createdAt: isoText(r.createdAt),
      updatedAt: isoText(r.updatedAt),
    }),
    joins: sql`join ${users} requester on requester.id = ${r.requesterId}
        left join ${users} assignee on assignee.id = ${r.assigneeId}`,
  });
}

/** Up to `limit` visible requests matching `search` (number or title), newest first. */
export async function pickList(db: Db, scope: ListScope, search: string | undefined, limit: number) {
  return db
    .select({ id: r.id, number: r.number, title: r.title })
    .from(r)
    .where(listWhere(scope, { search }, new Date(), await requestersNamed(db, search)))
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(limit);
}

/** Counts per status of the visible requests. */
export async function countByStatus(db: Db, scope: ListScope): Promise<Map<HelpdeskStatus, number>> {
  const rows = await db.select({ status: r.status, n: count() }).from(r).where(listWhere(scope, {}, new Date())).groupBy(r.status);
  return new Map(rows.map((row) => [row.status, row.n]));
}

/** Counts per priority of the visible open requests. */
export async function countOpenByPriority(db: Db, scope: ListScope): Promise<Map<HelpdeskPriorityCode, number>> {
  const rows = await db
    .select({ priority: r.priority, n: count() })
    .from(r)
    .where(and(listWhere(scope, {}, new Date()), inArray(r.status, ['NEW', 'APPROVED', 'IN_PROGRESS', 'ON_HOLD'])))
    .groupBy(r.priority);
  return new Map(rows.map((row) => [row.priority, row.n]));
}

/** Number of requests matching scope + query. */
export async function countRequests(db: Db, scope: ListScope, q: HelpdeskListQuery, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(r).where(listWhere(scope, q, now, await requestersNamed(db, q.search)));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Reference data
// ---------------------------------------------------------------------------------------------

export const categoriesAll = (db: Db) =>
  db.select().from(helpdeskCategories).orderBy(asc(helpdeskCategories.sortOrder), asc(helpdeskCategories.id));

export const componentsAll = (db: Db) =>
  db
    .select({ component: helpdeskComponents, groupName: groups.name })
    .from(helpdeskComponents)
    .innerJoin(groups, eq(groups.id, helpdeskComponents.groupId))
    .orderBy(asc(helpdeskComponents.sortOrder), asc(helpdeskComponents.id));

export const prioritiesAll = (db: Db) => db.select().from(helpdeskPriorities).orderBy(asc(helpdeskPriorities.sortOrder));

export async function findComponent(db: Db, id: number) {
  const [row] = await db.select().from(helpdeskComponents).where(eq(helpdeskComponents.id, id));
  return row;
}

export async function findCategory(db: Db, id: number) {
  const [row] = await db.select().from(helpdeskCategories).where(eq(helpdeskCategories.id, id));
  return row;
}

export async function findPriority(db: Db, code: HelpdeskPriorityCode) {
  const [row] = await db.select().from(helpdeskPriorities).where(eq(helpdeskPriorities.code, code));
  return row;
}

export async function findGroup(db: Db, id: number) {
  const [row] = await db.select().from(groups).where(eq(groups.id, id));
  return row;
}

/** Whether any request uses the category / component (then it may only be deactivated). */
export async function requestsUsing(db: Db, column: 'categoryId' | 'componentId', id: number): Promise<boolean> {
  const [row] = await db.select({ id: r.id }).from(r).where(eq(r[column], id)).limit(1);
  return row !== undefined;
}

export async function componentsOfCategory(db: Db, categoryId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(helpdeskComponents).where(eq(helpdeskComponents.categoryId, categoryId));
  return row?.n ?? 0;
}

/**
 * Claims up to `limit` requests RESOLVED before `before` for closing: `FOR UPDATE SKIP LOCKED`,
 * so several instances running the job at once each take different rows and none twice.
 */
export async function claimResolvedBefore(tx: Db, before: Date, limit: number): Promise<RequestRow[]> {
  return tx
    .select()
    .from(r)
    .where(and(eq(r.status, 'RESOLVED'), lte(r.resolvedAt, before)))
    .orderBy(asc(r.resolvedAt), asc(r.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}
