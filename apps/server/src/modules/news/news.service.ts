import { type FileItem, type NewsPostDetail, type NewsPostSummary, type NewsReference, type NewsState, type RecordPerson, type newsListQuery, type saveNewsInput } from '@servicedesk/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import * as repo from './news.repository';
import { findPost, type PostRow } from './news.repository';
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

export { confirmRead, confirmationStats, likedUsers, markRead, remind, setLike, unread } from './news.marks';
import type { WarnLogger } from '../../lib/log';

export type NewsListQueryParsed = z.output<typeof newsListQuery>;
export type SaveNewsParsed = z.output<typeof saveNewsInput>;

const iso = (d: Date) => d.toISOString();
/** "First Last" (trimmed: either may be empty). */
export const personName = (first: string, last: string) => `${first} ${last}`.trim();

/** The post's state at `now` (what its author sees). */
export const stateOf = (post: Pick<PostRow, 'publishAt' | 'unpublishAt'>, now: Date): NewsState =>
  post.publishAt > now ? 'scheduled' : isPublished(post, now) ? 'published' : 'expired';

/**
 * The post or 404 (unknown or deleted); then 403 `forbidden` rule `notInAudience` unless the
 * caller may read it now (news.visibility.ts) — the answer a non-member gets opening it by URL.
 */
export async function loadReadable(deps: AppDeps, user: AuthUser, id: number, now: Date): Promise<{ post: PostRow; viewer: NewsViewer; rule: string }> {
  const post = await findPost(deps.db, id);
  if (!post || post.deletedAt !== null) throw notFound('No such post.');
  const viewer = await newsViewer(deps, user);
  const rule = readRule(post, viewer, now);
  if (!rule) throw forbidden('notInAudience', 'This post is not for you.', { postId: id });
  return { post, viewer, rule };
}

/** Whether `user` may edit (and delete) `post`: its author with `news.create`, or an editor (`news.delete`). */
export async function mayEdit(deps: AppDeps, user: AuthUser, post: PostRow): Promise<boolean> {
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

/** Feed rows as summaries (covers read in one query). */
async function summaries(db: Db, viewerId: number, posts: PostRow[], now: Date): Promise<NewsPostSummary[]> {
  if (posts.length === 0) return [];
  const ids = posts.map((p) => p.id);
  const [people, likes, reads, covers] = await Promise.all([
    repo.peopleByIds(db, [...new Set(posts.map((p) => p.authorId))]),
    repo.likedPostIds(db, viewerId, ids),
    repo.readsOf(db, viewerId, ids),
    findLiveFiles(db, posts.flatMap((p) => (p.coverFileId !== null ? [p.coverFileId] : []))),
  ]);
  const personOf = new Map(people.map((p) => [p.id, { id: p.id, name: personName(p.first, p.last), imgPath: p.imgPath } satisfies RecordPerson]));
  const liked = new Set(likes);
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
 * they have not confirmed; `search` in the title. A page of `take` after `after` (the previous
 * page's `nextCursor`, issue #44) and `skip` on from there, with the total counted up to the cap
 * (`totalCapped`: more).
 */
export async function listPosts(deps: AppDeps, user: AuthUser, query: NewsListQueryParsed, now = new Date()) {
  const viewer = await newsViewer(deps, user);
  const { rows, total, totalCapped, nextCursor } = await repo.feedPage(
    deps.db,
    {
      ...(query.mine ? { authorId: user.id } : { readable: readableSql(viewer, now) }),
      unconfirmedBy: query.unconfirmed ? user.id : undefined,
      search: query.search || undefined,
    },
    { dir: query.sortDir === 'asc' ? 'asc' : 'desc', skip: query.skip, take: query.take, ...(query.after ? { after: query.after } : {}) },
  );
  return { rows: await summaries(deps.db, user.id, rows, now), total, totalCapped, nextCursor };
}

/** GET /api/news/{id}: the post with its audience, attachments, comments, edit history and the caller's marks. 404 / 403 `notInAudience`. */
export async function getDetail(deps: AppDeps, user: AuthUser, id: number, now = new Date()): Promise<NewsPostDetail> {
  const { post, rule } = await loadReadable(deps, user, id, now);
  const [summary] = await summaries(deps.db, user.id, [post], now);
  const [attachments, comments, history, read, names, canEdit, canComment] = await Promise.all([
    attachmentsOf(deps, NEWS_RECORD_KIND, id),
    commentsOf(deps.db, NEWS_RECORD_KIND, id),
    historyOf(deps.db, NEWS_RECORD_KIND, id),
    repo.readOf(deps.db, id, user.id),
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
  return repo.audienceNames(db, post.audienceGroupIds, post.audienceLocationIds);
}

/** GET /api/news/reference: groups and locations for the editor's audience; whether the caller may write posts. */
export async function reference(deps: AppDeps, user: AuthUser): Promise<NewsReference> {
  const [choices, canCreate] = await Promise.all([repo.audienceChoices(deps.db), access.hasAction(deps, user, 'news.create')]);
  return { ...choices, canCreate };
}

/** GET /api/news/{id}/readers?search=: up to 20 active people who may read the post (whom a comment may @mention). */
export async function readers(deps: AppDeps, user: AuthUser, id: number, search: string | undefined, now = new Date()) {
  const { post } = await loadReadable(deps, user, id, now);
  const ids = [...new Set([post.authorId, ...(await audienceOf(deps.db, post))])].filter((u) => u !== user.id);
  if (ids.length === 0) return [];
  const rows = await repo.searchPeople(deps.db, ids, search, 20);
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
      const row = await repo.updatePost(tx, previous.id, { ...values, announcedAt: publishAt <= now ? now : announcedAt });
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
      return row;
    }
    const row = await repo.insertPost(tx, { ...values, authorId: user.id, announcedAt: publishAt <= now ? now : null, createdAt: now });
    await attachToRecord(deps, NEWS_RECORD_KIND, row.id, fileIds, user, tx);
    await appendHistory(tx, [{ recordKind: NEWS_RECORD_KIND, recordId: row.id, action: 'create', actorId: user.id, details: { publishAt: iso(publishAt) } }]);
    return row;
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
    await repo.updatePost(tx, id, { deletedAt: now, updatedAt: now });
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
    await repo.countComment(tx, id);
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
 * The scheduled-publish job: posts whose publishAt has come and that were not announced yet are
 * announced to their audience (feeds refetch; mandatory ones notify `notifications.news.mandatory`).
 * Answers how many. Several instances: the UPDATE … RETURNING claims each post once.
 */
export async function announceDue(deps: AppDeps, now = new Date(), log?: WarnLogger): Promise<number> {
  const due = await repo.claimDue(deps.db, now);
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
