import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import {
  type FileItem,
  type NewsConfirmationStats,
  type NewsLikedUsersResponse,
  type NewsPostDetail,
  type NewsPostSummary,
  type NewsReference,
  type NewsState,
  type NewsUnreadResponse,
  type RecordPerson,
  type newsListQuery,
  type saveNewsInput,
} from '@servicedesk/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { groupMembers, groups, locations, newsLikes, newsPosts, newsReads, users } from '../../db/schema';
import * as access from '../../lib/access';
import { domainRule, forbidden, notFound } from '../../lib/errors';
import { appendHistory, historyOf } from '../../lib/records/history';
import { commentsOf, insertComment } from '../../lib/records/comments';
import { attachmentsOf, attachToRecord, registerRecordAttachments } from '../../lib/records/attachments';
import { notifyAboutRecord } from '../../lib/records/notify';
import { publishRecordChange } from '../../hub/record-presence';
import { findLiveFiles } from '../files/files.service';
import { toFileItem } from '../files/files.service';
import type { AppDeps, AuthUser } from '../../types';
import { NEWS_RECORD_KIND } from './news.kind';
import { excerptOf, sanitizeNewsBody } from './news.sanitize';
import { audienceOf, isPublished, newsViewer, readRule, readableSql, type NewsViewer } from './news.visibility';
import type { WarnLogger } from '../../lib/log';

/** Minimal logger shape for push failures. */
type PostRow = typeof newsPosts.$inferSelect;
export type NewsListQueryParsed = z.output<typeof newsListQuery>;
export type SaveNewsParsed = z.output<typeof saveNewsInput>;

const iso = (d: Date) => d.toISOString();
const personName = (first: string, last: string) => `${first} ${last}`.trim();

/** The post's state at `now` (what its author sees). */
export const stateOf = (post: Pick<PostRow, 'publishAt' | 'unpublishAt'>, now: Date): NewsState =>
  post.publishAt > now ? 'scheduled' : isPublished(post, now) ? 'published' : 'expired';

async function findPost(db: Db, id: number): Promise<PostRow | undefined> {
  const [row] = await db.select().from(newsPosts).where(eq(newsPosts.id, id));
  return row;
}

/**
 * The post or 404 (unknown or deleted); then 403 `forbidden` rule `notInAudience` unless the
 * caller may read it now (news.visibility.ts) — the answer a non-member gets opening it by URL.
 */
async function loadReadable(deps: AppDeps, user: AuthUser, id: number, now: Date): Promise<{ post: PostRow; viewer: NewsViewer; rule: string }> {
  const post = await findPost(deps.db, id);
  if (!post || post.deletedAt !== null) throw notFound('No such post.');
  const viewer = await newsViewer(deps, user);
  const rule = readRule(post, viewer, now);
  if (!rule) throw forbidden('notInAudience', 'This post is not for you.', { postId: id });
  return { post, viewer, rule };
}

/** Whether `user` may edit (and delete) `post`: its author with `news.create`, or an editor (`news.delete`). */
async function mayEdit(deps: AppDeps, user: AuthUser, post: PostRow): Promise<boolean> {
  if (await access.hasAction(deps, user, 'news.delete')) return true;
  return post.authorId === user.id && (await access.hasAction(deps, user, 'news.create'));
}

/**
 * The record rule of `news*` (lib/access.ts) for record presence and the explainer: may the
 * caller read post `record.id` now — `author`, `editor`, `audience`; else `notInAudience` or
 * `recordNotFound`.
 */
export const newsRecordRule: access.RecordRule = async ({ deps, user, record }) => {
  const post = await findPost(deps.db, record.id);
  if (!post || post.deletedAt !== null) return { allowed: false, rule: 'recordNotFound', params: { postId: record.id } };
  const rule = readRule(post, await newsViewer(deps, user), new Date());
  return rule ? { allowed: true, rule, params: { postId: post.id } } : { allowed: false, rule: 'notInAudience', params: { postId: post.id } };
};

/** Registers the record rule and who may read / remove a post's files (readers / editors). */
export function registerNewsAccess(): void {
  access.registerRecordRule('news', newsRecordRule);
  registerRecordAttachments(NEWS_RECORD_KIND, {
    read: async (deps, user, id) => {
      const post = await findPost(deps.db, id);
      return post !== undefined && readRule(post, await newsViewer(deps, user), new Date()) !== null;
    },
    remove: async (deps, user, id) => {
      const post = await findPost(deps.db, id);
      return post !== undefined && post.deletedAt === null && (await mayEdit(deps, user, post));
    },
  });
}

/**
 * RecordChanged("newsPost", id) to everyone whose feed holds the post (its audience and author)
 * while it is published — every open feed and detail refetches (issue #18 "live") — and to its
 * author and viewers only while it is scheduled or expired.
 */
export async function announcePost(deps: AppDeps, post: PostRow, now: Date, log?: WarnLogger): Promise<void> {
  const audience = post.deletedAt === null && !isPublished(post, now) ? [] : await audienceOf(deps.db, post);
  await publishRecordChange(deps, NEWS_RECORD_KIND, post.id, [post.authorId, ...audience], log);
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

const author = users;

/** Feed rows as summaries (covers read in one query). */
async function summaries(db: Db, viewerId: number, posts: PostRow[], now: Date): Promise<NewsPostSummary[]> {
  if (posts.length === 0) return [];
  const ids = posts.map((p) => p.id);
  const [people, likes, reads, covers] = await Promise.all([
    db
      .select({ id: author.id, first: author.firstName, last: author.lastName, imgPath: author.imgPath })
      .from(author)
      .where(inArray(author.id, [...new Set(posts.map((p) => p.authorId))])),
    db.select({ postId: newsLikes.postId }).from(newsLikes).where(and(eq(newsLikes.userId, viewerId), inArray(newsLikes.postId, ids))),
    db.select().from(newsReads).where(and(eq(newsReads.userId, viewerId), inArray(newsReads.postId, ids))),
    findLiveFiles(db, posts.flatMap((p) => (p.coverFileId !== null ? [p.coverFileId] : []))),
  ]);
  const personOf = new Map(people.map((p) => [p.id, { id: p.id, name: personName(p.first, p.last), imgPath: p.imgPath } satisfies RecordPerson]));
  const liked = new Set(likes.map((l) => l.postId));
  const readOf = new Map(reads.map((r) => [r.postId, r]));
  const coverOf = new Map(covers.map((f) => [f.id, toFileItem(f)]));
  return posts.map((p) => ({
    id: p.id,
    title: p.title,
    excerpt: p.excerpt,
    cover: p.coverFileId !== null ? (coverOf.get(p.coverFileId) ?? null) : null,
    author: personOf.get(p.authorId) ?? { id: p.authorId, name: '', imgPath: null },
    publishAt: iso(p.publishAt),
    unpublishAt: p.unpublishAt ? iso(p.unpublishAt) : null,
    state: stateOf(p, now),
    pinned: p.pinned,
    mandatory: p.mandatory,
    likeCount: p.likeCount,
    commentCount: p.commentCount,
    likedByMe: liked.has(p.id),
    readByMe: readOf.has(p.id) || p.authorId === viewerId,
    confirmedByMe: readOf.get(p.id)?.confirmedAt != null,
    updatedAt: iso(p.updatedAt),
  }));
}

/**
 * POST /api/news/list: the caller's feed — posts they may read now, pinned first, then newest
 * (publishAt, id) first; `mine` their own posts in every state; `unconfirmed` mandatory posts
 * they have not confirmed; `search` in the title. A page of `skip`/`take`, with the total.
 */
export async function listPosts(deps: AppDeps, user: AuthUser, query: NewsListQueryParsed, now = new Date()) {
  const viewer = await newsViewer(deps, user);
  const where = and(
    query.mine ? and(isNull(newsPosts.deletedAt), eq(newsPosts.authorId, user.id)) : readableSql(viewer, now),
    query.unconfirmed
      ? and(
          eq(newsPosts.mandatory, true),
          sql`${newsPosts.authorId} <> ${user.id}`,
          sql`not exists (select 1 from ${newsReads} r where r.post_id = ${newsPosts.id} and r.user_id = ${user.id} and r.confirmed_at is not null)`,
        )
      : undefined,
    query.search ? ilike(newsPosts.title, `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  const dir = query.sortDir === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(newsPosts)
      .where(where)
      .orderBy(desc(newsPosts.pinned), dir(newsPosts.publishAt), dir(newsPosts.id))
      .offset(query.skip)
      .limit(query.take),
    deps.db.select({ n: count() }).from(newsPosts).where(where),
  ]);
  return { rows: await summaries(deps.db, user.id, rows, now), total: total?.n ?? 0, totalCapped: false };
}

/** GET /api/news/{id}: the post with its audience, attachments, comments, edit history and the caller's marks. 404 / 403 `notInAudience`. */
export async function getDetail(deps: AppDeps, user: AuthUser, id: number, now = new Date()): Promise<NewsPostDetail> {
  const { post, rule } = await loadReadable(deps, user, id, now);
  const [summary] = await summaries(deps.db, user.id, [post], now);
  const [attachments, comments, history, [read], names, canEdit, canComment] = await Promise.all([
    attachmentsOf(deps, NEWS_RECORD_KIND, id),
    commentsOf(deps.db, NEWS_RECORD_KIND, id),
    historyOf(deps.db, NEWS_RECORD_KIND, id),
    deps.db.select().from(newsReads).where(and(eq(newsReads.postId, id), eq(newsReads.userId, user.id))),
    audienceNames(deps.db, post),
    mayEdit(deps, user, post),
    access.hasAction(deps, user, 'news.comment'),
  ]);
  if (!summary) throw notFound('No such post.');
  return {
    post: { ...summary, body: post.body },
    audience: { everyone: post.audienceEveryone, groupIds: post.audienceGroupIds, locationIds: post.audienceLocationIds },
    audienceNames: names,
    attachments: attachments.filter((f) => f.id !== post.coverFileId) satisfies FileItem[],
    comments,
    history,
    canEdit,
    canComment,
    canSeeStats: post.mandatory && (rule === 'author' || rule === 'editor'),
    readAt: read ? iso(read.readAt) : null,
    confirmedAt: read?.confirmedAt ? iso(read.confirmedAt) : null,
  };
}

async function audienceNames(db: Db, post: PostRow): Promise<string[]> {
  if (post.audienceEveryone) return [];
  const [g, l] = await Promise.all([
    post.audienceGroupIds.length ? db.select({ name: groups.name }).from(groups).where(inArray(groups.id, post.audienceGroupIds)) : [],
    post.audienceLocationIds.length ? db.select({ name: locations.name }).from(locations).where(inArray(locations.id, post.audienceLocationIds)) : [],
  ]);
  return [...g, ...l].map((r) => r.name);
}

/** GET /api/news/reference: groups and locations for the editor's audience; whether the caller may write posts. */
export async function reference(deps: AppDeps, user: AuthUser): Promise<NewsReference> {
  const [g, l, canCreate] = await Promise.all([
    deps.db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.isActive, true)).orderBy(groups.name),
    deps.db.select({ id: locations.id, name: locations.name }).from(locations).orderBy(locations.name),
    access.hasAction(deps, user, 'news.create'),
  ]);
  return { groups: g, locations: l, canCreate };
}

/** GET /api/news/{id}/readers?search=: up to 20 active people who may read the post (whom a comment may @mention). */
export async function readers(deps: AppDeps, user: AuthUser, id: number, search: string | undefined, now = new Date()) {
  const { post } = await loadReadable(deps, user, id, now);
  const ids = [...new Set([post.authorId, ...(await audienceOf(deps.db, post))])].filter((u) => u !== user.id);
  if (ids.length === 0) return [];
  const term = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const rows = await deps.db
    .select({ id: users.id, first: users.firstName, last: users.lastName })
    .from(users)
    .where(and(inArray(users.id, ids), term ? or(ilike(users.firstName, term), ilike(users.lastName, term)) : undefined))
    .orderBy(users.firstName, users.lastName)
    .limit(20);
  return rows.map((r) => ({ id: r.id, name: personName(r.first, r.last) }));
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/news/save: creates a post (`news.create`) or edits one (its author, or an editor:
 * else 403 `notAuthor`). The body is sanitised (news.sanitize.ts); 422 `invalidRange` when
 * unpublishAt is not after publishAt; 422 `fileNotAttachable` for a cover or file that is not
 * the caller's upload. History: `create`, or `update` with the changed fields and the previous
 * title and body. A post published now is announced to its audience at once; a scheduled one
 * by the publish job when its time comes.
 */
export async function savePost(deps: AppDeps, user: AuthUser, input: SaveNewsParsed, now = new Date(), log?: WarnLogger): Promise<NewsPostDetail> {
  const publishAt = input.publishAt ? new Date(input.publishAt) : now;
  const unpublishAt = input.unpublishAt ? new Date(input.unpublishAt) : null;
  if (unpublishAt && unpublishAt <= publishAt) throw domainRule('invalidRange', 'The post must be unpublished after it is published.', { field: 'unpublishAt' });
  const body = sanitizeNewsBody(input.body);
  const values = {
    title: input.title,
    body,
    excerpt: excerptOf(body),
    coverFileId: input.coverFileId,
    audienceEveryone: input.audience.everyone,
    audienceGroupIds: input.audience.everyone ? [] : [...new Set(input.audience.groupIds)],
    audienceLocationIds: input.audience.everyone ? [] : [...new Set(input.audience.locationIds)],
    publishAt,
    unpublishAt,
    pinned: input.pinned,
    mandatory: input.mandatory,
    updatedAt: now,
  };
  const fileIds = [...new Set([...input.fileIds, ...(input.coverFileId !== null ? [input.coverFileId] : [])])];

  let previous: PostRow | undefined;
  if (input.id !== undefined) {
    previous = await findPost(deps.db, input.id);
    if (!previous || previous.deletedAt !== null) throw notFound('No such post.');
    if (!(await mayEdit(deps, user, previous))) throw forbidden('notAuthor', 'Only the author or an editor may change this post.', { postId: input.id });
  }
  const saved = await deps.db.transaction(async (tx) => {
    if (previous) {
      const changed = (Object.keys(values) as (keyof typeof values)[]).filter(
        (k) => k !== 'updatedAt' && k !== 'excerpt' && JSON.stringify(values[k]) !== JSON.stringify(previous[k]),
      );
      // A post newly published (or re-scheduled) is announced again when its time comes.
      const announcedAt = changed.includes('publishAt') || changed.includes('audienceGroupIds') ? null : previous.announcedAt;
      const [row] = await tx.update(newsPosts).set({ ...values, announcedAt: publishAt <= now ? now : announcedAt }).where(eq(newsPosts.id, previous.id)).returning();
      await attachToRecord(deps, NEWS_RECORD_KIND, previous.id, fileIds, user, tx);
      await appendHistory(tx, [
        {
          recordKind: NEWS_RECORD_KIND,
          recordId: previous.id,
          action: 'update',
          actorId: user.id,
          details: { changed, previousTitle: previous.title, previousBody: changed.includes('body') ? previous.body : undefined },
        },
      ]);
      return row!;
    }
    const [row] = await tx
      .insert(newsPosts)
      .values({ ...values, authorId: user.id, announcedAt: publishAt <= now ? now : null, createdAt: now })
      .returning();
    await attachToRecord(deps, NEWS_RECORD_KIND, row!.id, fileIds, user, tx);
    await appendHistory(tx, [{ recordKind: NEWS_RECORD_KIND, recordId: row!.id, action: 'create', actorId: user.id, details: { publishAt: iso(publishAt) } }]);
    return row!;
  });
  await announcePost(deps, saved, now, log);
  if (!previous && publishAt <= now) await notifyMandatory(deps, saved.id, now, log);
  if (previous && JSON.stringify(previous.audienceGroupIds) !== JSON.stringify(saved.audienceGroupIds)) await announcePost(deps, previous, now, log);
  return getDetail(deps, user, saved.id, now);
}

/** POST /api/news/{id}/delete (SPEC §7 "news delete"): soft delete by the author or an editor; history `delete`. */
export async function deletePost(deps: AppDeps, user: AuthUser, id: number, now = new Date(), log?: WarnLogger): Promise<void> {
  const post = await findPost(deps.db, id);
  if (!post || post.deletedAt !== null) throw notFound('No such post.');
  if (!(await mayEdit(deps, user, post))) throw forbidden('notAuthor', 'Only the author or an editor may delete this post.', { postId: id });
  await deps.db.transaction(async (tx) => {
    await tx.update(newsPosts).set({ deletedAt: now, updatedAt: now }).where(eq(newsPosts.id, id));
    await appendHistory(tx, [{ recordKind: NEWS_RECORD_KIND, recordId: id, action: 'delete', actorId: user.id }]);
  });
  await announcePost(deps, { ...post, deletedAt: now }, now, log);
}

/**
 * POST /api/news/{id}/comment: a reader with `news.comment` comments. Mentions notify only the
 * mentioned people who may read the post (its audience and author — never an outsider, who gains
 * no access either: humhub#2791); the author hears of every comment. Answers the comment and who
 * was notified of the mention.
 */
export async function addComment(deps: AppDeps, user: AuthUser, id: number, input: { text: string; mentionedUserIds: number[] }, now = new Date(), log?: WarnLogger) {
  const { post } = await loadReadable(deps, user, id, now);
  await access.require(deps, user, 'news.comment');
  const comment = await deps.db.transaction(async (tx) => {
    const stored = await insertComment(tx, NEWS_RECORD_KIND, id, user.id, input.text);
    await tx.update(newsPosts).set({ commentCount: sql`${newsPosts.commentCount} + 1` }).where(eq(newsPosts.id, id));
    return stored;
  });
  const readersOf = new Set([post.authorId, ...(await audienceOf(deps.db, post))]);
  const mentioned = [...new Set(input.mentionedUserIds)].filter((u) => u !== user.id && readersOf.has(u));
  const params = { title: post.title, name: comment.author.name };
  await notifyAboutRecord(deps, NEWS_RECORD_KIND, id, mentioned, 'notifications.news.mentioned', params, user.id, log);
  if (!mentioned.includes(post.authorId)) await notifyAboutRecord(deps, NEWS_RECORD_KIND, id, [post.authorId], 'notifications.news.commented', params, user.id, log);
  await announcePost(deps, post, now, log);
  return { comment, notifiedUserIds: mentioned.sort((a, b) => a - b) };
}

/**
 * POST /api/news/{id}/like { liked }: likes or unlikes (idempotent). The count moves only when the
 * caller's like row was really inserted or deleted, in the same transaction — exact under
 * concurrent likes.
 */
export async function setLike(deps: AppDeps, user: AuthUser, id: number, liked: boolean, now = new Date(), log?: WarnLogger) {
  const { post } = await loadReadable(deps, user, id, now);
  const likeCount = await deps.db.transaction(async (tx) => {
    const moved = liked
      ? await tx.insert(newsLikes).values({ postId: id, userId: user.id, createdAt: now }).onConflictDoNothing().returning({ postId: newsLikes.postId })
      : await tx.delete(newsLikes).where(and(eq(newsLikes.postId, id), eq(newsLikes.userId, user.id))).returning({ postId: newsLikes.postId });
    if (moved.length === 0) return null;
    const [row] = await tx
      .update(newsPosts)
      .set({ likeCount: sql`${newsPosts.likeCount} + ${liked ? 1 : -1}` })
      .where(eq(newsPosts.id, id))
      .returning({ likeCount: newsPosts.likeCount });
    return row!.likeCount;
  });
  if (likeCount === null) {
    const [row] = await deps.db.select({ likeCount: newsPosts.likeCount }).from(newsPosts).where(eq(newsPosts.id, id));
    return { likeCount: row?.likeCount ?? 0, likedByMe: liked };
  }
  await announcePost(deps, post, now, log);
  return { likeCount, likedByMe: liked };
}

/** GET /api/news/{id}/likedUsers: who liked the post, most recent first. */
export async function likedUsers(deps: AppDeps, user: AuthUser, id: number, now = new Date()): Promise<NewsLikedUsersResponse> {
  await loadReadable(deps, user, id, now);
  const rows = await deps.db
    .select({ id: users.id, first: users.firstName, last: users.lastName, imgPath: users.imgPath, at: newsLikes.createdAt })
    .from(newsLikes)
    .innerJoin(users, eq(users.id, newsLikes.userId))
    .where(eq(newsLikes.postId, id))
    .orderBy(desc(newsLikes.createdAt), asc(users.id));
  return rows.map((r) => ({ id: r.id, name: personName(r.first, r.last), imgPath: r.imgPath, likedAt: iso(r.at) }));
}

/** GET /api/news/unread: published posts the caller may read and has not opened (not their own); mandatory ones not confirmed. */
export async function unread(deps: AppDeps, user: AuthUser, now = new Date()): Promise<NewsUnreadResponse> {
  const viewer = await newsViewer(deps, user);
  const base = and(readableSql({ ...viewer, editor: false }, now), sql`${newsPosts.authorId} <> ${user.id}`);
  const [[u], [c]] = await Promise.all([
    deps.db
      .select({ n: count() })
      .from(newsPosts)
      .where(and(base, sql`not exists (select 1 from ${newsReads} r where r.post_id = ${newsPosts.id} and r.user_id = ${user.id})`)),
    deps.db
      .select({ n: count() })
      .from(newsPosts)
      .where(
        and(base, eq(newsPosts.mandatory, true), sql`not exists (select 1 from ${newsReads} r where r.post_id = ${newsPosts.id} and r.user_id = ${user.id} and r.confirmed_at is not null)`),
      ),
  ]);
  return { unread: u?.n ?? 0, unconfirmed: c?.n ?? 0 };
}

/** POST /api/news/{id}/read: the caller opened the post — the first read counts (idempotent, safe under concurrency). Answers it and the unread count left. */
export async function markRead(deps: AppDeps, user: AuthUser, id: number, now = new Date()) {
  await loadReadable(deps, user, id, now);
  await deps.db.insert(newsReads).values({ postId: id, userId: user.id, readAt: now }).onConflictDoNothing();
  const [row] = await deps.db.select().from(newsReads).where(and(eq(newsReads.postId, id), eq(newsReads.userId, user.id)));
  return { readAt: iso(row!.readAt), unread: (await unread(deps, user, now)).unread };
}

/** POST /api/news/{id}/confirm: the caller confirms having read a mandatory post (422 `notMandatory`); the first confirmation counts. */
export async function confirmRead(deps: AppDeps, user: AuthUser, id: number, now = new Date(), log?: WarnLogger) {
  const { post } = await loadReadable(deps, user, id, now);
  if (!post.mandatory) throw domainRule('notMandatory', 'This post does not ask for confirmation.');
  await deps.db
    .insert(newsReads)
    .values({ postId: id, userId: user.id, readAt: now, confirmedAt: now })
    .onConflictDoUpdate({ target: [newsReads.postId, newsReads.userId], set: { confirmedAt: sql`coalesce(${newsReads.confirmedAt}, excluded.confirmed_at)` } });
  const [row] = await deps.db.select().from(newsReads).where(and(eq(newsReads.postId, id), eq(newsReads.userId, user.id)));
  // The author's statistics page refetches.
  await publishRecordChange(deps, NEWS_RECORD_KIND, id, [post.authorId, user.id], log);
  return { confirmedAt: iso(row!.confirmedAt!) };
}

/** The author or an editor (else 403 `notAuthor`) of a mandatory post (else 422 `notMandatory`). */
async function loadOwnMandatory(deps: AppDeps, user: AuthUser, id: number, now: Date): Promise<PostRow> {
  const { rule, post } = await loadReadable(deps, user, id, now);
  if (rule !== 'author' && rule !== 'editor') throw forbidden('notAuthor', 'Only the author sees who confirmed.', { postId: id });
  if (!post.mandatory) throw domainRule('notMandatory', 'This post does not ask for confirmation.');
  return post;
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.floor((part * 100) / whole));

/**
 * GET /api/news/{id}/confirmations: everyone the mandatory post reaches (its audience, the author
 * excluded), who read and confirmed it, per group (a person in two groups counts in each; people
 * in no group under "—") and in total, with the percentage (rounded down).
 */
export async function confirmationStats(deps: AppDeps, user: AuthUser, id: number, now = new Date()): Promise<NewsConfirmationStats> {
  const post = await loadOwnMandatory(deps, user, id, now);
  const audience = await audienceOf(deps.db, post);
  if (audience.length === 0) return { total: 0, confirmed: 0, percent: 0, groups: [], readers: [], lastRemindedAt: post.lastRemindedAt ? iso(post.lastRemindedAt) : null };
  const [people, marks, memberships] = await Promise.all([
    deps.db.select({ id: users.id, first: users.firstName, last: users.lastName, imgPath: users.imgPath }).from(users).where(inArray(users.id, audience)).orderBy(users.firstName, users.lastName),
    deps.db.select().from(newsReads).where(and(eq(newsReads.postId, id), inArray(newsReads.userId, audience))),
    deps.db
      .select({ userId: groupMembers.userId, groupId: groups.id, name: groups.name })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(and(inArray(groupMembers.userId, audience), post.audienceEveryone || post.audienceGroupIds.length === 0 ? undefined : inArray(groups.id, post.audienceGroupIds))),
  ]);
  const markOf = new Map(marks.map((m) => [m.userId, m]));
  const groupsOf = new Map<number, { groupId: number; name: string }[]>();
  for (const m of memberships) groupsOf.set(m.userId, [...(groupsOf.get(m.userId) ?? []), { groupId: m.groupId, name: m.name }]);
  const perGroup = new Map<number | null, { groupId: number | null; name: string; total: number; confirmed: number }>();
  let confirmed = 0;
  const readersList = people.map((p) => {
    const mark = markOf.get(p.id);
    const done = mark?.confirmedAt != null;
    if (done) confirmed += 1;
    const own = groupsOf.get(p.id) ?? [];
    for (const g of own.length ? own : [{ groupId: null, name: '—' }]) {
      const entry = perGroup.get(g.groupId) ?? { groupId: g.groupId, name: g.name, total: 0, confirmed: 0 };
      entry.total += 1;
      if (done) entry.confirmed += 1;
      perGroup.set(g.groupId, entry);
    }
    return {
      id: p.id,
      name: personName(p.first, p.last),
      imgPath: p.imgPath,
      groupNames: own.map((g) => g.name),
      readAt: mark ? iso(mark.readAt) : null,
      confirmedAt: mark?.confirmedAt ? iso(mark.confirmedAt) : null,
    };
  });
  return {
    total: people.length,
    confirmed,
    percent: percent(confirmed, people.length),
    groups: [...perGroup.values()].map((g) => ({ ...g, percent: percent(g.confirmed, g.total) })).sort((a, b) => a.name.localeCompare(b.name)),
    readers: readersList,
    lastRemindedAt: post.lastRemindedAt ? iso(post.lastRemindedAt) : null,
  };
}

/** POST /api/news/{id}/remind: notifies (`notifications.news.remind`) the audience of a mandatory post who have not confirmed; answers how many. */
export async function remind(deps: AppDeps, user: AuthUser, id: number, now = new Date(), log?: WarnLogger) {
  const post = await loadOwnMandatory(deps, user, id, now);
  if (!isPublished(post, now)) throw domainRule('notPublished', 'The post is not published.');
  const audience = await audienceOf(deps.db, post);
  const done = audience.length
    ? new Set(
        (await deps.db.select({ userId: newsReads.userId }).from(newsReads).where(and(eq(newsReads.postId, id), isNotNull(newsReads.confirmedAt)))).map((r) => r.userId),
      )
    : new Set<number>();
  const pending = audience.filter((u) => !done.has(u));
  await notifyAboutRecord(deps, NEWS_RECORD_KIND, id, pending, 'notifications.news.remind', { title: post.title }, user.id, log);
  await deps.db.update(newsPosts).set({ lastRemindedAt: now }).where(eq(newsPosts.id, id));
  return { reminded: pending.filter((u) => u !== user.id).length };
}

/**
 * The scheduled-publish job: posts whose publishAt has come and that were not announced yet are
 * announced to their audience (feeds refetch; mandatory ones notify `notifications.news.mandatory`).
 * Answers how many. Several instances: the UPDATE … RETURNING claims each post once.
 */
export async function announceDue(deps: AppDeps, now = new Date(), log?: WarnLogger): Promise<number> {
  const due = await deps.db
    .update(newsPosts)
    .set({ announcedAt: now })
    .where(and(isNull(newsPosts.announcedAt), isNull(newsPosts.deletedAt), lte(newsPosts.publishAt, now)))
    .returning();
  for (const post of due) {
    await announcePost(deps, post, now, log);
    if (post.mandatory && isPublished(post, now)) {
      await notifyAboutRecord(deps, NEWS_RECORD_KIND, post.id, await audienceOf(deps.db, post), 'notifications.news.mandatory', { title: post.title }, post.authorId, log);
    }
  }
  return due.length;
}

/** Notifies the audience of a mandatory post published now (on create). */
export async function notifyMandatory(deps: AppDeps, postId: number, now = new Date(), log?: WarnLogger): Promise<void> {
  const post = await findPost(deps.db, postId);
  if (!post || !post.mandatory || !isPublished(post, now)) return;
  await notifyAboutRecord(deps, NEWS_RECORD_KIND, post.id, await audienceOf(deps.db, post), 'notifications.news.mandatory', { title: post.title }, post.authorId, log);
}
