import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupMembers, newsPosts, users } from '../../db/schema';
import * as access from '../../lib/access';
import { groupIdsOf } from '../../lib/records/visibility';
import type { AppDeps, AuthUser } from '../../types';

/*
 * Who may read a news post (issue #18) — ONE rule for the feed's SQL, the detail, the mentions
 * of a comment, the mandatory-reading statistics and the live announcements:
 *
 * - its author, always (scheduled and expired posts included);
 * - holders of `news.delete` (editors), always;
 * - everyone else while it is published (publishAt ≤ now < unpublishAt) and they are in its
 *   audience: everyone, or a member/lead of one of its groups, or at one of its locations.
 *
 * Not a record-foundation `defineVisibility` kind: a post's audience is a set of groups and
 * locations plus a time window, not columns naming people; watchers (mentions) grant nothing here —
 * a mention never opens a post to someone outside its audience (humhub#2791).
 */

/** The caller as the rule needs them. */
export interface NewsViewer {
  userId: number;
  groupIds: readonly number[];
  locationId: number | null;
  /** Holds `news.delete`: sees every post. */
  editor: boolean;
}

type PostRow = typeof newsPosts.$inferSelect;

/** The viewer of `user`: their groups, location and whether they edit news. */
export async function newsViewer(deps: AppDeps, user: AuthUser): Promise<NewsViewer> {
  const [groupIds, editor, [row]] = await Promise.all([
    user.groupIds ?? groupIdsOf(deps.db, user.id),
    access.hasAction(deps, user, 'news.delete'),
    deps.db.select({ locationId: users.locationId }).from(users).where(eq(users.id, user.id)),
  ]);
  return { userId: user.id, groupIds, locationId: row?.locationId ?? null, editor };
}

const intArray = (ids: readonly number[]): SQL => sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::integer[]`;

/** SQL: the post is published at `now` (publishAt ≤ now, unpublishAt unset or later). */
export const publishedSql = (now: Date): SQL =>
  sql`(${newsPosts.publishAt} <= ${now.toISOString()}::timestamptz and (${newsPosts.unpublishAt} is null or ${newsPosts.unpublishAt} > ${now.toISOString()}::timestamptz))`;

/** SQL: the viewer is in the post's audience (everyone, one of its groups, its locations). */
export function inAudienceSql(viewer: Pick<NewsViewer, 'groupIds' | 'locationId'>): SQL {
  return (
    or(
      eq(newsPosts.audienceEveryone, true),
      viewer.groupIds.length > 0 ? sql`${newsPosts.audienceGroupIds} && ${intArray(viewer.groupIds)}` : undefined,
      viewer.locationId !== null ? sql`${viewer.locationId}::integer = any(${newsPosts.audienceLocationIds})` : undefined,
    ) ?? sql`false`
  );
}

/** SQL over news_posts: the live (not deleted) posts `viewer` may read at `now`. */
export function readableSql(viewer: NewsViewer, now: Date): SQL {
  const live = sql`${newsPosts.deletedAt} is null`;
  if (viewer.editor) return live;
  return and(live, or(eq(newsPosts.authorId, viewer.userId), and(publishedSql(now), inAudienceSql(viewer)))) ?? live;
}

/** Whether the post is published at `now`. */
export const isPublished = (post: Pick<PostRow, 'publishAt' | 'unpublishAt'>, now: Date): boolean =>
  post.publishAt <= now && (post.unpublishAt === null || post.unpublishAt > now);

/** Whether the viewer is in the post's audience (the JS twin of {@link inAudienceSql}). */
export const inAudience = (post: Pick<PostRow, 'audienceEveryone' | 'audienceGroupIds' | 'audienceLocationIds'>, viewer: Pick<NewsViewer, 'groupIds' | 'locationId'>): boolean =>
  post.audienceEveryone ||
  post.audienceGroupIds.some((id) => viewer.groupIds.includes(id)) ||
  (viewer.locationId !== null && post.audienceLocationIds.includes(viewer.locationId));

/**
 * Why the viewer may read `post` at `now` — `author`, `editor`, `audience` — or null: deleted,
 * not yet published / unpublished, or outside its audience.
 */
export function readRule(post: PostRow, viewer: NewsViewer, now: Date): 'author' | 'editor' | 'audience' | null {
  if (post.deletedAt !== null) return null;
  if (post.authorId === viewer.userId) return 'author';
  if (viewer.editor) return 'editor';
  return isPublished(post, now) && inAudience(post, viewer) ? 'audience' : null;
}

/**
 * The active users the post's audience holds (everyone: every active user; else the members and
 * leads of its groups and the users at its locations), the author excluded — whom a mandatory
 * post asks to confirm, whom a mention may reach, whose feeds hear of it.
 */
export async function audienceOf(db: Db, post: Pick<PostRow, 'authorId' | 'audienceEveryone' | 'audienceGroupIds' | 'audienceLocationIds'>): Promise<number[]> {
  const where = post.audienceEveryone
    ? eq(users.isActive, true)
    : and(
        eq(users.isActive, true),
        or(
          post.audienceGroupIds.length > 0
            ? inArray(users.id, db.select({ id: groupMembers.userId }).from(groupMembers).where(inArray(groupMembers.groupId, post.audienceGroupIds)))
            : undefined,
          post.audienceLocationIds.length > 0 ? inArray(users.locationId, post.audienceLocationIds) : undefined,
        ) ?? sql`false`,
      );
  const rows = await db.select({ id: users.id }).from(users).where(where).orderBy(users.id);
  return rows.map((r) => r.id).filter((id) => id !== post.authorId);
}
