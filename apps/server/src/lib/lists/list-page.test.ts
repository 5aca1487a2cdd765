import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { baseListQuery, listResponse } from '@servicedesk/contracts';
import { users } from '../../db/schema';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { isoText, jsonObject, listPageJson, orderBy, searchPattern } from './list-page';

/** A module's row: what its grid shows. */
const userRow = z.object({ id: z.number().int(), email: z.string(), name: z.string(), createdAt: z.string().datetime() });
const userListResponse = listResponse(userRow);

describe.each(backends)('the list query builder on %s', (backend) => {
  let t: TestApp;
  let all: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    all = (await t.app.deps.db.select({ n: count() }).from(users))[0]!.n;
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = async (options: { skip?: number; take?: number; cap?: number; dir?: 'asc' | 'desc'; minId?: number }) => {
    const json = await listPageJson(t.app.deps.db, {
      table: users,
      where: options.minId === undefined ? undefined : gt(users.id, options.minId),
      order: orderBy([users.id], options.dir ?? 'asc'),
      skip: options.skip ?? 0,
      take: options.take ?? 100,
      cap: options.cap,
      row: jsonObject({ id: users.id, email: users.email, name: sql`${users.firstName} || ' ' || ${users.lastName}`, createdAt: isoText(users.createdAt) }),
    });
    return userListResponse.parse(JSON.parse(json));
  };

  it('renders one page in the module’s shape, in order, with the exact total under the cap', async () => {
    expect(all).toBeGreaterThan(3);
    const first = await page({ take: 2 });
    expect(first.rows).toHaveLength(2);
    expect(first.rows[0]!.id).toBeLessThan(first.rows[1]!.id);
    expect(first).toMatchObject({ total: all, totalCapped: false });
    expect(new Date(first.rows[0]!.createdAt).toISOString()).toBe(first.rows[0]!.createdAt);
    const next = await page({ take: 2, skip: 2 });
    expect(next.rows[0]!.id).toBeGreaterThan(first.rows[1]!.id);
    const newest = await page({ take: 1, dir: 'desc' });
    expect(newest.rows[0]!.id).toBe(Math.max(...(await page({})).rows.map((r) => r.id)));
  });

  it('caps the count and says there are more; an empty page is an empty list', async () => {
    expect(await page({ take: 1, cap: 2 })).toMatchObject({ total: 2, totalCapped: true });
    expect(await page({ take: 1, cap: all })).toMatchObject({ total: all, totalCapped: false });
    expect(await page({ skip: all + 10 })).toEqual({ rows: [], total: all, totalCapped: false });
    expect(await page({ minId: 1e9 })).toEqual({ rows: [], total: 0, totalCapped: false });
  });

  it('takes a search term literally and checks the base query’s bounds', () => {
    expect(searchPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
    const query = baseListQuery(z.enum(['createdAt', 'title']), 'createdAt');
    expect(query.parse({})).toEqual({ sort: 'createdAt', sortDir: 'desc', skip: 0, take: 100 });
    expect(query.safeParse({ take: 501 }).success).toBe(false);
    expect(query.safeParse({ sort: 'other' }).success).toBe(false);
    expect(query.parse({ search: '  vpn ' }).search).toBe('vpn');
  });
});
