import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { HELPDESK_STATUSES } from '@servicedesk/contracts';
import { helpdeskCategories, helpdeskComponents, helpdeskPriorities, helpdeskRequests, recordHistory } from '../../db/schema';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { seedHelpdesk } from './helpdesk.seed';

describe.each(backends)('help-desk demo data on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const counts = async () => {
    const db = t.app.deps.db;
    const n = async (table: PgTable) =>
      (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
    return {
      priorities: await n(helpdeskPriorities),
      categories: await n(helpdeskCategories),
      components: await n(helpdeskComponents),
      requests: await n(helpdeskRequests),
      history: await n(recordHistory),
    };
  };

  it('seeds priorities, categories, components and demo requests in every status, each with its history', async () => {
    const seeded = await counts();
    expect(seeded).toMatchObject({ priorities: 4, categories: 5, components: 13, requests: 36 });
    const rows = await t.app.deps.db.select({ id: helpdeskRequests.id, status: helpdeskRequests.status, assigneeId: helpdeskRequests.assigneeId }).from(helpdeskRequests);
    for (const status of HELPDESK_STATUSES) expect(rows.filter((r) => r.status === status).length, status).toBeGreaterThanOrEqual(2);
    expect(rows.filter((r) => ['IN_PROGRESS', 'ON_HOLD', 'RESOLVED', 'CLOSED'].includes(r.status)).every((r) => r.assigneeId !== null)).toBe(true);
    const history = await t.app.deps.db.select({ requestId: recordHistory.recordId, action: recordHistory.action }).from(recordHistory).where(eq(recordHistory.recordKind, 'helpdeskRequest'));
    for (const row of rows) expect(history.some((h) => h.requestId === row.id && h.action === 'create')).toBe(true);
  });

  it('adds nothing when run again', async () => {
    const before = await counts();
    await t.app.deps.db.transaction((tx) => seedHelpdesk(tx));
    expect(await counts()).toEqual(before);
  });
});
