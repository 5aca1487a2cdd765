import { executedRows } from '../../lib/lists/list-page';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  newsConfirmationStats,
  newsListResponse,
  newsPostDetail,
  newsUnreadResponse,
  type NewsPostDetail,
  type SaveNewsInput,
} from '@servicedesk/contracts';
import { groups, notifications, users } from '../../db/schema';
import { IT_SUPPORT_GROUP } from '../../seed/catalog';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { announceDue } from './news.service';
import { excerptOf, sanitizeNewsBody } from './news.sanitize';

/*
 * News (issue #18): audience rules, scheduled publishing, mentions only for readers, read and like
 * counts under concurrency, mandatory reading with its statistics and reminders.
 * People: the director writes (news.create); IT support = the lead and the executor; the
 * employee and the clerk are in no IT group (the clerk is in Hüquq, at the Gəncə branch).
 */
const PEOPLE = {
  author: 'director@servicedesk.az',
  lead: 'lead@servicedesk.az',
  member: 'executor@servicedesk.az',
  outsider: 'employee@servicedesk.az',
  clerk: 'clerk@servicedesk.az',
  admin: 'admin@servicedesk.az',
} as const;
type Who = keyof typeof PEOPLE;

describe.each(backends)('news on %s', (backend) => {
  let t: TestApp;
  const token = {} as Record<Who, string>;
  const id = {} as Record<Who, number>;
  let itGroup = 0;

  beforeAll(async () => {
    t = await createTestApp(backend);
    for (const who of Object.keys(PEOPLE) as Who[]) token[who] = await t.login(PEOPLE[who]);
    const rows = await t.app.deps.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, Object.values(PEOPLE)));
    for (const who of Object.keys(PEOPLE) as Who[]) id[who] = rows.find((r) => r.email === PEOPLE[who])!.id;
    itGroup = (await t.app.deps.db.select({ id: groups.id }).from(groups).where(eq(groups.name, IT_SUPPORT_GROUP)))[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const save = async (input: Partial<SaveNewsInput>, as: Who = 'author') => {
    const res = await t.as(token[as], {
      method: 'POST',
      url: '/api/news/save',
      payload: { title: 'Yeni qaydalar', body: '<p>Mətn</p>', audience: { everyone: true }, ...input },
    });
    return res;
  };
  const create = async (input: Partial<SaveNewsInput>, as: Who = 'author'): Promise<NewsPostDetail> => {
    const res = await save(input, as);
    if (res.statusCode !== 200) throw new Error(`save failed ${res.statusCode} ${res.body}`);
    return newsPostDetail.parse(res.json());
  };
  const feedIds = async (as: Who, body: Record<string, unknown> = {}) => {
    const res = await t.as(token[as], { method: 'POST', url: '/api/news/list', payload: { take: 500, ...body } });
    expect(res.statusCode).toBe(200);
    return newsListResponse.parse(res.json()).rows.map((r) => r.id);
  };
  const open = (as: Who, postId: number) => t.as(token[as], { method: 'GET', url: `/api/news/${postId}` });
  const unread = async (as: Who) => newsUnreadResponse.parse((await t.as(token[as], { method: 'GET', url: '/api/news/unread' })).json());
  const notificationsOf = async (userId: number, key: string) =>
    t.app.deps.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.descKey, key)));

  it('sanitises the body on the server: scripts, handlers and javascript: links go, formatting stays', async () => {
    expect(sanitizeNewsBody('<p onclick="x()">Salam <strong>dünya</strong><script>alert(1)</script></p><a href="javascript:alert(1)">a</a><img src=x onerror=alert(1)>')).toBe(
      '<p>Salam <strong>dünya</strong></p><a target="_blank" rel="noopener noreferrer">a</a>',
    );
    expect(excerptOf('<p>Bir</p><p>İki &amp; üç</p>')).toBe('Bir İki & üç');
    const post = await create({ body: '<h2>Başlıq</h2><p>Salam<iframe src="https://x"></iframe></p><a href="https://example.az">link</a>' });
    expect(post.post.body).toBe('<h2>Başlıq</h2><p>Salam</p><a href="https://example.az" target="_blank" rel="noopener noreferrer">link</a>');
  });

  it('shows a group post to its members only: an outsider neither finds it nor opens it by URL (403)', async () => {
    const post = await create({ title: 'İT qrupuna', audience: { everyone: false, groupIds: [itGroup], locationIds: [] } });
    expect(await feedIds('member')).toContain(post.post.id);
    expect(await feedIds('lead')).toContain(post.post.id);
    expect(await feedIds('outsider')).not.toContain(post.post.id);
    expect((await open('member', post.post.id)).statusCode).toBe(200);
    const refused = await open('outsider', post.post.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden', details: { rule: 'notInAudience' } });
    // Nor like, comment, read or list the likers of it.
    expect((await t.as(token.outsider, { method: 'POST', url: `/api/news/${post.post.id}/like`, payload: { liked: true } })).statusCode).toBe(403);
    expect((await t.as(token.outsider, { method: 'POST', url: `/api/news/${post.post.id}/read` })).statusCode).toBe(403);
    expect((await t.as(token.outsider, { method: 'GET', url: `/api/news/${post.post.id}/likedUsers` })).statusCode).toBe(403);
    // The admin edits news (news.delete) and sees it.
    expect((await open('admin', post.post.id)).statusCode).toBe(200);
  });

  it('reaches the people at a location', async () => {
    const [clerk] = await t.app.deps.db.select({ locationId: users.locationId }).from(users).where(eq(users.id, id.clerk));
    const post = await create({ title: 'Gəncə filialı', audience: { everyone: false, groupIds: [], locationIds: [clerk!.locationId!] } });
    expect(await feedIds('clerk')).toContain(post.post.id);
    expect(await feedIds('member')).not.toContain(post.post.id);
  });

  it('refuses writing without news.create, and editing by someone else than the author (403)', async () => {
    expect((await save({}, 'member')).statusCode).toBe(403);
    const post = await create({});
    const res = await t.as(token.lead, { method: 'POST', url: '/api/news/save', payload: { id: post.post.id, title: 'x', body: '', audience: { everyone: true } } });
    expect(res.statusCode).toBe(403);
    expect((await save({ audience: { everyone: false, groupIds: [], locationIds: [] } })).statusCode).toBe(400);
  });

  it('publishes a scheduled post at its time and hides it after unpublishAt; the author sees it all along', async () => {
    const now = Date.now();
    const post = await create({ title: 'Sabah', publishAt: new Date(now + 60 * 60_000).toISOString(), unpublishAt: new Date(now + 2 * 60 * 60_000).toISOString() });
    expect(post.post.state).toBe('scheduled');
    expect(await feedIds('member')).not.toContain(post.post.id);
    expect((await open('member', post.post.id)).statusCode).toBe(403);
    expect(await feedIds('author', { mine: true })).toContain(post.post.id);
    // The job announces it once its time came (and only once).
    expect(await announceDue(t.app.deps, new Date(now + 61 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await announceDue(t.app.deps, new Date(now + 62 * 60_000))).toBe(0);
    // Reading at a later instant: the service's clock is the request's, so move the post instead.
    await t.app.deps.db.execute(sql`update news_posts set publish_at = now() - interval '1 minute', unpublish_at = now() + interval '1 hour' where id = ${post.post.id}`);
    expect(await feedIds('member')).toContain(post.post.id);
    await t.app.deps.db.execute(sql`update news_posts set unpublish_at = now() - interval '1 second' where id = ${post.post.id}`);
    expect(await feedIds('member')).not.toContain(post.post.id);
    expect((await open('member', post.post.id)).statusCode).toBe(403);
    const own = newsPostDetail.parse((await open('author', post.post.id)).json());
    expect(own.post.state).toBe('expired');
    const bad = await save({ publishAt: new Date(now + 60_000).toISOString(), unpublishAt: new Date(now).toISOString() });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'invalidRange' });
  });

  it('puts pinned posts on top of the feed, then the newest first', async () => {
    const pinned = await create({ title: 'Sancaqlı', pinned: true, publishAt: new Date(Date.now() - 86_400_000).toISOString() });
    const newer = await create({ title: 'Ən yeni' });
    const ids = await feedIds('member');
    expect(ids.indexOf(pinned.post.id)).toBeLessThan(ids.indexOf(newer.post.id));
    const page = newsListResponse.parse((await t.as(token.member, { method: 'POST', url: '/api/news/list', payload: { take: 2, skip: 0 } })).json());
    expect(page.rows).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
  });

  it('notifies a mention only when the mentioned person may read the post', async () => {
    const post = await create({ title: 'Mention yoxlaması', audience: { everyone: false, groupIds: [itGroup], locationIds: [] } });
    const res = await t.as(token.member, {
      method: 'POST',
      url: `/api/news/${post.post.id}/comment`,
      payload: { text: '@Günel Hüseynova @Rəşad Əliyev baxın', mentionedUserIds: [id.lead, id.outsider] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ notifiedUserIds: [id.lead] });
    expect(await notificationsOf(id.lead, 'notifications.news.mentioned')).toHaveLength(1);
    expect(await notificationsOf(id.outsider, 'notifications.news.mentioned')).toHaveLength(0);
    // The mention gave the outsider no access either; the author heard of the comment.
    expect((await open('outsider', post.post.id)).statusCode).toBe(403);
    expect((await notificationsOf(id.author, 'notifications.news.commented')).length).toBeGreaterThanOrEqual(1);
    const detail = newsPostDetail.parse((await open('lead', post.post.id)).json());
    expect(detail.comments.map((c) => c.text)).toEqual(['@Günel Hüseynova @Rəşad Əliyev baxın']);
    expect(detail.post.commentCount).toBe(1);
    // Mention suggestions are the readers only.
    const readers = (await t.as(token.member, { method: 'GET', url: `/api/news/${post.post.id}/readers` })).json() as { id: number }[];
    expect(readers.map((r) => r.id).sort()).toEqual([id.author, id.lead].sort());
  });

  it('counts likes and reads exactly under concurrent calls, and lists who liked', async () => {
    const post = await create({ title: 'Bəyənin' });
    const likers: Who[] = ['lead', 'member', 'outsider', 'clerk', 'admin'];
    // Each person likes twice at once, all at the same time: five likes.
    await Promise.all(likers.flatMap((who) => [1, 2].map(() => t.as(token[who], { method: 'POST', url: `/api/news/${post.post.id}/like`, payload: { liked: true } }))));
    let detail = newsPostDetail.parse((await open('lead', post.post.id)).json());
    expect(detail.post.likeCount).toBe(5);
    expect(detail.post.likedByMe).toBe(true);
    await Promise.all([1, 2, 3].map(() => t.as(token.clerk, { method: 'POST', url: `/api/news/${post.post.id}/like`, payload: { liked: false } })));
    detail = newsPostDetail.parse((await open('lead', post.post.id)).json());
    expect(detail.post.likeCount).toBe(4);
    const liked = (await t.as(token.member, { method: 'GET', url: `/api/news/${post.post.id}/likedUsers` })).json() as { id: number }[];
    expect(liked.map((u) => u.id).sort()).toEqual([id.lead, id.member, id.outsider, id.admin].sort());

    const before = await unread('member');
    await Promise.all([1, 2, 3, 4].map(() => t.as(token.member, { method: 'POST', url: `/api/news/${post.post.id}/read` })));
    const after = await unread('member');
    expect(after.unread).toBe(before.unread - 1);
    expect(newsPostDetail.parse((await open('member', post.post.id)).json()).readAt).not.toBeNull();
  });

  it('asks the audience of a mandatory post to confirm; the author sees who did, per group, and reminds the rest', async () => {
    const post = await create({ title: 'Məcburi oxu', mandatory: true, audience: { everyone: false, groupIds: [itGroup], locationIds: [] } });
    expect(await notificationsOf(id.member, 'notifications.news.mandatory')).toHaveLength(1);
    expect((await unread('member')).unconfirmed).toBeGreaterThanOrEqual(1);
    expect(await feedIds('member', { unconfirmed: true })).toContain(post.post.id);
    const confirm = await t.as(token.member, { method: 'POST', url: `/api/news/${post.post.id}/confirm` });
    expect(confirm.statusCode).toBe(200);
    expect(await feedIds('member', { unconfirmed: true })).not.toContain(post.post.id);

    expect((await t.as(token.member, { method: 'GET', url: `/api/news/${post.post.id}/confirmations` })).statusCode).toBe(403);
    const stats = newsConfirmationStats.parse((await t.as(token.author, { method: 'GET', url: `/api/news/${post.post.id}/confirmations` })).json());
    expect(stats).toMatchObject({ total: 2, confirmed: 1, percent: 50 });
    expect(stats.groups).toEqual([{ groupId: itGroup, name: IT_SUPPORT_GROUP, total: 2, confirmed: 1, percent: 50 }]);
    expect(stats.readers.find((r) => r.id === id.member)?.confirmedAt).not.toBeNull();
    expect(stats.readers.find((r) => r.id === id.lead)?.confirmedAt).toBeNull();

    const reminded = await t.as(token.author, { method: 'POST', url: `/api/news/${post.post.id}/remind` });
    expect(reminded.json()).toEqual({ reminded: 1 });
    expect(await notificationsOf(id.lead, 'notifications.news.remind')).toHaveLength(1);
    expect(await notificationsOf(id.member, 'notifications.news.remind')).toHaveLength(0);

    const plain = await create({ title: 'Adi' });
    expect((await t.as(token.member, { method: 'POST', url: `/api/news/${plain.post.id}/confirm` })).json()).toMatchObject({ code: 'notMandatory' });
  });

  it('keeps the edit history and soft-deletes', async () => {
    const post = await create({ title: 'Köhnə başlıq' });
    const edited = await create({ id: post.post.id, title: 'Yeni başlıq', body: '<p>Yeni</p>', audience: { everyone: true } });
    expect(edited.history.map((h) => h.action)).toEqual(['create', 'update']);
    expect(edited.history[1]!.details).toMatchObject({ previousTitle: 'Köhnə başlıq', changed: expect.arrayContaining(['title', 'body']) });
    expect((await t.as(token.lead, { method: 'POST', url: `/api/news/${post.post.id}/delete` })).statusCode).toBe(403);
    expect((await t.as(token.author, { method: 'POST', url: `/api/news/${post.post.id}/delete` })).statusCode).toBe(200);
    expect((await open('author', post.post.id)).statusCode).toBe(404);
    expect(await feedIds('member')).not.toContain(post.post.id);
  });
});

describe('news demo seed', () => {
  it('seeds posts in every state, with likes, comments and a half-confirmed mandatory post', async () => {
    const t = await createTestApp('pglite');
    try {
      const rows = await t.app.deps.db.execute(sql`select title, pinned, mandatory, like_count, comment_count, publish_at > now() as scheduled, unpublish_at < now() as expired from news_posts order by id`);
      const list = executedRows<{ scheduled: boolean; expired: boolean | null; pinned: boolean; mandatory: boolean; like_count: number }>(rows);
      expect(list.length).toBeGreaterThanOrEqual(6);
      expect(list.some((r) => r.scheduled)).toBe(true);
      expect(list.some((r) => r.expired)).toBe(true);
      expect(list.some((r) => r.pinned)).toBe(true);
      expect(list.some((r) => r.mandatory)).toBe(true);
      expect(list.some((r) => r.like_count > 0)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
