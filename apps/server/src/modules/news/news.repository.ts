import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupMembers, groups, locations, newsLikes, newsPosts, newsReads, users } from '../../db/schema';
import { jsonObject, listPageJson, type SortKey } from '../../lib/lists/list-page';

/*
 * SQL of news posts: the posts, their likes and the readers' read / confirmation marks, the
 * feed's page, and the names the editor and the statistics show. Who may read a post (the SQL
 * condition the feed is given) is news.visibility.ts; the rules are news.service.ts.
 */

/** A news_posts row as stored. */
export type PostRow = typeof newsPosts.$inferSelect;
/** The columns a save writes (news.service savePost). */
export type PostValues = Partial<typeof newsPosts.$inferInsert>;
/** A news_reads row: `readAt` the first opening, `confirmedAt` the confirmation of a mandatory post. */
export type ReadRow = typeof newsReads.$inferSelect;

/** A person as the feed and the lists name them. */
export interface PersonRow {
  id: number;
  first: string;
  last: string;
  imgPath: string | null;
}

/** `%term%` for ILIKE with the pattern characters of `term` escaped. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The post (deleted ones too), or undefined. */
export async function findPost(db: Db, id: number): Promise<PostRow | undefined> {
  const [row] = await db.select().from(newsPosts).where(eq(newsPosts.id, id));
  return row;
}

/** Inserts a post in the caller's transaction and answers it as stored. */
export async function insertPost(tx: Db, values: typeof newsPosts.$inferInsert): Promise<PostRow> {
  const [row] = await tx.insert(newsPosts).values(values).returning();
  return row!;
}

/** Updates post `id` and answers the row after it. */
export async function updatePost(tx: Db, id: number, set: PostValues): Promise<PostRow> {
  const [row] = await tx.update(newsPosts).set(set).where(eq(newsPosts.id, id)).returning();
  return row!;
}

/** The feed's filter: `readable` (the visibility condition) or `authorId` (their own posts, deleted ones not); mandatory posts `unconfirmedBy` someone; a title search. */
export interface FeedFilter {
  readable?: SQL;
  authorId?: number;
  unconfirmedBy?: number;
  search?: string;
}

/** A page of the feed: its posts in order, the matches counted up to the cap, the next page's cursor (null: the last page). */
export interface FeedPage {
  rows: PostRow[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
}

/**
 * One page of the feed: pinned first, then by publishAt and id (`dir`) — a keyset page (issue #44,
 * lib/lists): the walk of news_posts_feed_idx (pinned, publish_at, id) after `after` (a page's
 * `nextCursor`; 400 `invalidCursor` for another order's), the unconfirmed ones of the mandatory
 * posts' own index; `skip` jumps ahead. The count stops at the cap (`totalCapped`). The ids are
 * picked in one statement, their rows read by id in a second (the feed's rows are mapped in JS).
 */
export async function feedPage(db: Db, filter: FeedFilter, page: { dir: 'asc' | 'desc'; skip: number; take: number; after?: string }): Promise<FeedPage> {
  const where = and(
    filter.authorId !== undefined ? and(isNull(newsPosts.deletedAt), eq(newsPosts.authorId, filter.authorId)) : filter.readable,
    filter.unconfirmedBy !== undefined
      ? and(
          eq(newsPosts.mandatory, true),
          sql`${newsPosts.authorId} <> ${filter.unconfirmedBy}`,
          sql`not exists (select 1 from ${newsReads} r where r.post_id = ${newsPosts.id} and r.user_id = ${filter.unconfirmedBy} and r.confirmed_at is not null)`,
        )
      : undefined,
    filter.search ? ilike(newsPosts.title, containing(filter.search)) : undefined,
  );
  const keys: SortKey[] = [
    { sql: newsPosts.pinned, type: 'boolean', dir: 'desc' },
    { sql: newsPosts.publishAt, type: 'timestamptz' },
    { sql: newsPosts.id, type: 'int' },
  ];
  const json = await listPageJson(db, {
    table: newsPosts,
    where,
    keyset: { keys, dir: page.dir, ...(page.after ? { after: page.after } : {}) },
    skip: page.skip,
    take: page.take,
    row: jsonObject({ id: newsPosts.id }),
  });
  const picked = JSON.parse(json) as Omit<FeedPage, 'rows'> & { rows: { id: number }[] };
  const ids = picked.rows.map((row) => row.id);
  const found = ids.length ? await db.select().from(newsPosts).where(inArray(newsPosts.id, ids)) : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  return { rows: ids.map((id) => byId.get(id)).filter((row): row is PostRow => row !== undefined), total: picked.total, totalCapped: picked.totalCapped, nextCursor: picked.nextCursor ?? null };
}

/** The people `ids` (any order). */
export function peopleByIds(db: Db, ids: number[]): Promise<PersonRow[]> {
  return db.select({ id: users.id, first: users.firstName, last: users.lastName, imgPath: users.imgPath }).from(users).where(inArray(users.id, ids));
}

/** The people `ids` by first and last name. */
export function peopleByName(db: Db, ids: number[]): Promise<PersonRow[]> {
  return db
    .select({ id: users.id, first: users.firstName, last: users.lastName, imgPath: users.imgPath })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(users.firstName, users.lastName);
}

/** Up to `limit` of the people `ids` whose first or last name contains `search`, by name. */
export function searchPeople(db: Db, ids: number[], search: string | undefined, limit: number): Promise<{ id: number; first: string; last: string }[]> {
  const term = search ? containing(search) : undefined;
  return db
    .select({ id: users.id, first: users.firstName, last: users.lastName })
    .from(users)
    .where(and(inArray(users.id, ids), term ? or(ilike(users.firstName, term), ilike(users.lastName, term)) : undefined))
    .orderBy(users.firstName, users.lastName)
    .limit(limit);
}

/** Which of `postIds` `userId` likes. */
export async function likedPostIds(db: Db, userId: number, postIds: number[]): Promise<number[]> {
  const rows = await db.select({ postId: newsLikes.postId }).from(newsLikes).where(and(eq(newsLikes.userId, userId), inArray(newsLikes.postId, postIds)));
  return rows.map((r) => r.postId);
}

/** `userId`'s read marks on `postIds`. */
export function readsOf(db: Db, userId: number, postIds: number[]): Promise<ReadRow[]> {
  return db.select().from(newsReads).where(and(eq(newsReads.userId, userId), inArray(newsReads.postId, postIds)));
}

/** `userId`'s read mark on `postId`, if any. */
export async function readOf(db: Db, postId: number, userId: number): Promise<ReadRow | undefined> {
  const [row] = await db.select().from(newsReads).where(and(eq(newsReads.postId, postId), eq(newsReads.userId, userId)));
  return row;
}

/** The read marks of `userIds` on `postId`. */
export function readsOfPost(db: Db, postId: number, userIds: number[]): Promise<ReadRow[]> {
  return db.select().from(newsReads).where(and(eq(newsReads.postId, postId), inArray(newsReads.userId, userIds)));
}

/** Who confirmed `postId`. */
export async function confirmedUserIds(db: Db, postId: number): Promise<number[]> {
  const rows = await db.select({ userId: newsReads.userId }).from(newsReads).where(and(eq(newsReads.postId, postId), isNotNull(newsReads.confirmedAt)));
  return rows.map((r) => r.userId);
}

/** Marks `postId` read by `userId` at `now` unless it already was (the first read counts). */
export async function insertRead(db: Db, postId: number, userId: number, now: Date): Promise<void> {
  await db.insert(newsReads).values({ postId, userId, readAt: now }).onConflictDoNothing();
}

/** Marks `postId` read and confirmed by `userId` at `now`; a confirmation already there is kept. */
export async function upsertConfirmation(db: Db, postId: number, userId: number, now: Date): Promise<void> {
  await db
    .insert(newsReads)
    .values({ postId, userId, readAt: now, confirmedAt: now })
    .onConflictDoUpdate({ target: [newsReads.postId, newsReads.userId], set: { confirmedAt: sql`coalesce(${newsReads.confirmedAt}, excluded.confirmed_at)` } });
}

/** Counts the posts of `readable` not by `userId` that they have not opened, and the mandatory ones they have not confirmed. */
export async function countUnread(db: Db, readable: SQL, userId: number): Promise<{ unread: number; unconfirmed: number }> {
  const base = and(readable, sql`${newsPosts.authorId} <> ${userId}`);
  const [[u], [c]] = await Promise.all([
    db
      .select({ n: count() })
      .from(newsPosts)
      .where(and(base, sql`not exists (select 1 from ${newsReads} r where r.post_id = ${newsPosts.id} and r.user_id = ${userId})`)),
    db
      .select({ n: count() })
      .from(newsPosts)
      .where(and(base, eq(newsPosts.mandatory, true), sql`not exists (select 1 from ${newsReads} r where r.post_id = ${newsPosts.id} and r.user_id = ${userId} and r.confirmed_at is not null)`)),
  ]);
  return { unread: u?.n ?? 0, unconfirmed: c?.n ?? 0 };
}

/** Adds one to the post's comment count (in the comment's transaction). */
export async function countComment(tx: Db, id: number): Promise<void> {
  await tx.update(newsPosts).set({ commentCount: sql`${newsPosts.commentCount} + 1` }).where(eq(newsPosts.id, id));
}

/**
 * Likes (`liked`) or unlikes post `id` for `userId` in `tx`; the count moves only when the like
 * row was really inserted or deleted. Answers the new count, or null when nothing moved.
 */
export async function moveLike(tx: Db, id: number, userId: number, liked: boolean, now: Date): Promise<number | null> {
  const moved = liked
    ? await tx.insert(newsLikes).values({ postId: id, userId, createdAt: now }).onConflictDoNothing().returning({ postId: newsLikes.postId })
    : await tx.delete(newsLikes).where(and(eq(newsLikes.postId, id), eq(newsLikes.userId, userId))).returning({ postId: newsLikes.postId });
  if (moved.length === 0) return null;
  const [row] = await tx
    .update(newsPosts)
    .set({ likeCount: sql`${newsPosts.likeCount} + ${liked ? 1 : -1}` })
    .where(eq(newsPosts.id, id))
    .returning({ likeCount: newsPosts.likeCount });
  return row!.likeCount;
}

/** The post's like count (0 for an unknown post). */
export async function likeCountOf(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ likeCount: newsPosts.likeCount }).from(newsPosts).where(eq(newsPosts.id, id));
  return row?.likeCount ?? 0;
}

/** Who liked post `id` and when, most recent first (then by user id). */
export function likesOf(db: Db, id: number): Promise<(PersonRow & { at: Date })[]> {
  return db
    .select({ id: users.id, first: users.firstName, last: users.lastName, imgPath: users.imgPath, at: newsLikes.createdAt })
    .from(newsLikes)
    .innerJoin(users, eq(users.id, newsLikes.userId))
    .where(eq(newsLikes.postId, id))
    .orderBy(desc(newsLikes.createdAt), asc(users.id));
}

/** The names of the groups `groupIds` and then of the locations `locationIds`. */
export async function audienceNames(db: Db, groupIds: number[], locationIds: number[]): Promise<string[]> {
  const [g, l] = await Promise.all([
    groupIds.length ? db.select({ name: groups.name }).from(groups).where(inArray(groups.id, groupIds)) : [],
    locationIds.length ? db.select({ name: locations.name }).from(locations).where(inArray(locations.id, locationIds)) : [],
  ]);
  return [...g, ...l].map((r) => r.name);
}

/** Active groups and every location, by name: the editor's audience choices. */
export async function audienceChoices(db: Db): Promise<{ groups: { id: number; name: string }[]; locations: { id: number; name: string }[] }> {
  const [g, l] = await Promise.all([
    db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.isActive, true)).orderBy(groups.name),
    db.select({ id: locations.id, name: locations.name }).from(locations).orderBy(locations.name),
  ]);
  return { groups: g, locations: l };
}

/** The group memberships of `userIds`, only in `groupIds` when given. */
export function membershipsOf(db: Db, userIds: number[], groupIds?: number[]): Promise<{ userId: number; groupId: number; name: string }[]> {
  return db
    .select({ userId: groupMembers.userId, groupId: groups.id, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(inArray(groupMembers.userId, userIds), groupIds ? inArray(groups.id, groupIds) : undefined));
}

/**
 * Claims the posts whose publishAt has come and that were not announced yet (not deleted):
 * marks them announced at `now` and answers them. Several instances: each post is claimed once.
 */
export function claimDue(db: Db, now: Date): Promise<PostRow[]> {
  return db
    .update(newsPosts)
    .set({ announcedAt: now })
    .where(and(isNull(newsPosts.announcedAt), isNull(newsPosts.deletedAt), lte(newsPosts.publishAt, now)))
    .returning();
}
