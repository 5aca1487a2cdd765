import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { calendarDateOf, calendarDayStart } from '@servicedesk/i18n/format';
import { approvalRecords, notifications } from '../../db/schema';
import { approvalBulkResponse, approvalState, delegationsResponse, myApprovalsResponse } from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { engineFixture, TEST_KIND, type EngineFixture } from '../../lib/approvals/approvals.test-support';
import { submitApproval } from '../../lib/approvals/engine';

/** /api/approvals (issue #11): my approvals, decisions from the list, bulk approval, delegation. */
describe.each(backends)('approvals API on %s', (backend) => {
  let t: TestApp;
  let f: EngineFixture;
  const tokens: Record<string, string> = {};
  const as = (who: string, method: 'GET' | 'POST', url: string, payload?: unknown) => t.as(tokens[who]!, { method, url, payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await engineFixture(t);
    // Only this file's records wait in the queues it counts: the demo seed's approvals (help desk,
    // contracts, …) leave them.
    await t.app.deps.db.delete(approvalRecords).where(ne(approvalRecords.recordKind, TEST_KIND));
    for (const who of ['employee', 'director', 'lawyer', 'clerk']) tokens[who] = await t.login(`${who}@servicedesk.az`);
  });
  afterAll(async () => {
    f?.dispose();
    await t?.close();
  });

  /** Three records of the employee waiting for the director. */
  async function three(): Promise<number[]> {
    f.chain = [{ role: 'director' }];
    const ids: number[] = [];
    for (const title of ['Laptop', 'Chair', 'Monitor']) {
      const id = await f.open('employee', title);
      await submitApproval(t.app.deps, f.user.employee, TEST_KIND, id);
      ids.push(id);
    }
    return ids;
  }

  it('lists, counts and pages what waits for the caller; approving from the list removes it', async () => {
    // The demo data has its own steps waiting for the director (equipment requests): count on top of them.
    const seeded = ((await as('director', 'GET', '/api/approvals/mine/count')).json() as { pending: number }).pending;
    const ids = await three();
    const res = await as('director', 'POST', '/api/approvals/mine', { skip: 0, take: 2, recordKind: TEST_KIND });
    expect(res.statusCode).toBe(200);
    const page = myApprovalsResponse.parse(res.json());
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => r.title)).toEqual(['Monitor', 'Chair']);
    expect(page.rows[0]).toMatchObject({ recordKind: TEST_KIND, author: { id: f.user.employee.id }, stepPosition: 1, stepCount: 1, role: 'director', onBehalfOf: null });
    expect((await as('director', 'GET', '/api/approvals/mine/count')).json()).toEqual({ pending: seeded + 3 });
    expect((await as('lawyer', 'GET', '/api/approvals/mine/count')).json()).toEqual({ pending: 0 });

    const decided = await as('director', 'POST', '/api/approvals/decide', { recordKind: TEST_KIND, recordId: ids[0], decision: 'approve' });
    expect(decided.statusCode).toBe(200);
    expect(approvalState.parse(decided.json()).status).toBe('APPROVED');
    expect((await as('director', 'GET', '/api/approvals/mine/count')).json()).toEqual({ pending: seeded + 2 });

    const refused = await as('director', 'POST', '/api/approvals/decide', { recordKind: TEST_KIND, recordId: ids[1], decision: 'return', comment: 'short' });
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'commentTooShort']);
    const own = await as('employee', 'POST', '/api/approvals/decide', { recordKind: TEST_KIND, recordId: ids[1], decision: 'approve' });
    expect([own.statusCode, own.json().details?.rule]).toEqual([403, 'ownRecord']);
    await as('director', 'POST', '/api/approvals/decide', { recordKind: TEST_KIND, recordId: ids[1], decision: 'approve' });
    await as('director', 'POST', '/api/approvals/decide', { recordKind: TEST_KIND, recordId: ids[2], decision: 'approve' });
  });

  it('bulk-approves with one comment, checking each record and reporting each failure', async () => {
    const ids = await three();
    await as('director', 'POST', '/api/approvals/decide', { recordKind: TEST_KIND, recordId: ids[0], decision: 'approve' });
    const res = await as('director', 'POST', '/api/approvals/bulkApprove', {
      items: [...ids, 999_999].map((recordId) => ({ recordKind: TEST_KIND, recordId })),
      comment: 'All fine',
    });
    expect(res.statusCode).toBe(200);
    const body = approvalBulkResponse.parse(res.json());
    expect([body.approved, body.failed]).toEqual([2, 2]);
    expect(body.results.map((r) => [r.recordId, r.ok, r.code])).toEqual([
      [ids[0], false, 'invalidTransition'],
      [ids[1], true, undefined],
      [ids[2], true, undefined],
      [999_999, false, 'notFound'],
    ]);
    const state = approvalState.parse((await as('employee', 'GET', `/api/approvals/record/${TEST_KIND}/${ids[1]}`)).json());
    expect(state.steps[0]!.approvers[0]).toMatchObject({ decision: 'approve', comment: 'All fine', decidedBy: { id: f.user.director.id } });
    // Someone else's bulk approval of the director's records decides nothing.
    const ids2 = await three();
    const other = approvalBulkResponse.parse((await as('lawyer', 'POST', '/api/approvals/bulkApprove', { items: ids2.map((recordId) => ({ recordKind: TEST_KIND, recordId })) })).json());
    expect(other.approved).toBe(0);
    expect(new Set(other.results.map((r) => r.code))).toEqual(new Set(['forbidden']));
    expect((await as('lawyer', 'POST', '/api/approvals/bulkApprove', { items: [] })).statusCode).toBe(400);
  });

  it('delegation over the API: create, list for both sides, end; the substitute’s list shows the user’s steps on their behalf', async () => {
    // Whole days in the organisation's calendar (Asia/Baku): today and tomorrow there.
    const today = calendarDateOf(new Date(), 'Asia/Baku');
    const tomorrow = calendarDateOf(calendarDayStart(today, 1, 'Asia/Baku'), 'Asia/Baku');
    const res = await as('director', 'POST', '/api/approvals/delegations', { substituteId: f.user.clerk.id, startsOn: today, endsOn: tomorrow, reason: 'Business trip' });
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({ user: { id: f.user.director.id }, substitute: { id: f.user.clerk.id }, reason: 'Business trip', endedAt: null });
    // The days come back as chosen, and the window runs from today's 00:00 in Baku (+04:00) to the
    // 00:00 after tomorrow there.
    expect(created).toMatchObject({
      startsOn: today,
      endsOn: tomorrow,
      startsAt: new Date(`${today}T00:00:00+04:00`).toISOString(),
      endsAt: new Date(Date.parse(`${tomorrow}T00:00:00+04:00`) + 86_400_000).toISOString(),
    });
    // The substitute is told the days themselves (calendar dates, formatted by the reader's language).
    const [told] = await t.app.deps.db
      .select({ params: notifications.params })
      .from(notifications)
      .where(and(eq(notifications.userId, f.user.clerk.id), eq(notifications.descKey, 'notifications.approvals.delegationCreated')));
    expect(told?.params).toMatchObject({ from: today, to: tomorrow });

    const self = await as('director', 'POST', '/api/approvals/delegations', { substituteId: f.user.director.id, startsOn: today, endsOn: today });
    expect([self.statusCode, self.json().code]).toEqual([422, 'selfDelegation']);
    const reversed = await as('lawyer', 'POST', '/api/approvals/delegations', { substituteId: f.user.clerk.id, startsOn: tomorrow, endsOn: today });
    expect([reversed.statusCode, reversed.json().code]).toEqual([422, 'invalidRange']);
    const notADay = await as('lawyer', 'POST', '/api/approvals/delegations', { substituteId: f.user.clerk.id, startsOn: `${today}T00:00:00Z`, endsOn: tomorrow });
    expect(notADay.statusCode).toBe(400);

    const clerkSide = delegationsResponse.parse((await as('clerk', 'GET', '/api/approvals/delegations')).json());
    expect(clerkSide.received.map((d) => d.id)).toEqual([created.id]);
    const mine = myApprovalsResponse.parse((await as('clerk', 'POST', '/api/approvals/mine', {})).json());
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.rows.every((r) => r.onBehalfOf?.id === f.user.director.id)).toBe(true);
    const first = mine.rows[0]!;
    const decided = approvalState.parse(
      (await as('clerk', 'POST', '/api/approvals/decide', { recordKind: first.recordKind, recordId: first.recordId, decision: 'approve' })).json(),
    );
    expect(decided.steps[0]).toMatchObject({ status: 'DELEGATED', approvers: [{ approver: { id: f.user.director.id }, decidedBy: { id: f.user.clerk.id } }] });

    const ended = await as('director', 'POST', `/api/approvals/delegations/${created.id}/end`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().endedAt).not.toBeNull();
    expect((await as('clerk', 'GET', '/api/approvals/mine/count')).json()).toEqual({ pending: 0 });
    expect((await as('clerk', 'POST', `/api/approvals/delegations/${created.id}/end`)).statusCode).toBe(404);
  });
});
