import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { helpdeskListQuery, helpdeskListResponse } from '@servicedesk/contracts';
import { helpdeskRequests, recordHistory, notifications, users } from '../../db/schema';
import type { AuthUser } from '../../types';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { autoCloseResolved } from './helpdesk.jobs';
import { applyAction, getDetail, listRequests, saveRequest } from './helpdesk.service';
import { PERSONAS, helpdeskFixture, type HelpdeskFixture } from './helpdesk.test-support';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(backends)('help-desk due time, hold and auto-close on %s', (backend) => {
  let t: TestApp;
  let f: HelpdeskFixture;
  let requester: AuthUser;
  let executor: AuthUser;
  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await helpdeskFixture(t);
    const rows = await t.app.deps.db
      .select({ id: users.id, email: users.email, userTypeId: users.userTypeId })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, [PERSONAS.requester, PERSONAS.executor]));
    requester = rows.find((r) => r.email === PERSONAS.requester)!;
    executor = rows.find((r) => r.email === PERSONAS.executor)!;
  });
  afterAll(async () => {
    await t?.close();
  });

  const deps = () => t.app.deps;
  /** A high-priority request (8 h target) created at `at`, taken by the executor an hour later. */
  const taken = async (at: number) => {
    const created = await saveRequest(deps(), requester, { title: 'Server otağında kondisioner', description: 'İstilik artır', componentId: f.component.printer!, priority: 'high', fileIds: [], mentionedUserIds: [] }, 'az', undefined, new Date(at));
    await applyAction(deps(), executor, created.request.id, 'repair', {}, 'az', undefined, new Date(at + HOUR));
    return created.request.id;
  };
  const hold = (id: number, at: number) => applyAction(deps(), executor, id, 'hold', { holdReason: 'waitingParts', comment: 'Hissə gözlənilir' }, 'az', undefined, new Date(at));
  const resume = (id: number, at: number) => applyAction(deps(), executor, id, 'resume', {}, 'az', undefined, new Date(at));

  it('sets the due time from the priority and moves it by the time spent on hold', async () => {
    const t0 = Date.parse('2026-03-02T06:00:00Z');
    const id = await taken(t0);
    expect(Date.parse((await getDetail(deps(), requester, id, 'az', new Date(t0))).request.dueAt)).toBe(t0 + 8 * HOUR);
    await hold(id, t0 + 2 * HOUR);
    const resumed = await resume(id, t0 + 5 * HOUR);
    expect(resumed.request).toMatchObject({ status: 'IN_PROGRESS', heldMs: 3 * HOUR, onHoldSince: null });
    expect(Date.parse(resumed.request.dueAt)).toBe(t0 + 11 * HOUR);
    expect(resumed.history.at(-1)).toMatchObject({ action: 'resume', details: { heldMs: 3 * HOUR } });
    // 10 h after creation it would be late without the hold; with it, it is not.
    expect((await getDetail(deps(), requester, id, 'az', new Date(t0 + 10 * HOUR))).request.overdue).toBe(false);
    expect((await getDetail(deps(), requester, id, 'az', new Date(t0 + 12 * HOUR))).request.overdue).toBe(true);
  });

  it('does not count time on hold: a request held before its due time is never overdue while held, one held late stays overdue', async () => {
    const t0 = Date.parse('2026-03-03T06:00:00Z');
    const early = await taken(t0);
    await hold(early, t0 + 2 * HOUR);
    const late = await taken(t0);
    await hold(late, t0 + 9 * HOUR);
    const much = new Date(t0 + 30 * DAY);
    expect((await getDetail(deps(), requester, early, 'az', much)).request).toMatchObject({ status: 'ON_HOLD', overdue: false });
    expect((await getDetail(deps(), requester, late, 'az', much)).request).toMatchObject({ status: 'ON_HOLD', overdue: true });
    // The grid's overdue filter (SQL) agrees with the detail.
    const query = helpdeskListQuery.parse({ scope: 'mine', overdue: true, take: 500 });
    const overdueIds = helpdeskListResponse.parse(JSON.parse(await listRequests(deps(), requester, query, 'az', much))).rows.map((r) => r.id);
    expect(overdueIds).toContain(late);
    expect(overdueIds).not.toContain(early);
    const notOverdue = helpdeskListResponse.parse(JSON.parse(await listRequests(deps(), requester, { ...query, overdue: false }, 'az', much))).rows.map((r) => r.id);
    expect(notOverdue).toContain(early);
  });

  it('closes requests resolved 3 days ago or more, once, with a history row and a notification; newer ones stay', async () => {
    const now = Date.now();
    const old: number[] = [];
    for (let i = 0; i < 5; i++) {
      const id = await taken(now - 5 * DAY);
      await applyAction(deps(), executor, id, 'resolve', { solution: 'Düzəldildi' }, 'az', undefined, new Date(now - 3 * DAY - (i + 1) * HOUR));
      old.push(id);
    }
    const recent = await taken(now - 3 * DAY);
    await applyAction(deps(), executor, recent, 'resolve', { solution: 'Düzəldildi' }, 'az', undefined, new Date(now - 2 * DAY));

    // Three runs at once (as several instances would): each request is closed exactly once.
    const counts = await Promise.all([0, 1, 2].map(() => autoCloseResolved(deps(), new Date(now))));
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(old.length);
    const rows = await t.app.deps.db.select().from(helpdeskRequests).where(inArray(helpdeskRequests.id, [...old, recent]));
    for (const id of old) expect(rows.find((r) => r.id === id)).toMatchObject({ status: 'CLOSED', closedAt: new Date(now) });
    expect(rows.find((r) => r.id === recent)?.status).toBe('RESOLVED');
    const history = await t.app.deps.db
      .select()
      .from(recordHistory)
      .where(and(eq(recordHistory.recordKind, 'helpdeskRequest'), inArray(recordHistory.recordId, old), eq(recordHistory.action, 'autoClose')));
    expect(history).toHaveLength(old.length);
    expect(history.every((h) => h.actorId === null && h.fromStatus === 'RESOLVED' && h.toStatus === 'CLOSED')).toBe(true);
    const told = await t.app.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, requester.id), eq(notifications.descKey, 'notifications.helpdesk.autoClosed')));
    expect(told.map((n) => n.redirectUrl)).toEqual(expect.arrayContaining(old.map((id) => `/home/helpdesk/requests/${id}`)));
    expect(await autoCloseResolved(deps(), new Date(now))).toBe(0);
    // A day later the newer one is due too.
    expect(await autoCloseResolved(deps(), new Date(now + DAY + HOUR))).toBeGreaterThanOrEqual(1);
  });
});
