import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema';
import { executedRows } from '../../lib/lists/list-page';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { expectSameWalk, walkPages, type KeysetAnswer } from '../../../test/keyset-walk';

/*
 * The news feed's keyset cursor (issue #44): loading more with `after: nextCursor` answers every
 * post the reader may read exactly once — pinned first, then by publication both ways (pinned
 * stays first when the rest is oldest first), many posts published at the same instant — and none
 * outside their audience, scheduled or deleted (the rule of news.visibility.ts written out as SQL).
 */

const TAKE = 5;

describe.each(backends)('news feed keyset paging on %s', (backend) => {
  let t: TestApp;
  const token = {} as Record<'admin' | 'employee', string>;
  let employee: number;
  let location: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const db = t.app.deps.db;
    const [row] = await db.select({ id: users.id, locationId: users.locationId }).from(users).where(eq(users.email, 'employee@servicedesk.az'));
    employee = row!.id;
    location = row!.locationId!;
    // 70 posts: to everyone, to Hüquq (the employee's group), to İT dəstəyi (not theirs), to their
    // location, to another; five instants of publication; some scheduled ahead, some expired or
    // deleted; a few pinned, every fifth mandatory (two of those confirmed by the employee).
    await db.execute(sql`
      insert into news_posts (title, body, excerpt, author_id, audience_everyone, audience_group_ids, audience_location_ids, publish_at, unpublish_at, pinned, mandatory, deleted_at)
      select 'Açar xəbər ' || g, '<p>x</p>', 'x', (select id from users where email = 'admin@servicedesk.az'), g % 5 = 0,
        case g % 5 when 1 then array[(select id from groups where name = 'Hüquq')] when 2 then array[(select id from groups where name = 'İT dəstəyi')] else '{}'::int[] end,
        case g % 5 when 3 then array[${location}::int] when 4 then array[(select max(id) from locations where id <> ${location})] else '{}'::int[] end,
        case when g % 13 = 0 then now() + interval '3 days' else timestamptz '2026-01-01T00:00:00Z' + (g % 5) * interval '1 day' end,
        case when g % 17 = 0 then now() - interval '1 day' end,
        g % 11 = 0, g % 5 = 0 or g % 5 = 1, case when g % 19 = 0 then now() end
      from generate_series(1, 70) g`);
    await db.execute(sql`insert into news_reads (post_id, user_id, read_at, confirmed_at)
      select id, ${employee}::int, now(), now() from news_posts where title in ('Açar xəbər 5', 'Açar xəbər 10')`);
    for (const who of ['admin', 'employee'] as const) token[who] = await t.login(`${who}@servicedesk.az`);
  });
  afterAll(async () => {
    await t?.close();
  });

  const readableByEmployee = () => sql`deleted_at is null and (author_id = ${employee} or (publish_at <= now() and (unpublish_at is null or unpublish_at > now())
      and (audience_everyone or audience_group_ids && array(select group_id from group_members where user_id = ${employee})::int[] or ${location}::int = any(audience_location_ids))))`;
  const ids = async (where: SQL, dir: 'asc' | 'desc') =>
    executedRows<{ id: number }>(await t.app.deps.db.execute(sql`select id from news_posts where ${where} order by pinned desc, publish_at ${sql.raw(dir)}, id ${sql.raw(dir)}`)).map((r) => Number(r.id));
  const walk = (who: keyof typeof token, query: Record<string, unknown>) =>
    walkPages(async (after) => {
      const res = await t.as(token[who], { method: 'POST', url: '/api/news/list', payload: { ...query, take: TAKE, ...(after ? { after } : {}) } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as KeysetAnswer;
    }, TAKE);

  it.each(['desc', 'asc'] as const)('the feed %s: every readable post once, pinned first, for the editor and the employee', async (sortDir) => {
    expectSameWalk(await walk('admin', { sortDir }), await ids(sql`deleted_at is null`, sortDir), `admin ${sortDir}`);
    const theirs = await ids(readableByEmployee(), sortDir);
    const all = await ids(sql`deleted_at is null`, sortDir);
    expect(theirs.length).toBeGreaterThan(3 * TAKE);
    expect(theirs.length).toBeLessThan(all.length);
    expectSameWalk(await walk('employee', { sortDir }), theirs, `employee ${sortDir}`);
  });

  it('the employee’s unconfirmed mandatory posts: each once, the confirmed ones not', async () => {
    const expected = await ids(sql`${readableByEmployee()} and mandatory and author_id <> ${employee}
      and not exists (select 1 from news_reads r where r.post_id = news_posts.id and r.user_id = ${employee} and r.confirmed_at is not null)`, 'desc');
    expect(expected.length).toBeGreaterThan(TAKE);
    expectSameWalk(await walk('employee', { unconfirmed: true }), expected, 'unconfirmed');
  });
});
