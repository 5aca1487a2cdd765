import { calendarDateOf } from '@servicedesk/i18n/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, ne } from 'drizzle-orm';
import { myApprovalsResponse, type MyApprovalsResponse } from '@servicedesk/contracts';
import { approvalRecords, approvalStepApprovers } from '../../db/schema';
import { publishRecordChange } from '../../hub/record-presence';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { engineFixture, TEST_KIND, type EngineFixture, type Persona } from '../../lib/approvals/approvals.test-support';
import { submitApproval, submitInTx } from '../../lib/approvals/engine';
import { changesWaiting } from '../../lib/approvals/waiting';
import { recordListCache } from '../../lib/lists/list-cache';
import { countMine, createDelegation, listMineJson } from './approvals.service';

const HOUR = 3600_000;

/**
 * My approvals' page and count are kept by the list cache (approvals.routes.ts, HELPDESK_LIST_CACHE_MS,
 * 5 s in these tests): every change of what waits for whom must show in the very next answer, a
 * delegation window opening or closing too, and no caller ever gets another's answer.
 */
describe.each(backends)('my approvals from the list cache on %s', (backend) => {
  let t: TestApp;
  let f: EngineFixture;
  const tokens: Partial<Record<Persona, string>> = {};
  const deps = () => t.app.deps;

  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await engineFixture(t);
    // Only this file's records wait in the queues it reads (the demo seed's approvals leave them).
    await deps().db.delete(approvalRecords).where(ne(approvalRecords.recordKind, TEST_KIND));
    for (const who of ['employee', 'director', 'visapool', 'lawyer', 'clerk'] as const) tokens[who] = await t.login(`${who}@servicedesk.az`);
  });
  afterAll(async () => {
    f?.dispose();
    await t?.close();
  });

  const call = (who: Persona, method: 'GET' | 'POST', url: string, payload?: object) => t.as(tokens[who]!, { method, url, ...(payload ? { payload } : {}) });
  /** `who`'s first page of TEST records: the record ids and on whose behalf, and the total. */
  async function page(who: Persona): Promise<{ total: number; rows: [number, number | null][] }> {
    const res = await call(who, 'POST', '/api/approvals/mine', { skip: 0, take: 50, recordKind: TEST_KIND });
    expect(res.statusCode).toBe(200);
    const body = myApprovalsResponse.parse(res.json());
    return { total: body.total, rows: body.rows.map((r) => [r.recordId, r.onBehalfOf?.id ?? null]) };
  }
  const count = async (who: Persona) => ((await call(who, 'GET', '/api/approvals/mine/count')).json() as { pending: number }).pending;
  /** A TEST record of the employee's, submitted: waiting for the chain's first step. */
  async function submitted(): Promise<number> {
    const id = await f.open('employee');
    await submitApproval(deps(), f.user.employee, TEST_KIND, id);
    return id;
  }

  it('answers from memory while nothing is announced, and shows a submission and a decision in the very next answer', async () => {
    f.chain = [{ role: 'director' }, { role: 'visaPool' }];
    const before = await page('director');
    const countBefore = await count('director');

    // A submission through the engine's own transaction.
    const a = await submitted();
    expect(await page('director')).toEqual({ total: before.total + 1, rows: [[a, null], ...before.rows] });
    expect(await count('director')).toBe(countBefore + 1);

    // A write nobody announces (not one the engine or a module makes) is not seen while the page is kept:
    // the answers above come from the cache, so the next steps prove its invalidation.
    await deps().db.update(approvalStepApprovers).set({ pendingSince: null }).where(eq(approvalStepApprovers.userId, f.user.director.id));
    expect((await page('director')).total).toBe(before.total + 1);
    expect(await count('director')).toBe(countBefore + 1);

    // A submission inside a module's own transaction, announced as its record's change after the commit.
    const b = await f.open('employee');
    await deps().db.transaction((tx) => submitInTx(tx, f.user.employee, TEST_KIND, b, new Date()));
    await publishRecordChange(deps(), TEST_KIND, b);
    const afterB = await page('director');
    expect(afterB.rows[0]).toEqual([b, null]);
    expect(afterB.rows.map(([id]) => id)).not.toContain(a); // the unannounced write above shows now too

    // A decision from my approvals: gone from the director's answers, in the visa pool's.
    const visaBefore = await page('visapool');
    const decided = await call('director', 'POST', '/api/approvals/decide', { recordKind: TEST_KIND, recordId: b, decision: 'approve' });
    expect(decided.statusCode).toBe(200);
    expect((await page('director')).rows.map(([id]) => id)).not.toContain(b);
    expect(await count('director')).toBe(afterB.total - 1);
    expect(await page('visapool')).toEqual({ total: visaBefore.total + 1, rows: [[b, null], ...visaBefore.rows] });
  });

  it('shows a delegation created and ended in the substitute’s very next answer', async () => {
    f.chain = [{ role: 'lawyer' }];
    const id = await submitted();
    expect(await page('clerk')).toEqual({ total: 0, rows: [] });
    expect(await count('clerk')).toBe(0);

    // Today in the organisation's calendar: a window that runs now.
    const today = calendarDateOf(new Date(), 'Asia/Baku');
    const created = await call('lawyer', 'POST', '/api/approvals/delegations', { substituteId: f.user.clerk.id, startsOn: today, endsOn: today });
    expect(created.statusCode).toBe(200);
    expect(await page('clerk')).toEqual({ total: 1, rows: [[id, f.user.lawyer.id]] });
    expect(await count('clerk')).toBe(1);

    expect((await call('lawyer', 'POST', `/api/approvals/delegations/${created.json().id}/end`)).statusCode).toBe(200);
    expect(await page('clerk')).toEqual({ total: 0, rows: [] });
    expect(await count('clerk')).toBe(0);
  });

  it('follows a delegation window opening and closing with nothing announced at those instants', async () => {
    // The route's cache, built the same way, with a TTL far longer than the window test's steps.
    const { cache, stop } = recordListCache(deps(), changesWaiting, 10 * HOUR);
    try {
      f.chain = [{ role: 'lawyer' }];
      const id = await submitted();
      const t0 = Date.now();
      await createDelegation(deps(), f.user.lawyer, { substituteId: f.user.clerk.id, startsAt: new Date(t0 + HOUR).toISOString(), endsAt: new Date(t0 + 2 * HOUR).toISOString() });
      const query = { skip: 0, take: 50, recordKind: TEST_KIND };
      const at = async (ms: number) => {
        const json = await listMineJson(deps(), f.user.clerk, query, new Date(t0 + ms), cache);
        const body = JSON.parse(json) as MyApprovalsResponse;
        return { total: body.total, count: await countMine(deps(), f.user.clerk, new Date(t0 + ms), cache), onBehalfOf: body.rows.map((r) => r.onBehalfOf?.id) };
      };
      // During the window the clerk has every step waiting for the lawyer (the earlier test left one too), on the lawyer's behalf.
      const lawyers = (JSON.parse(await listMineJson(deps(), f.user.lawyer, query, new Date(t0))) as MyApprovalsResponse).rows;
      expect(lawyers.map((r) => r.recordId)).toContain(id);
      const none = { total: 0, count: 0, onBehalfOf: [] };
      const during = { total: lawyers.length, count: lawyers.length, onBehalfOf: lawyers.map(() => f.user.lawyer.id) };
      expect(await at(0)).toEqual(none);
      expect(await at(HOUR - 1)).toEqual(none);
      expect(await at(HOUR)).toEqual(during); // the start belongs to the window
      expect(await at(HOUR + 60_000)).toEqual(during);
      expect(await at(2 * HOUR - 1)).toEqual(during);
      expect(await at(2 * HOUR)).toEqual(none); // the end does not
      // The lawyer's own answer never changed with it.
      const own = JSON.parse(await listMineJson(deps(), f.user.lawyer, query, new Date(t0 + 2 * HOUR), cache)) as MyApprovalsResponse;
      expect(own.rows.map((r) => [r.recordId, r.onBehalfOf])).toEqual(lawyers.map((r) => [r.recordId, null]));
    } finally {
      stop();
    }
  });

  it('never gives one caller another’s answer, even asked at the same instant', async () => {
    f.chain = [{ role: 'director' }];
    const id = await submitted();
    // Today in the organisation's calendar: a window that runs now.
    const today = calendarDateOf(new Date(), 'Asia/Baku');
    const created = await call('director', 'POST', '/api/approvals/delegations', { substituteId: f.user.clerk.id, startsOn: today, endsOn: today });
    expect(created.statusCode).toBe(200);
    for (let round = 0; round < 2; round++) {
      // The same query by four callers at once (the second round from the cache).
      const [director, clerk, lawyer, employee] = (await Promise.all((['director', 'clerk', 'lawyer', 'employee'] as const).map((who) => page(who)))) as [
        Awaited<ReturnType<typeof page>>,
        Awaited<ReturnType<typeof page>>,
        Awaited<ReturnType<typeof page>>,
        Awaited<ReturnType<typeof page>>,
      ];
      expect(director.rows[0]).toEqual([id, null]);
      expect(clerk.rows[0]).toEqual([id, f.user.director.id]);
      expect(clerk.rows.every(([, onBehalfOf]) => onBehalfOf === f.user.director.id)).toBe(true);
      expect(lawyer.rows.map(([r]) => r)).not.toContain(id);
      expect(employee).toEqual({ total: 0, rows: [] }); // the author: never their own record
      const counts = await Promise.all((['director', 'clerk', 'lawyer', 'employee'] as const).map((who) => count(who)));
      expect(counts[0]).toBe(director.total);
      expect(counts[3]).toBe(0);
    }
    await call('director', 'POST', `/api/approvals/delegations/${created.json().id}/end`);
  });
});
