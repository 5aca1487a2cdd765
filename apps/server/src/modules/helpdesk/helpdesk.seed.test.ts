import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { HELPDESK_STATUSES, myApprovalsResponse } from '@servicedesk/contracts';
import { approvalRecords, approvalSteps, helpdeskCategories, helpdeskComponents, helpdeskPriorities, helpdeskRequests, recordHistory } from '../../db/schema';
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
      approvals: await n(approvalRecords),
      steps: await n(approvalSteps),
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

  it('submits the NEW requests that need approval to the engine: they wait in the group lead’s my approvals', async () => {
    const db = t.app.deps.db;
    const waiting = await db
      .select({ id: helpdeskRequests.id, number: helpdeskRequests.number, createdAt: helpdeskRequests.createdAt })
      .from(helpdeskRequests)
      .innerJoin(helpdeskComponents, eq(helpdeskComponents.id, helpdeskRequests.componentId))
      .where(and(eq(helpdeskRequests.status, 'NEW'), eq(helpdeskComponents.requiresApproval, true)));
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    const records = await db.select().from(approvalRecords).where(eq(approvalRecords.recordKind, 'helpdeskRequest'));
    // Only those: a request past NEW (or needing no approval) has no chain.
    expect(records.map((r) => r.recordId).sort()).toEqual(waiting.map((w) => w.id).sort());
    expect(records.every((r) => r.status === 'IN_APPROVAL')).toBe(true);
    const pending = await db.select().from(approvalSteps).where(inArray(approvalSteps.approvalId, records.map((r) => r.id)));
    expect(pending).toHaveLength(records.length);
    expect(pending.every((s) => s.status === 'PENDING' && s.role === 'groupLead')).toBe(true);

    const lead = await t.login('lead@servicedesk.az');
    const mine = myApprovalsResponse.parse((await t.as(lead, { method: 'POST', url: '/api/approvals/mine', payload: { skip: 0, take: 100 } })).json());
    expect(mine.rows.filter((r) => r.recordKind === 'helpdeskRequest').map((r) => r.number).sort()).toEqual(waiting.map((w) => w.number).sort());
    // Waiting since the request was created (the list's order and age are the demo's).
    const firstRow = mine.rows.find((r) => r.recordKind === 'helpdeskRequest')!;
    const first = waiting.find((w) => w.number === firstRow.number)!;
    expect(firstRow.waitingSince).toBe(first.createdAt.toISOString());
  });

  it('adds nothing when run again', async () => {
    const before = await counts();
    await t.app.deps.db.transaction((tx) => seedHelpdesk(tx));
    expect(await counts()).toEqual(before);
  });
});
