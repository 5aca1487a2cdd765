import type { NewsConfirmationStats, NewsLikedUsersResponse, NewsUnreadResponse } from '@servicedesk/contracts';
import { domainRule, forbidden } from '../../lib/errors';
import { notifyAboutRecord } from '../../lib/records/notify';
import { publishRecordChange } from '../../hub/record-presence';
import type { WarnLogger } from '../../lib/log';
import type { AppDeps, AuthUser } from '../../types';
import { NEWS_RECORD_KIND } from './news.kind';
import * as repo from './news.repository';
import type { PostRow } from './news.repository';
import { audienceOf, isPublished, newsViewer, readableSql } from './news.visibility';
import { announcePost, loadReadable, personName } from './news.service';

/*
 * A reader's marks on a news post — likes, the read and confirmation of a mandatory post — and
 * the author's view of who confirmed, with reminders. news.service.ts re-exports them.
 */

const iso = (d: Date) => d.toISOString();

/**
 * POST /api/news/{id}/like { liked }: likes or unlikes (idempotent). The count moves only when the
 * caller's like row was really inserted or deleted, in the same transaction — exact under
 * concurrent likes.
 */
export async function setLike(deps: AppDeps, user: AuthUser, id: number, liked: boolean, now = new Date(), log?: WarnLogger) {
  const { post } = await loadReadable(deps, user, id, now);
  const likeCount = await deps.db.transaction((tx) => repo.moveLike(tx, id, user.id, liked, now));
  if (likeCount === null) return { likeCount: await repo.likeCountOf(deps.db, id), likedByMe: liked };
  await announcePost(deps, post, now, log);
  return { likeCount, likedByMe: liked };
}

/** GET /api/news/{id}/likedUsers: who liked the post, most recent first. */
export async function likedUsers(deps: AppDeps, user: AuthUser, id: number, now = new Date()): Promise<NewsLikedUsersResponse> {
  await loadReadable(deps, user, id, now);
  const rows = await repo.likesOf(deps.db, id);
  return rows.map((r) => ({ id: r.id, name: personName(r.first, r.last), imgPath: r.imgPath, likedAt: iso(r.at) }));
}

/** GET /api/news/unread: published posts the caller may read and has not opened (not their own); mandatory ones not confirmed. */
export async function unread(deps: AppDeps, user: AuthUser, now = new Date()): Promise<NewsUnreadResponse> {
  const viewer = await newsViewer(deps, user);
  return repo.countUnread(deps.db, readableSql({ ...viewer, editor: false }, now), user.id);
}

/** POST /api/news/{id}/read: the caller opened the post — the first read counts (idempotent, safe under concurrency). Answers it and the unread count left. */
export async function markRead(deps: AppDeps, user: AuthUser, id: number, now = new Date()) {
  await loadReadable(deps, user, id, now);
  await repo.insertRead(deps.db, id, user.id, now);
  const row = await repo.readOf(deps.db, id, user.id);
  return { readAt: iso(row!.readAt), unread: (await unread(deps, user, now)).unread };
}

/** POST /api/news/{id}/confirm: the caller confirms having read a mandatory post (422 `notMandatory`); the first confirmation counts. */
export async function confirmRead(deps: AppDeps, user: AuthUser, id: number, now = new Date(), log?: WarnLogger) {
  const { post } = await loadReadable(deps, user, id, now);
  if (!post.mandatory) throw domainRule('notMandatory', 'This post does not ask for confirmation.');
  await repo.upsertConfirmation(deps.db, id, user.id, now);
  const row = await repo.readOf(deps.db, id, user.id);
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
    repo.peopleByName(deps.db, audience),
    repo.readsOfPost(deps.db, id, audience),
    repo.membershipsOf(deps.db, audience, post.audienceEveryone || post.audienceGroupIds.length === 0 ? undefined : post.audienceGroupIds),
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
    ? new Set(await repo.confirmedUserIds(deps.db, id))
    : new Set<number>();
  const pending = audience.filter((u) => !done.has(u));
  await notifyAboutRecord(deps, NEWS_RECORD_KIND, id, pending, 'notifications.news.remind', { title: post.title }, user.id, log);
  await repo.updatePost(deps.db, id, { lastRemindedAt: now });
  return { reminded: pending.filter((u) => u !== user.id).length };
}

