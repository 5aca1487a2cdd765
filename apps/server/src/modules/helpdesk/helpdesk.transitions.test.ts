import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { HELPDESK_ACTIONS, HELPDESK_STATUSES, helpdeskRequestDetail, type HelpdeskRequestDetail } from '@servicedesk/contracts';
import { notifications } from '../../db/schema';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { multipart } from '../../../test/multipart';
import { TRANSITIONS, findTransition, guardHolds, mayDo, rolesOf, type HelpdeskTransition } from './helpdesk.machine';
import { PERSONA_NAMES, bodyFor, helpdeskFixture, personaHolds, type HelpdeskFixture, type Persona } from './helpdesk.test-support';

/** The roles a persona holds on a fixture request (requester = employee; IT group: lead + executor). */
function expectedAllowed(f: HelpdeskFixture, persona: Persona, transition: HelpdeskTransition, detail: HelpdeskRequestDetail): boolean {
  const roles = rolesOf({
    userId: f.id[persona],
    requesterId: detail.request.requester.id,
    assigneeId: detail.request.assignee?.id ?? null,
    isGroupMember: persona === 'lead' || persona === 'executor',
    isGroupLead: persona === 'lead',
  });
  return personaHolds(persona, transition.actionKey) && mayDo(transition, roles);
}

describe.each(backends)('help-desk status machine on %s', (backend) => {
  let t: TestApp;
  let f: HelpdeskFixture;
  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await helpdeskFixture(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  // Every allowed transition: the wrong people are refused with 403 and change nothing, the
  // right one gets 200, the new status, a history row and the notifications.
  it.each(TRANSITIONS.map((tr) => [`${tr.from} —${tr.action}→ ${tr.to}`, tr] as const))('%s: only the right person may do it', async (_name, transition) => {
    const needsApproval = transition.guard === 'needsApproval' || (transition.from === 'APPROVED');
    const fixture = await f.inStatus(transition.from, needsApproval);
    const rid = fixture.request.id;
    const allowed = PERSONA_NAMES.filter((p) => expectedAllowed(f, p, transition, fixture));
    expect(allowed.length, 'the table names at least one demo persona').toBeGreaterThan(0);
    const historyBefore = fixture.history.length;

    for (const persona of PERSONA_NAMES.filter((p) => !allowed.includes(p))) {
      const res = await f.act(persona, rid, transition.action);
      expect(res.status, `${persona} must be refused`).toBe(403);
      expect(res.json).toMatchObject({ code: 'forbidden' });
    }
    const unchanged = await f.detail('requester', rid);
    expect(unchanged.request.status).toBe(transition.from);
    expect(unchanged.history).toHaveLength(historyBefore);

    const actor = allowed[0]!;
    expect((await f.detail(actor, rid)).allowedActions).toContain(transition.action);
    const res = await f.act(actor, rid, transition.action);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const after = helpdeskRequestDetail.parse(res.json);
    expect(after.request.status).toBe(transition.to);
    expect(after.history).toHaveLength(historyBefore + 1);
    expect(after.history.at(-1)).toMatchObject({ action: transition.action, fromStatus: transition.from, toStatus: transition.to, actor: { id: f.id[actor] } });

    // The requester hears of every step somebody else takes.
    if (actor !== 'requester') {
      const [note] = await t.app.deps.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, f.id.requester), eq(notifications.descKey, `notifications.helpdesk.${transition.action}`)))
        .orderBy(desc(notifications.id))
        .limit(1);
      expect(note).toMatchObject({ redirectUrl: `/home/helpdesk/requests/${rid}`, actorUserId: f.id[actor] });
    }
  });

  // Every (status, action) pair the table does not have: 422 whoever asks (admin holds every key).
  const refused = HELPDESK_STATUSES.flatMap((status) => HELPDESK_ACTIONS.filter((action) => !findTransition(status, action)).map((action) => [status, action] as const));
  it.each(HELPDESK_STATUSES.map((s) => [s] as const))('from %s every action the table lacks answers 422 invalidTransition', async (status) => {
    const fixture = await f.inStatus(status, status === 'APPROVED');
    for (const [, action] of refused.filter(([s]) => s === status)) {
      const res = await f.act('admin', fixture.request.id, action);
      expect(res.status, `${status} ${action}`).toBe(422);
      expect(res.json).toMatchObject({ code: 'invalidTransition', details: { status, action } });
    }
    expect((await f.detail('requester', fixture.request.id)).history).toHaveLength(fixture.history.length);
  });

  it('refuses approving a request whose component needs no approval, and taking one that still needs it (422)', async () => {
    const plain = await f.create();
    expect(await f.act('lead', plain.request.id, 'approve')).toMatchObject({ status: 422, json: { code: 'approvalNotRequired' } });
    const guarded = await f.create('requester', { componentId: f.component.laptop });
    expect(await f.act('executor', guarded.request.id, 'repair')).toMatchObject({ status: 422, json: { code: 'approvalRequired' } });
    expect(await f.act('lead', guarded.request.id, 'assign')).toMatchObject({ status: 422, json: { code: 'approvalRequired' } });
    const approvalRows = TRANSITIONS.filter((tr) => tr.guard);
    expect(approvalRows.every((tr) => guardHolds(tr, tr.guard === 'needsApproval'))).toBe(true);
  });

  it('refuses a group lead approving their own request (no self-approval)', async () => {
    const own = await f.create('lead', { componentId: f.component.laptop });
    const res = await f.act('lead', own.request.id, 'approve');
    expect(res).toMatchObject({ status: 403, json: { code: 'forbidden', details: { rule: 'ownRequest' } } });
  });

  it('refuses a requester approving their own request', async () => {
    const own = await f.create('requester', { componentId: f.component.laptop });
    expect((await f.act('requester', own.request.id, 'approve')).status).toBe(403);
    expect((await f.detail('requester', own.request.id)).request.status).toBe('NEW');
  });

  it('needs a comment to reject and reopen, a reason and comment to hold, a solution to resolve (422)', async () => {
    const fresh = await f.create();
    expect(await f.act('lead', fresh.request.id, 'reject', {})).toMatchObject({ status: 422, json: { code: 'commentRequired' } });
    expect(await f.act('lead', fresh.request.id, 'reject', { comment: '   ' })).toMatchObject({ status: 422, json: { code: 'commentRequired' } });
    const working = await f.inStatus('IN_PROGRESS', false);
    expect(await f.act('executor', working.request.id, 'hold', { comment: 'Gözləyirik' })).toMatchObject({ status: 422, json: { code: 'holdReasonRequired' } });
    expect(await f.act('executor', working.request.id, 'hold', { holdReason: 'waitingVendor' })).toMatchObject({ status: 422, json: { code: 'commentRequired' } });
    expect(await f.act('executor', working.request.id, 'resolve', {})).toMatchObject({ status: 422, json: { code: 'solutionRequired' } });
    const resolved = await f.inStatus('RESOLVED', false);
    expect(await f.act('requester', resolved.request.id, 'reopen', {})).toMatchObject({ status: 422, json: { code: 'commentRequired' } });
    const held = await f.act('executor', working.request.id, 'hold', { holdReason: 'waitingVendor', comment: 'Təchizatçı cavab verməyib' });
    expect(held.status).toBe(200);
    const detail = helpdeskRequestDetail.parse(held.json);
    expect(detail.request).toMatchObject({ status: 'ON_HOLD', holdReason: 'waitingVendor' });
    expect(detail.history.at(-1)).toMatchObject({ comment: 'Təchizatçı cavab verməyib', details: { holdReason: 'waitingVendor' } });
  });

  it('assigns only to a member of the request’s group, and the assignee is told', async () => {
    const fresh = await f.create();
    expect(await f.act('lead', fresh.request.id, 'assign', { assigneeId: f.id.other })).toMatchObject({ status: 422, json: { code: 'assigneeNotInGroup' } });
    const res = await f.act('lead', fresh.request.id, 'assign', { assigneeId: f.id.executor });
    expect(res.status).toBe(200);
    expect(helpdeskRequestDetail.parse(res.json).request.assignee?.id).toBe(f.id.executor);
    const [note] = await t.app.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, f.id.executor), eq(notifications.descKey, 'notifications.helpdesk.assign')))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(note?.redirectUrl).toBe(`/home/helpdesk/requests/${fresh.request.id}`);
    // Once assigned, another member cannot take it; the assignee can.
    expect((await f.act('lead', fresh.request.id, 'repair')).status).toBe(403);
    expect((await f.act('executor', fresh.request.id, 'repair')).status).toBe(200);
  });

  it('the generic status call checks the action’s own key (403 for an employee approving)', async () => {
    const fresh = await f.create('requester', { componentId: f.component.laptop });
    const asRequester = await t.as(f.token.requester, { method: 'POST', url: `/api/helpdesk/requests/${fresh.request.id}/status`, payload: { action: 'approve' } });
    expect(asRequester.statusCode).toBe(403);
    const asLead = await t.as(f.token.lead, { method: 'POST', url: `/api/helpdesk/requests/${fresh.request.id}/status`, payload: { action: 'approve', ...bodyFor('approve', f.id.executor) } });
    expect(asLead.statusCode).toBe(200);
    expect(helpdeskRequestDetail.parse(asLead.json()).request.status).toBe('APPROVED');
  });

  it('notifies the group lead of a request waiting for approval, and the group of a new one in its queue', async () => {
    const waiting = await f.create('requester', { componentId: f.component.laptop });
    const queued = await f.create();
    const keysOf = async (userId: number) =>
      (await t.app.deps.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => `${n.descKey} ${n.redirectUrl}`);
    expect(await keysOf(f.id.lead)).toContain(`notifications.helpdesk.approvalWaiting /home/helpdesk/requests/${waiting.request.id}`);
    expect(await keysOf(f.id.executor)).not.toContain(`notifications.helpdesk.approvalWaiting /home/helpdesk/requests/${waiting.request.id}`);
    expect(await keysOf(f.id.executor)).toContain(`notifications.helpdesk.created /home/helpdesk/requests/${queued.request.id}`);
  });

  it('lets the requester remove an attachment while the request is NEW, and nobody once work started', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const uploadOne = async (name: string) => {
      const res = await t.as(f.token.requester, { method: 'POST', url: '/api/global/FileUploadGlobal', ...multipart([{ field: 'type', value: 'general' }, { file: name, bytes: pdf }]) });
      expect(res.statusCode).toBe(200);
      return (res.json() as { id: number }[])[0]!.id;
    };
    const remove = (as: Persona, id: number) => t.as(f.token[as], { method: 'POST', url: '/api/global/removeFile', payload: { id } });
    const [early, late] = [await uploadOne('ekran.pdf'), await uploadOne('akt.pdf')];
    const created = await f.create('requester', { fileIds: [early, late] });
    expect(created.attachments.map((a) => a.id).sort()).toEqual([early, late].sort());
    expect((await remove('requester', early)).statusCode).toBe(200);
    await f.act('executor', created.request.id, 'repair');
    // In progress: the requester uploaded it, but the request keeps its files now.
    const refused = await remove('requester', late);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ details: { rule: 'notFileRemover' } });
    expect((await f.detail('requester', created.request.id)).attachments.map((a) => a.id)).toEqual([late]);
  });

  it('lets only the requester edit, and only while NEW', async () => {
    const fresh = await f.create();
    const edit = (as: Persona, id: number) =>
      t.as(f.token[as], { method: 'POST', url: '/api/helpdesk/requests/save', payload: { id, title: 'Printer yenə işləmir', description: 'Yenilənmiş təsvir', componentId: f.component.printer, priority: 'high' } });
    expect((await edit('lead', fresh.request.id)).statusCode).toBe(403);
    const ok = await edit('requester', fresh.request.id);
    expect(ok.statusCode).toBe(200);
    const saved = helpdeskRequestDetail.parse(ok.json());
    expect(saved.request).toMatchObject({ title: 'Printer yenə işləmir', priority: 'high' });
    expect(saved.history.at(-1)).toMatchObject({ action: 'update', details: { changed: expect.arrayContaining(['title', 'priority']) } });
    // High priority: 8 hours from creation.
    expect(Date.parse(saved.request.dueAt) - Date.parse(saved.request.createdAt)).toBe(8 * 3_600_000);
    await f.act('executor', fresh.request.id, 'repair');
    expect(await edit('requester', fresh.request.id).then((r) => ({ status: r.statusCode, code: r.json().code }))).toEqual({ status: 422, code: 'requestNotEditable' });
  });

  it('comments notify the requester and the assignee, and @mentions the mentioned', async () => {
    const working = await f.inStatus('IN_PROGRESS', false);
    const res = await t.as(f.token.lead, {
      method: 'POST',
      url: `/api/helpdesk/requests/${working.request.id}/comments`,
      payload: { text: '@Ləman Rzayeva, zəhmət olmasa baxın', mentionedUserIds: [f.id.other] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ author: { id: f.id.lead }, text: '@Ləman Rzayeva, zəhmət olmasa baxın' });
    const latest = async (userId: number) =>
      (await t.app.deps.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(1))[0];
    expect(await latest(f.id.requester)).toMatchObject({ descKey: 'notifications.helpdesk.commented' });
    expect(await latest(f.id.executor)).toMatchObject({ descKey: 'notifications.helpdesk.commented' });
    expect(await latest(f.id.other)).toMatchObject({ descKey: 'notifications.helpdesk.mentioned', redirectUrl: `/home/helpdesk/requests/${working.request.id}` });
    expect((await f.detail('executor', working.request.id)).comments.at(-1)?.text).toBe('@Ləman Rzayeva, zəhmət olmasa baxın');
    // The mentioned one may now open the request, follow it and answer — but not act on its status.
    const opened = await t.as(f.token.other, { method: 'GET', url: `/api/helpdesk/requests/${working.request.id}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().allowedActions).toEqual([]);
    const answer = await t.as(f.token.other, { method: 'POST', url: `/api/helpdesk/requests/${working.request.id}/comments`, payload: { text: 'Baxıram' } });
    expect(answer.statusCode).toBe(200);
    const act = await t.as(f.token.other, { method: 'POST', url: `/api/helpdesk/requests/${working.request.id}/hold`, payload: { holdReason: 'waitingParts' } });
    expect(act.statusCode).toBe(403);
    // Somebody without a part in a request, and not mentioned on it, can neither open it nor comment.
    const elsewhere = await f.create('requester');
    expect((await t.as(f.token.other, { method: 'GET', url: `/api/helpdesk/requests/${elsewhere.request.id}` })).statusCode).toBe(403);
    const outsider = await t.as(f.token.other, { method: 'POST', url: `/api/helpdesk/requests/${elsewhere.request.id}/comments`, payload: { text: 'salam' } });
    expect(outsider.statusCode).toBe(403);
  });

  it('lets people mentioned in a new request’s description open it (rule "mentioned")', async () => {
    const created = await f.create('requester', { description: '@Ləman Rzayeva bilsin', mentionedUserIds: [f.id.other] });
    expect((await t.as(f.token.other, { method: 'GET', url: `/api/helpdesk/requests/${created.request.id}` })).statusCode).toBe(200);
    const explained = await t.as(f.token.admin, {
      method: 'POST',
      url: '/api/admin/permissions/explain',
      payload: { userId: f.id.other, actionName: 'helpdesk.requests', detailId: created.request.id },
    });
    expect(explained.json()).toMatchObject({ allowed: true, rule: 'mentioned' });
  });
});
