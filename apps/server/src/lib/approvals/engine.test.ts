import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { APPROVAL_ACTIONS, APPROVAL_STATUSES, APPROVAL_TRANSITIONS, type ApprovalAction, type ApprovalStatus } from '@servicedesk/contracts';
import { adminAudit, approvalRecords } from '../../db/schema';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { createDelegation, endDelegation, listMine } from '../../modules/approvals/approvals.service';
import { AppError } from '../errors';
import { historyOf } from '../records/history';
import { engineFixture, TEST_KIND, type EngineFixture } from './approvals.test-support';
import { approvalState, cancelApproval, decide, processApproval, submitApproval } from './engine';
import { registerApprovalKind } from './registry';

const COMMENT = 'Needs a cheaper model, please';

/** The engine's refusal as { status, code, rule } (or 'ok'). */
async function outcome(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const rule = (error.details as { rule?: string } | undefined)?.rule;
    return `${error.statusCode} ${error.code}${rule ? ` ${rule}` : ''}`;
  }
}

/**
 * Two decisions sent at once: exactly one wins. The other is told someone decided meanwhile (409
 * `approvalChanged`) when its check ran before the winner's write, or that the record no longer
 * takes the action (422 `invalidTransition`) when the winner had already committed — which of the
 * two depends on how the database interleaves them (PostgreSQL's pool), never a second decision.
 */
function expectOneWinner(results: string[]): void {
  const [loser, winner] = [...results].sort();
  expect(winner).toBe('ok');
  expect(loser).toMatch(/^409 approvalChanged$|^422 .*invalidTransition/);
}

describe.each(backends)('approval engine on %s', (backend) => {
  let t: TestApp;
  let f: EngineFixture;
  const deps = () => t.app.deps;
  const statusOf = async (recordId: number) =>
    (await deps().db.select().from(approvalRecords).where(and(eq(approvalRecords.recordKind, TEST_KIND), eq(approvalRecords.recordId, recordId))))[0]!.status;

  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await engineFixture(t);
    // The TEST kind lets the warehouse keeper process approved records.
    registerApprovalKind(TEST_KIND, { chain: () => f.chain, mayProcess: async (_deps, user) => user.id === f.user.warehouse.id });
  });
  afterAll(async () => {
    f?.dispose();
    await t?.close();
  });
  beforeEach(() => {
    f.chain = [{ role: 'director' }];
  });

  /** A record of `employee` brought to `status` through the engine (one director step). */
  async function inStatus(status: ApprovalStatus): Promise<number> {
    const id = await f.open('employee');
    if (status === 'DRAFT') return id;
    await submitApproval(deps(), f.user.employee, TEST_KIND, id);
    switch (status) {
      case 'IN_APPROVAL':
        return id;
      case 'APPROVED':
        await decide(deps(), f.user.director, TEST_KIND, id, 'approve', undefined);
        return id;
      case 'PROCESSED':
        await decide(deps(), f.user.director, TEST_KIND, id, 'approve', undefined);
        await processApproval(deps(), f.user.warehouse, TEST_KIND, id);
        return id;
      case 'REJECTED':
        await decide(deps(), f.user.director, TEST_KIND, id, 'reject', COMMENT);
        return id;
      case 'RETURNED':
        await decide(deps(), f.user.director, TEST_KIND, id, 'return', COMMENT);
        return id;
      case 'CANCELLED':
        await cancelApproval(deps(), f.user.employee, TEST_KIND, id);
        return id;
      default:
        throw new Error(`cannot reach ${status}`);
    }
  }

  /** Does `action` on the record as the person the table names for it. */
  function act(action: ApprovalAction, id: number): Promise<unknown> {
    switch (action) {
      case 'submit':
        return submitApproval(deps(), f.user.employee, TEST_KIND, id);
      case 'cancel':
        return cancelApproval(deps(), f.user.employee, TEST_KIND, id);
      case 'process':
        return processApproval(deps(), f.user.warehouse, TEST_KIND, id);
      case 'approve':
      case 'reject':
      case 'return':
        return decide(deps(), f.user.director, TEST_KIND, id, action, COMMENT);
      default:
        throw new Error(`${action} is the system's`);
    }
  }

  // SUBMITTED is passed through within the submission (the engine starts the chain at once).
  const reachable = APPROVAL_STATUSES.filter((s) => s !== 'SUBMITTED');
  const personActions = APPROVAL_ACTIONS.filter((a) => a !== 'start');
  const cases = reachable.flatMap((status) => personActions.map((action) => [status, action] as const));

  it.each(cases)('%s × %s follows the contracts table', async (status, action) => {
    const id = await inStatus(status);
    // The system's APPROVED → SUBMITTED (a record changed after approval) is not the author's submit.
    const allowed = APPROVAL_TRANSITIONS.filter((tr) => tr.from === status && tr.action === action && !tr.who.every((w) => w === 'system'));
    const result = await outcome(act(action, id));
    if (allowed.length === 0) {
      expect(result).toBe('422 invalidTransition');
      expect(await statusOf(id)).toBe(status);
    } else {
      expect(result).toBe('ok');
      const after = await statusOf(id);
      // submit passes SUBMITTED and lands IN_APPROVAL; a one-step approve lands APPROVED.
      const expected = action === 'submit' ? 'IN_APPROVAL' : action === 'approve' ? 'APPROVED' : allowed[0]!.to;
      expect(after).toBe(expected);
    }
  });

  it('refuses the wrong people: the author on their own record, a bystander, someone else submitting or cancelling, a non-processor', async () => {
    f.chain = [{ role: 'director' }];
    const own = await f.open('director');
    // The chain's only director is the author: nobody else holds the role → 422 noApprover.
    expect(await outcome(submitApproval(deps(), f.user.director, TEST_KIND, own))).toBe('422 noApprover');

    const id = await f.open('employee');
    expect(await outcome(submitApproval(deps(), f.user.lead, TEST_KIND, id))).toBe('403 forbidden notAuthor');
    await submitApproval(deps(), f.user.employee, TEST_KIND, id);
    expect(await outcome(decide(deps(), f.user.employee, TEST_KIND, id, 'approve', undefined))).toBe('403 forbidden ownRecord');
    expect(await outcome(decide(deps(), f.user.lawyer, TEST_KIND, id, 'approve', undefined))).toBe('403 forbidden notApprover');
    expect(await outcome(cancelApproval(deps(), f.user.director, TEST_KIND, id))).toBe('403 forbidden notAuthor');
    expect(await outcome(decide(deps(), f.user.director, TEST_KIND, id, 'reject', undefined))).toBe('422 commentRequired');
    expect(await outcome(decide(deps(), f.user.director, TEST_KIND, id, 'return', ' too short '))).toBe('422 commentTooShort');
    expect(await statusOf(id)).toBe('IN_APPROVAL');
    await decide(deps(), f.user.director, TEST_KIND, id, 'approve', undefined);
    expect(await outcome(processApproval(deps(), f.user.lawyer, TEST_KIND, id))).toBe('403 forbidden notProcessor');
    expect(await outcome(decide(deps(), f.user.lawyer, TEST_KIND, 999_999, 'approve', undefined))).toBe('404 notFound');
  });

  it('resolves roles to users: the group lead of the record’s group, then the user type’s users', async () => {
    f.chain = [{ role: 'groupLead' }, { role: 'director' }, { users: [f.user.lawyer.id, f.user.clerk.id], mode: 'all' }];
    const id = await f.open('employee');
    await submitApproval(deps(), f.user.employee, TEST_KIND, id);
    const state = await approvalState(deps(), f.user.employee, TEST_KIND, id);
    expect(state.steps.map((s) => [s.position, s.role, s.mode, s.status, s.approvers.map((a) => a.approver.id)])).toEqual([
      [1, 'groupLead', 'any', 'PENDING', [f.user.lead.id]],
      [2, 'director', 'any', 'WAITING', [f.user.director.id]],
      [3, null, 'all', 'WAITING', [f.user.lawyer.id, f.user.clerk.id].sort((a, b) => a - b)],
    ]);
    expect(state.allowedDecisions).toEqual([]);
    expect((await approvalState(deps(), f.user.lead, TEST_KIND, id)).allowedDecisions).toEqual(['approve', 'reject', 'return']);
    // Someone with no part in it sees nothing.
    expect(await outcome(approvalState(deps(), f.user.accountant, TEST_KIND, id))).toBe('403 forbidden notRecordParticipant');
  });

  it('a parallel "all" step needs every approver; an "any" step the first', async () => {
    f.chain = [{ users: [f.user.lawyer.id, f.user.clerk.id], mode: 'all' }];
    const all = await f.open('employee');
    await submitApproval(deps(), f.user.employee, TEST_KIND, all);
    await decide(deps(), f.user.lawyer, TEST_KIND, all, 'approve', undefined);
    expect(await statusOf(all)).toBe('IN_APPROVAL');
    expect((await approvalState(deps(), f.user.employee, TEST_KIND, all)).steps[0]!.status).toBe('PENDING');
    // The lawyer has decided: nothing left for them on this step.
    expect(await outcome(decide(deps(), f.user.lawyer, TEST_KIND, all, 'approve', undefined))).toBe('403 forbidden notApprover');
    await decide(deps(), f.user.clerk, TEST_KIND, all, 'approve', undefined);
    expect(await statusOf(all)).toBe('APPROVED');

    f.chain = [{ users: [f.user.lawyer.id, f.user.clerk.id], mode: 'any' }, { role: 'director' }];
    const any = await f.open('employee');
    await submitApproval(deps(), f.user.employee, TEST_KIND, any);
    await decide(deps(), f.user.clerk, TEST_KIND, any, 'approve', undefined);
    const state = await approvalState(deps(), f.user.employee, TEST_KIND, any);
    expect(state.steps.map((s) => s.status)).toEqual(['APPROVED', 'PENDING']);
    expect(await outcome(decide(deps(), f.user.lawyer, TEST_KIND, any, 'approve', undefined))).toBe('403 forbidden notApprover');
    // A rejection on an "all" step ends the record at once.
    f.chain = [{ users: [f.user.lawyer.id, f.user.clerk.id], mode: 'all' }];
    const rejected = await f.open('employee');
    await submitApproval(deps(), f.user.employee, TEST_KIND, rejected);
    await decide(deps(), f.user.lawyer, TEST_KIND, rejected, 'reject', COMMENT);
    expect(await statusOf(rejected)).toBe('REJECTED');
  });

  it('a return goes back to the author, who resubmits: a new round of steps', async () => {
    f.chain = [{ role: 'director' }, { role: 'lawyer' }];
    const id = await f.open('employee');
    await submitApproval(deps(), f.user.employee, TEST_KIND, id);
    await decide(deps(), f.user.director, TEST_KIND, id, 'approve', undefined);
    await decide(deps(), f.user.lawyer, TEST_KIND, id, 'return', COMMENT);
    let state = await approvalState(deps(), f.user.employee, TEST_KIND, id);
    expect([state.status, state.round, state.steps.map((s) => s.status)]).toEqual(['RETURNED', 1, ['APPROVED', 'RETURNED']]);
    await submitApproval(deps(), f.user.employee, TEST_KIND, id);
    state = await approvalState(deps(), f.user.employee, TEST_KIND, id);
    expect([state.status, state.round, state.steps.map((s) => s.status)]).toEqual(['IN_APPROVAL', 2, ['PENDING', 'WAITING']]);
  });

  it('writes one history row per decision (who, on behalf of whom, from, to, comment) and notifies whoever acts next and the author', async () => {
    f.chain = [{ role: 'director' }, { role: 'lawyer' }];
    const since = await f.lastNotificationId();
    const id = await f.open('employee', 'Two monitors');
    await submitApproval(deps(), f.user.employee, TEST_KIND, id);
    expect((await f.notificationsOf('director', since)).map((n) => n.key)).toEqual(['notifications.approvals.waiting']);
    expect(await f.notificationsOf('lawyer', since)).toEqual([]);

    await decide(deps(), f.user.director, TEST_KIND, id, 'approve', 'Fine by me');
    expect((await f.notificationsOf('lawyer', since)).map((n) => n.key)).toEqual(['notifications.approvals.waiting']);
    expect((await f.notificationsOf('employee', since)).map((n) => [n.key, n.actorUserId])).toEqual([['notifications.approvals.stepApproved', f.user.director.id]]);

    await decide(deps(), f.user.lawyer, TEST_KIND, id, 'reject', COMMENT);
    const author = await f.notificationsOf('employee', since);
    expect(author.at(-1)).toMatchObject({ key: 'notifications.approvals.rejected', params: { title: 'Two monitors', number: `T-${id}` }, actorUserId: f.user.lawyer.id });
    // Nobody is told twice, and the actor is never told of their own decision.
    expect(await f.notificationsOf('director', since)).toHaveLength(1);

    const history = await historyOf(deps().db, TEST_KIND, id);
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus, h.actor?.id ?? null, h.onBehalfOf?.id ?? null, h.comment])).toEqual([
      ['submit', 'DRAFT', 'SUBMITTED', f.user.employee.id, null, null],
      ['start', 'SUBMITTED', 'IN_APPROVAL', null, null, null],
      ['approve', 'IN_APPROVAL', 'IN_APPROVAL', f.user.director.id, null, 'Fine by me'],
      ['reject', 'IN_APPROVAL', 'REJECTED', f.user.lawyer.id, null, COMMENT],
    ]);
    expect(history[2]!.details).toMatchObject({ position: 1, stepStatus: 'APPROVED', round: 1 });
  });

  it('delegation: the substitute sees and decides the steps only while it runs (before, during, after), as "on behalf of"', async () => {
    const day = 24 * 3600_000;
    const t0 = new Date(Date.now() + 10 * day);
    const before = new Date(t0.getTime() - day);
    const during = new Date(t0.getTime() + day);
    const after = new Date(t0.getTime() + 3 * day);
    f.chain = [{ role: 'director' }];
    const id = await f.open('employee');
    await submitApproval(deps(), f.user.employee, TEST_KIND, id);
    const since = await f.lastNotificationId();
    await createDelegation(deps(), f.user.director, { substituteId: f.user.visapool.id, startsAt: t0.toISOString(), endsAt: new Date(t0.getTime() + 2 * day).toISOString(), reason: 'Holiday' });
    expect((await f.notificationsOf('visapool', since)).map((n) => n.key)).toEqual(['notifications.approvals.delegationCreated']);
    const audit = await deps().db.select().from(adminAudit).where(and(eq(adminAudit.entityType, 'user'), eq(adminAudit.entityId, f.user.director.id)));
    expect(audit.map((a) => a.action)).toContain('delegate');

    for (const at of [before, after]) {
      expect((await listMine(deps(), f.user.visapool, { skip: 0, take: 25, recordKind: TEST_KIND }, at)).total).toBe(0);
      expect(await outcome(decide(deps(), f.user.visapool, TEST_KIND, id, 'approve', undefined, at))).toBe('403 forbidden notApprover');
    }
    // Every step waiting for the director (earlier tests left some) is the substitute's now, on their behalf.
    const mine = await listMine(deps(), f.user.visapool, { skip: 0, take: 100, recordKind: TEST_KIND }, during);
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.rows.every((r) => r.onBehalfOf?.id === f.user.director.id)).toBe(true);
    expect(mine.rows.map((r) => r.recordId)).toContain(id);
    expect((await approvalState(deps(), f.user.visapool, TEST_KIND, id, during)).onBehalfOf?.id).toBe(f.user.director.id);

    await decide(deps(), f.user.visapool, TEST_KIND, id, 'approve', undefined, during);
    const state = await approvalState(deps(), f.user.employee, TEST_KIND, id);
    expect(state.status).toBe('APPROVED');
    expect(state.steps[0]).toMatchObject({ status: 'DELEGATED', approvers: [{ approver: { id: f.user.director.id }, decidedBy: { id: f.user.visapool.id }, decision: 'approve' }] });
    const last = (await historyOf(deps().db, TEST_KIND, id)).at(-1)!;
    expect([last.actor?.id, last.onBehalfOf?.id]).toEqual([f.user.visapool.id, f.user.director.id]);
    expect((await f.notificationsOf('employee', since)).at(-1)?.key).toBe('notifications.approvals.approvedOnBehalf');
  });

  it('delegation rules: not oneself, an active substitute, a real range, no overlap; ending it early stops it at once', async () => {
    const day = 24 * 3600_000;
    const start = new Date(Date.now() + 40 * day);
    const range = (from: number, to: number) => ({ startsAt: new Date(start.getTime() + from * day).toISOString(), endsAt: new Date(start.getTime() + to * day).toISOString() });
    const create = (substituteId: number, r = range(0, 5)) => outcome(createDelegation(deps(), f.user.lawyer, { substituteId, ...r }));
    expect(await create(f.user.lawyer.id)).toBe('422 selfDelegation');
    expect(await create(9_999_999)).toBe('422 substituteInactive');
    expect(await create(f.user.clerk.id, range(2, 1))).toBe('422 invalidRange');
    const first = await createDelegation(deps(), f.user.lawyer, { substituteId: f.user.clerk.id, ...range(0, 5) });
    expect(await create(f.user.accountant.id, range(4, 8))).toBe('422 delegationOverlaps');
    expect(await create(f.user.accountant.id, range(5, 8))).toBe('ok'); // touching ranges do not overlap

    f.chain = [{ role: 'lawyer' }];
    const id = await f.open('employee');
    await submitApproval(deps(), f.user.employee, TEST_KIND, id);
    const during = new Date(start.getTime() + day);
    expect((await listMine(deps(), f.user.clerk, { skip: 0, take: 25, recordKind: TEST_KIND }, during)).total).toBe(1);
    await endDelegation(deps(), f.user.lawyer, first.id, new Date(start.getTime() + day / 2));
    expect((await listMine(deps(), f.user.clerk, { skip: 0, take: 25, recordKind: TEST_KIND }, during)).total).toBe(0);
    expect(await outcome(endDelegation(deps(), f.user.clerk, first.id))).toBe('404 notFound');
  });

  it('four eyes: a step that needs all of two approvers needs two people — a substitute who decided once cannot fill the other slot', async () => {
    const day = 24 * 3600_000;
    const start = new Date(Date.now() + 200 * day);
    const during = new Date(start.getTime() + day);
    const window = { startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 5 * day).toISOString() };
    const waitingFor = async (persona: 'director' | 'accountant', id: number) =>
      (await listMine(deps(), f.user[persona], { skip: 0, take: 100, recordKind: TEST_KIND }, during)).rows.some((r) => r.recordId === id);

    // The visa pool is away and names the director, who is the step's other approver.
    await createDelegation(deps(), f.user.visapool, { substituteId: f.user.director.id, ...window });
    f.chain = [{ users: [f.user.director.id, f.user.visapool.id], mode: 'all' }];
    const id = await f.open('employee');
    await submitApproval(deps(), f.user.employee, TEST_KIND, id, during);
    await decide(deps(), f.user.director, TEST_KIND, id, 'approve', undefined, during);
    // His own visa is in: the visa pool's slot is not his to fill — not offered, not listed, refused.
    expect((await approvalState(deps(), f.user.director, TEST_KIND, id, during)).allowedDecisions).toEqual([]);
    expect(await waitingFor('director', id)).toBe(false);
    expect(await outcome(decide(deps(), f.user.director, TEST_KIND, id, 'approve', undefined, during))).toBe('403 forbidden alreadyDecidedStep');
    expect(await outcome(decide(deps(), f.user.director, TEST_KIND, id, 'reject', COMMENT, during))).toBe('403 forbidden alreadyDecidedStep');
    expect(await statusOf(id)).toBe('IN_APPROVAL');
    // The visa pool's own decision completes it.
    await decide(deps(), f.user.visapool, TEST_KIND, id, 'approve', undefined, during);
    expect(await statusOf(id)).toBe('APPROVED');

    // One substitute of both approvers of an "all" step fills one slot: the lawyer and the clerk both name the accountant.
    await createDelegation(deps(), f.user.lawyer, { substituteId: f.user.accountant.id, ...window });
    await createDelegation(deps(), f.user.clerk, { substituteId: f.user.accountant.id, ...window });
    f.chain = [{ users: [f.user.lawyer.id, f.user.clerk.id], mode: 'all' }];
    const both = await f.open('employee');
    await submitApproval(deps(), f.user.employee, TEST_KIND, both, during);
    expect(await waitingFor('accountant', both)).toBe(true);
    const first = await decide(deps(), f.user.accountant, TEST_KIND, both, 'approve', undefined, during);
    expect(first.onBehalfOfId).toBe(Math.min(f.user.lawyer.id, f.user.clerk.id));
    expect(await waitingFor('accountant', both)).toBe(false);
    expect((await approvalState(deps(), f.user.accountant, TEST_KIND, both, during)).allowedDecisions).toEqual([]);
    expect(await outcome(decide(deps(), f.user.accountant, TEST_KIND, both, 'approve', undefined, during))).toBe('403 forbidden alreadyDecidedStep');
    // The other approver in person still may (and leaves nothing waiting for the later tests).
    const other = first.onBehalfOfId === f.user.lawyer.id ? f.user.clerk : f.user.lawyer;
    await decide(deps(), other, TEST_KIND, both, 'approve', undefined, during);
    expect(await statusOf(both)).toBe('APPROVED');
  });

  it('two approvers deciding the same step at once: one wins, the other is refused (409, or 422 once the record moved on)', async () => {
    f.chain = [{ users: [f.user.lawyer.id, f.user.clerk.id], mode: 'any' }];
    for (let i = 0; i < 3; i++) {
      const id = await f.open('employee');
      await submitApproval(deps(), f.user.employee, TEST_KIND, id);
      const results = await Promise.all([
        outcome(decide(deps(), f.user.lawyer, TEST_KIND, id, 'approve', undefined)),
        outcome(decide(deps(), f.user.clerk, TEST_KIND, id, 'reject', COMMENT)),
      ]);
      expectOneWinner(results);
      const history = await historyOf(deps().db, TEST_KIND, id);
      expect(history.filter((h) => h.action === 'approve' || h.action === 'reject')).toHaveLength(1);
    }
    // The same approver twice at once (a double click) likewise.
    f.chain = [{ role: 'director' }];
    const id = await f.open('employee');
    await submitApproval(deps(), f.user.employee, TEST_KIND, id);
    const twice = await Promise.all([1, 2].map(() => outcome(decide(deps(), f.user.director, TEST_KIND, id, 'approve', undefined))));
    expectOneWinner(twice);
  });
});
