import { calendarDateOf } from '@servicedesk/i18n/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalState, myApprovalsResponse, type HelpdeskRequestDetail } from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { historyOf } from '../../lib/records/history';
import { approvalStatusOf } from '../../lib/approvals/engine';
import { helpdeskFixture, type HelpdeskFixture } from './helpdesk.test-support';

/*
 * Help desk's approval step on the approval engine (issue #11): a request whose component needs
 * approval has a chain of one step (its group's lead); the lead's substitute decides it too, the
 * request shows in "my approvals", and the help-desk statuses stay NEW → APPROVED / REJECTED.
 */
describe.each(backends)('help-desk approval on the engine on %s', (backend) => {
  let t: TestApp;
  let f: HelpdeskFixture;
  const mine = async (who: 'lead' | 'admin') =>
    myApprovalsResponse.parse((await t.as(f.token[who], { method: 'POST', url: '/api/approvals/mine', payload: { take: 100 } })).json());

  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await helpdeskFixture(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a request needing approval waits in the lead’s approvals; deciding it there approves the request', async () => {
    const created = await f.create('requester', { componentId: f.component.laptop });
    const id = created.request.id;
    expect(await approvalStatusOf(t.app.deps.db, 'helpdeskRequest', id)).toBe('IN_APPROVAL');
    expect((await mine('lead')).rows.find((r) => r.recordId === id)).toMatchObject({ recordKind: 'helpdeskRequest', number: created.request.number, role: 'groupLead', url: `/home/helpdesk/requests/${id}` });
    // The lead may approve or reject it; a help-desk request is never returned to its requester.
    const state = approvalState.parse((await t.as(f.token.lead, { method: 'GET', url: `/api/approvals/record/helpdeskRequest/${id}` })).json());
    expect(state.allowedDecisions).toEqual(['approve', 'reject']);
    // No approval for a component that needs none.
    const plain = await f.create('requester', { componentId: f.component.printer });
    expect(await approvalStatusOf(t.app.deps.db, 'helpdeskRequest', plain.request.id)).toBeNull();

    const res = await t.as(f.token.lead, { method: 'POST', url: '/api/approvals/decide', payload: { recordKind: 'helpdeskRequest', recordId: id, decision: 'approve' } });
    expect(res.statusCode).toBe(200);
    const detail = await f.detail('requester', id);
    expect(detail.request.status).toBe('APPROVED');
    expect(detail.history.map((h) => h.action)).toEqual(['create', 'approve']);
    expect((await mine('lead')).rows.some((r) => r.recordId === id)).toBe(false);
  });

  it('the lead’s substitute sees the request and approves it on the lead’s behalf, through help desk’s own action', async () => {
    const created = await f.create('requester', { componentId: f.component.laptop });
    const id = created.request.id;
    expect((await t.as(f.token.admin, { method: 'GET', url: `/api/helpdesk/requests/${id}` })).json<HelpdeskRequestDetail>().allowedActions).not.toContain('approve');

    // Today, whole days in the organisation's calendar (Asia/Baku).
    const today = calendarDateOf(new Date(), 'Asia/Baku');
    const delegation = await t.as(f.token.lead, { method: 'POST', url: '/api/approvals/delegations', payload: { substituteId: f.id.admin, startsOn: today, endsOn: today } });
    expect(delegation.statusCode).toBe(200);
    expect((await mine('admin')).rows.find((r) => r.recordId === id)?.onBehalfOf?.id).toBe(f.id.lead);
    expect((await t.as(f.token.admin, { method: 'GET', url: `/api/helpdesk/requests/${id}` })).json<HelpdeskRequestDetail>().allowedActions).toContain('approve');

    const res = await f.act('admin', id, 'approve');
    expect(res.status).toBe(200);
    expect((res.json as HelpdeskRequestDetail).request.status).toBe('APPROVED');
    const last = (await historyOf(t.app.deps.db, 'helpdeskRequest', id)).at(-1)!;
    expect([last.action, last.actor?.id, last.onBehalfOf?.id]).toEqual(['approve', f.id.admin, f.id.lead]);
    // The request's page shows it: approved by the admin on behalf of the lead.
    expect((await f.detail('requester', id)).history.at(-1)).toMatchObject({ action: 'approve', actor: { id: f.id.admin }, onBehalfOf: { id: f.id.lead } });
    await t.as(f.token.lead, { method: 'POST', url: `/api/approvals/delegations/${delegation.json().id}/end` });
  });

  it('a rejection by a group member, or the requester’s cancellation, takes the request out of the lead’s approvals', async () => {
    const rejected = await f.create('requester', { componentId: f.component.laptop });
    expect((await f.act('executor', rejected.request.id, 'reject', { comment: 'Not a work laptop need' })).status).toBe(200);
    expect(await approvalStatusOf(t.app.deps.db, 'helpdeskRequest', rejected.request.id)).toBe('REJECTED');
    const cancelled = await f.create('requester', { componentId: f.component.laptop });
    expect((await f.act('requester', cancelled.request.id, 'cancel')).status).toBe(200);
    expect(await approvalStatusOf(t.app.deps.db, 'helpdeskRequest', cancelled.request.id)).toBe('CANCELLED');
    const rows = (await mine('lead')).rows.map((r) => r.recordId);
    expect(rows).not.toContain(rejected.request.id);
    expect(rows).not.toContain(cancelled.request.id);
  });
});
