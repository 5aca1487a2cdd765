import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groups, newsLikes, newsPosts, newsReads, recordComments, users } from '../../db/schema';
import { appendHistory } from '../../lib/records/history';
import { IT_SUPPORT_GROUP } from '../../seed/catalog';
import { NEWS_RECORD_KIND } from './news.kind';
import { excerptOf, sanitizeNewsBody } from './news.sanitize';

/*
 * Demo news (DOMAIN.md "Demo data"): posts in every state — published to everyone, pinned,
 * mandatory for IT support (one confirmation of two), for a location, scheduled, expired — in
 * the demo's languages, with likes, comments and read marks. Written only while there are none.
 */

interface PostSeed {
  title: string;
  body: string;
  author: string;
  /** Hours from now (negative: in the past). */
  publishIn: number;
  unpublishIn?: number;
  pinned?: boolean;
  mandatory?: boolean;
  group?: string;
  likes?: string[];
  comments?: { by: string; text: string }[];
  reads?: { by: string; confirmed?: boolean }[];
}

const DIRECTOR = 'director@servicedesk.az';
const ADMIN = 'admin@servicedesk.az';

export const newsSeeds: PostSeed[] = [
  {
    title: 'Yeni ofis qaydaları',
    body: '<p>Hörmətli həmkarlar, <strong>1 dekabrdan</strong> ofisə giriş yalnız kartla olacaq.</p><ul><li>Kartınızı özünüzlə gəzdirin</li><li>Qonaqları qəbulda qeyd edin</li></ul>',
    author: DIRECTOR,
    publishIn: -48,
    pinned: true,
    likes: ['employee@servicedesk.az', 'lead@servicedesk.az', 'clerk@servicedesk.az'],
    comments: [{ by: 'employee@servicedesk.az', text: 'Kartlar harada verilir?' }],
    reads: [{ by: 'employee@servicedesk.az' }, { by: 'lead@servicedesk.az' }],
  },
  {
    title: 'Information security training',
    body: '<h2>Mandatory for IT support</h2><p>Please read the new <em>password policy</em> and confirm.</p>',
    author: DIRECTOR,
    publishIn: -24,
    mandatory: true,
    group: IT_SUPPORT_GROUP,
    reads: [{ by: 'executor@servicedesk.az', confirmed: true }],
  },
  {
    title: 'Новогодний корпоратив',
    body: '<p>Приглашаем всех сотрудников на праздничный вечер <strong>27 декабря</strong>.</p>',
    author: ADMIN,
    publishIn: -6,
    likes: ['director@servicedesk.az', 'accountant@servicedesk.az'],
    comments: [{ by: 'accountant@servicedesk.az', text: 'Отличная новость!' }],
  },
  {
    title: 'Yıl sonu envanter sayımı',
    body: '<p>Depo sayımı <strong>30 Aralık</strong> tarihinde yapılacaktır.</p>',
    author: ADMIN,
    publishIn: -2,
  },
  {
    title: 'Sistem yenilənməsi (planlaşdırılıb)',
    body: '<p>Şənbə gecəsi serverlər yenilənəcək.</p>',
    author: DIRECTOR,
    publishIn: 72,
  },
  {
    title: 'Köhnə elan: yay iş qrafiki',
    body: '<p>Yay aylarında iş günü 17:00-da bitir.</p>',
    author: ADMIN,
    publishIn: -24 * 120,
    unpublishIn: -24 * 30,
  },
];

/** Writes the demo posts when there are none (inside the seed's transaction). */
export async function seedNews(tx: Db, now = new Date()): Promise<void> {
  const [existing] = await tx.select({ n: count() }).from(newsPosts);
  if ((existing?.n ?? 0) > 0) return;
  const emails = [...new Set(newsSeeds.flatMap((p) => [p.author, ...(p.likes ?? []), ...(p.comments ?? []).map((c) => c.by), ...(p.reads ?? []).map((r) => r.by)]))];
  const userIds = new Map((await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))).map((u) => [u.email, u.id]));
  const groupIds = new Map((await tx.select({ id: groups.id, name: groups.name }).from(groups)).map((g) => [g.name, g.id]));
  const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
  for (const seed of newsSeeds) {
    const authorId = userIds.get(seed.author);
    if (authorId === undefined) continue;
    const body = sanitizeNewsBody(seed.body);
    const groupId = seed.group ? groupIds.get(seed.group) : undefined;
    const publishAt = at(seed.publishIn);
    const [post] = await tx
      .insert(newsPosts)
      .values({
        title: seed.title,
        body,
        excerpt: excerptOf(body),
        authorId,
        audienceEveryone: groupId === undefined,
        audienceGroupIds: groupId === undefined ? [] : [groupId],
        publishAt,
        unpublishAt: seed.unpublishIn !== undefined ? at(seed.unpublishIn) : null,
        announcedAt: publishAt <= now ? publishAt : null,
        pinned: seed.pinned ?? false,
        mandatory: seed.mandatory ?? false,
        likeCount: (seed.likes ?? []).filter((e) => userIds.has(e)).length,
        commentCount: (seed.comments ?? []).filter((c) => userIds.has(c.by)).length,
        createdAt: publishAt,
        updatedAt: publishAt,
      })
      .returning({ id: newsPosts.id });
    const id = post!.id;
    await appendHistory(tx, [{ recordKind: NEWS_RECORD_KIND, recordId: id, action: 'create', actorId: authorId, createdAt: publishAt, details: { publishAt: publishAt.toISOString() } }]);
    const likes = (seed.likes ?? []).flatMap((e) => (userIds.has(e) ? [{ postId: id, userId: userIds.get(e)!, createdAt: publishAt }] : []));
    if (likes.length) await tx.insert(newsLikes).values(likes).onConflictDoNothing();
    const comments = (seed.comments ?? []).flatMap((c) => (userIds.has(c.by) ? [{ recordKind: NEWS_RECORD_KIND, recordId: id, authorId: userIds.get(c.by)!, text: c.text }] : []));
    if (comments.length) await tx.insert(recordComments).values(comments);
    const reads = (seed.reads ?? []).flatMap((r) =>
      userIds.has(r.by) ? [{ postId: id, userId: userIds.get(r.by)!, readAt: publishAt, confirmedAt: r.confirmed ? publishAt : null }] : [],
    );
    if (reads.length) await tx.insert(newsReads).values(reads).onConflictDoNothing();
  }
}

/** The seeded post titled `title` (tests). */
export async function seededPostId(db: Db, title: string): Promise<number | undefined> {
  const [row] = await db.select({ id: newsPosts.id }).from(newsPosts).where(eq(newsPosts.title, title));
  return row?.id;
}
