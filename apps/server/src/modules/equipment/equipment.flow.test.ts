import { calendarDateOf } from '@servicedesk/i18n/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EQUIPMENT_NUMBER_PATTERN, equipmentListResponse, myApprovalsResponse } from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { equipmentFixture, type EquipmentFixture } from './equipment.test-support';

describe.each(backends)('equipment requests: chain, budget, processing on %s', (backend) => {
  let t: TestApp;
  let f: EquipmentFixture;
  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await equipmentFixture(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a draft with a number INV-YYYY-NNNNNN that only its author may edit and submit', async () => {
    const d = await f.create('employee', { submit: false });
    expect(d.request.number).toMatch(EQUIPMENT_NUMBER_PATTERN);
    expect(d.request.status).toBe('DRAFT');
    expect(d.request.total).toBe(80_000);
    expect(d.allowedActions).toEqual(['edit', 'submit', 'cancel']);
    const other = await f.call('lead', 'POST', `/api/equipment/requests/${d.request.id}/submit`);
    expect(other.status).toBe(403);
    const submitted = await f.call(
      'employee',
      'POST',
      `/api/equipment/requests/${d.request.id}/submit`,
    );
    expect(submitted.status).toBe(200);
    expect(submitted.json.request.status).toBe('IN_APPROVAL');
  });

  it('refuses to submit without a budget line', async () => {
    const d = await f.create('employee', { submit: false, budgetId: null });
    const res = await f.call('employee', 'POST', `/api/equipment/requests/${d.request.id}/submit`);
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('budgetRequired');
  });

  it('runs director → visa pool → APPROVED, then the warehouse keeper handles every line → PROCESSED', async () => {
    const d = await f.create('employee', {
      lines: [
        { description: 'Noutbuk', quantity: 1, unit: 'pcs', unitPrice: 200_000 },
        { description: 'Çanta', quantity: 1, unit: 'pcs', unitPrice: 5_000 },
      ],
    });
    const early = await f.decide('visaPool', d.request.id, 'visaPool');
    expect(early.status).toBe(403);
    const wrongStep = await f.decide('director', d.request.id, 'visaPool');
    expect(wrongStep.status).toBe(422);
    expect(wrongStep.json.code).toBe('notThisStep');
    expect((await f.decide('director', d.request.id, 'director')).status).toBe(200);
    const afterVisa = await f.decide('visaPool', d.request.id, 'visaPool');
    expect(afterVisa.status).toBe(200);
    expect(afterVisa.json.request.status).toBe('APPROVED');

    const queue = equipmentListResponse.parse(
      (await f.call('keeper', 'POST', '/api/equipment/requests/grid', { scope: 'processing' }))
        .json,
    );
    expect(queue.rows.map((r) => r.id)).toContain(d.request.id);
    const [a, b] = afterVisa.json.request.lines;
    const noWarehouse = await f.call(
      'keeper',
      'POST',
      `/api/equipment/processing/${d.request.id}/lines`,
      { lines: [{ lineId: a.id, decision: 'issue' }] },
    );
    expect(noWarehouse.json.code).toBe('warehouseRequired');
    const freeText = await f.call(
      'keeper',
      'POST',
      `/api/equipment/processing/${d.request.id}/lines`,
      { lines: [{ lineId: a.id, decision: 'issue', warehouseId: f.warehouse }] },
    );
    expect(freeText.json.code).toBe('materialRequired');
    const first = await f.call(
      'keeper',
      'POST',
      `/api/equipment/processing/${d.request.id}/lines`,
      {
        lines: [
          { lineId: a.id, decision: 'issue', warehouseId: f.warehouse, materialId: f.material },
        ],
      },
    );
    expect(first.status).toBe(200);
    expect(first.json.request.status).toBe('APPROVED');
    expect(first.json.request.lines[0]).toMatchObject({
      decision: 'issue',
      materialId: f.material,
      stockOperation: { number: expect.any(String) },
    });
    const again = await f.call(
      'keeper',
      'POST',
      `/api/equipment/processing/${d.request.id}/lines`,
      { lines: [{ lineId: a.id, decision: 'purchase' }] },
    );
    expect(again.json.code).toBe('lineAlreadyHandled');
    const last = await f.call('keeper', 'POST', `/api/equipment/processing/${d.request.id}/lines`, {
      lines: [{ lineId: b.id, decision: 'purchase', note: 'Sifariş' }],
    });
    expect(last.status).toBe(200);
    // Marked for purchase: the request stays open until the line is issued or cancelled (issue #40).
    expect(last.json.request).toMatchObject({ status: 'APPROVED', awaitingPurchase: true });
    expect(last.json.request.lines[1]).toMatchObject({ decision: 'purchase', state: 'awaitingPurchase' });
    const cancelled = await f.call('keeper', 'POST', `/api/equipment/processing/${d.request.id}/lines`, {
      lines: [{ lineId: b.id, decision: 'cancel', note: 'Təchizatçı bu modeli artıq satmır' }],
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.request).toMatchObject({ status: 'PROCESSED', awaitingPurchase: false });
    expect(cancelled.json.request.lines[1]).toMatchObject({ decision: 'cancel', state: 'cancelled' });
    const history = (await f.detail('employee', d.request.id)).history.map((h) => h.action);
    expect(history).toEqual([
      'create',
      'budgetCheck',
      'submit',
      'start',
      'approve',
      'approve',
      'processLines',
      'processLines',
      'processLines',
      'process',
    ]);
  });

  it('needs the director’s explicit override to approve over budget, and records it', async () => {
    const budgetId = await f.budget(50_000);
    const d = await f.create('employee', { budgetId });
    expect(d.budgetCheck).toMatchObject({ remaining: 50_000, requested: 80_000, overBudget: true });
    expect(d.history.find((h) => h.action === 'budgetCheck')?.details).toMatchObject({
      overBudget: true,
    });
    const plain = await f.decide('director', d.request.id, 'director');
    expect(plain.status).toBe(422);
    expect(plain.json).toMatchObject({
      code: 'budgetExceeded',
      details: { remaining: 50_000, requested: 80_000 },
    });
    const fromMyApprovals = await f.call('director', 'POST', '/api/approvals/decide', {
      recordKind: 'equipmentRequest',
      recordId: d.request.id,
      decision: 'approve',
    });
    expect(fromMyApprovals.json.code).toBe('budgetExceeded');
    const override = await f.decide('director', d.request.id, 'director', { overrideBudget: true });
    expect(override.status).toBe(200);
    const row = (await f.detail('employee', d.request.id)).history.find(
      (h) => h.action === 'approve',
    );
    expect(row?.details).toMatchObject({
      budget: { override: true, overBudget: true, remaining: 50_000, requested: 80_000 },
    });
  });

  it('counts approved requests against the line', async () => {
    const budgetId = await f.budget(100_000);
    await f.approved({ budgetId });
    const lines = (await f.call('director', 'GET', '/api/equipment/budgets')).json as {
      id: number;
      remaining: number;
      consumedByRequests: number;
    }[];
    expect(lines.find((l) => l.id === budgetId)).toMatchObject({
      consumedByRequests: 80_000,
      remaining: 20_000,
    });
  });

  it('refuses the author deciding on their own request, and bystanders', async () => {
    const d = await f.create('employee');
    expect(
      (
        await f.call('employee', 'POST', '/api/approvals/decide', {
          recordKind: 'equipmentRequest',
          recordId: d.request.id,
          decision: 'approve',
        })
      ).status,
    ).toBe(403);
    expect((await f.decide('employee', d.request.id, 'director')).status).toBe(403);
    expect((await f.decide('clerk', d.request.id, 'director')).status).toBe(403);
    expect((await f.call('clerk', 'GET', `/api/equipment/requests/${d.request.id}`)).status).toBe(
      403,
    );
  });

  it('returns to the author with a comment; the author edits and resubmits (a new round)', async () => {
    const d = await f.create('employee');
    const noComment = await f.decide('director', d.request.id, 'director', { decision: 'return' });
    expect(noComment.json.code).toBe('commentRequired');
    expect(
      (
        await f.decide('director', d.request.id, 'director', {
          decision: 'return',
          comment: 'Qiymət təklifini əlavə edin',
        })
      ).json.request.status,
    ).toBe('RETURNED');
    const edited = await f.call('employee', 'POST', '/api/equipment/requests/save', {
      id: d.request.id,
      budgetId: d.request.budget!.id,
      justification: 'Qiymət təklifi əlavə olundu.',
      lines: [{ description: 'Monitor Dell', quantity: 1, unit: 'pcs', unitPrice: 40_000 }],
      submit: true,
    });
    expect(edited.status).toBe(200);
    expect(edited.json.request).toMatchObject({ status: 'IN_APPROVAL', total: 40_000 });
  });

  it('rejects with a comment; the author cancels before approval; a processed or rejected one cannot be edited', async () => {
    const r = await f.create('employee');
    expect(
      (
        await f.decide('director', r.request.id, 'director', {
          decision: 'reject',
          comment: 'Büdcə başqa işə lazımdır',
        })
      ).json.request.status,
    ).toBe('REJECTED');
    const edit = await f.call('employee', 'POST', '/api/equipment/requests/save', {
      id: r.request.id,
      budgetId: null,
      justification: 'Yenidən cəhd edirəm.',
      lines: [{ description: 'Monitor', quantity: 1, unit: 'pcs', unitPrice: 1 }],
    });
    expect(edit.json.code).toBe('requestNotEditable');
    const c = await f.create('employee');
    expect(
      (await f.call('lead', 'POST', `/api/equipment/requests/${c.request.id}/cancel`, {})).status,
    ).toBe(403);
    expect(
      (
        await f.call('employee', 'POST', `/api/equipment/requests/${c.request.id}/cancel`, {
          comment: 'Lazım deyil',
        })
      ).json.request.status,
    ).toBe('CANCELLED');
    expect(
      (await f.call('employee', 'POST', `/api/equipment/requests/${c.request.id}/cancel`, {}))
        .status,
    ).toBe(422);
  });

  it('lets the visa pool’s active substitute decide on its behalf (DELEGATED)', async () => {
    const d = await f.create('employee');
    await f.decide('director', d.request.id, 'director');
    // Today, whole days in the organisation's calendar (Asia/Baku).
    const today = calendarDateOf(new Date(), 'Asia/Baku');
    const del = await f.call('visaPool', 'POST', '/api/approvals/delegations', { substituteId: f.id.lawyer, startsOn: today, endsOn: today, reason: 'Məzuniyyət' });
    expect(del.status).toBe(200);
    const res = await f.decide('lawyer', d.request.id, 'visaPool');
    expect(res.status).toBe(200);
    expect(res.json.request.status).toBe('APPROVED');
    const row = (await f.detail('employee', d.request.id)).history.at(-1)!;
    expect(row.onBehalfOf?.id).toBe(f.id.visaPool);
    await f.call('visaPool', 'POST', `/api/approvals/delegations/${del.json.id}/end`);
  });

  it('shows every step at once in the requests grid and in my approvals, both kept by the list cache', async () => {
    // Each screen read before the change, so a kept page would show the old state.
    const grid = async (as: 'director' | 'keeper', body: object) =>
      equipmentListResponse.parse((await f.call(as, 'POST', '/api/equipment/requests/grid', body)).json).rows;
    const inApproval = () => grid('director', { scope: 'all', status: ['IN_APPROVAL'] });
    const queue = () => grid('keeper', { scope: 'processing', status: ['APPROVED'] });
    const mine = async (as: 'director' | 'visaPool') =>
      myApprovalsResponse
        .parse((await f.call(as, 'POST', '/api/approvals/mine', { skip: 0, take: 100, recordKind: 'equipmentRequest' })).json)
        .rows.map((r) => r.recordId);
    const ids = async (rows: Promise<{ id: number }[]>) => (await rows).map((r) => r.id);
    const before = { inApproval: await ids(inApproval()), queue: await ids(queue()), director: await mine('director'), visaPool: await mine('visaPool') };

    const d = await f.create('employee');
    const id = d.request.id;
    expect(before.inApproval).not.toContain(id);
    expect(await ids(inApproval())).toContain(id);
    expect(await mine('director')).toContain(id);
    expect(before.director).not.toContain(id);

    expect((await f.decide('director', id, 'director')).status).toBe(200);
    expect(await mine('director')).not.toContain(id);
    expect(await mine('visaPool')).toContain(id);
    expect(before.visaPool).not.toContain(id);

    expect((await f.decide('visaPool', id, 'visaPool')).status).toBe(200);
    expect(await mine('visaPool')).not.toContain(id);
    expect(await ids(inApproval())).not.toContain(id);
    expect(before.queue).not.toContain(id);
    expect(await ids(queue())).toContain(id);
  });

  it('finds requests by number, justification, requester name and line description in the grid search', async () => {
    const d = await f.create('lead', {
      justification: 'Zyxqor layihəsi üçün avadanlıq.',
      lines: [{ description: 'Kvantfiltr adapteri', quantity: 1, unit: 'pcs', unitPrice: 5_000 }],
    });
    const other = await f.create('employee');
    const found = async (search: string) =>
      equipmentListResponse
        .parse((await f.call('director', 'POST', '/api/equipment/requests/grid', { scope: 'all', search, take: 500 })).json)
        .rows.map((r) => r.id);
    for (const search of [d.request.number, 'zyxqor', 'KVANTFILTR', d.request.requester.name]) {
      const ids = await found(search);
      expect(ids, search).toContain(d.request.id);
      if (search !== d.request.requester.name) expect(ids, search).not.toContain(other.request.id);
    }
    expect(await found(other.request.requester.name)).toContain(other.request.id);
    expect(await found('heç-nə-tapılmır')).toEqual([]);
  });

  it('requests on behalf of an employee only with the permission', async () => {
    const refused = await f.call('employee', 'POST', '/api/equipment/requests/save', {
      requesterId: f.id.lead,
      justification: 'Başqası üçün sorğu.',
      lines: [{ description: 'Siçan', quantity: 1, unit: 'pcs', unitPrice: 1_000 }],
    });
    expect(refused.status).toBe(403);
    const d = await f.create('lead', { requesterId: f.id.employee });
    expect(d.request.requester.id).toBe(f.id.employee);
    expect(d.request.createdBy.id).toBe(f.id.lead);
    const mine = equipmentListResponse.parse(
      (await f.call('employee', 'POST', '/api/equipment/requests/grid', { scope: 'mine' })).json,
    );
    expect(mine.rows.map((r) => r.id)).toContain(d.request.id);
  });

  it('issues a catalogue line through the stock module; a refused issue (not enough stock) records nothing', async () => {
    const a = await f.approved({
      lines: [
        {
          materialId: f.material,
          description: 'A4 kağız',
          quantity: 1,
          unit: 'box',
          unitPrice: 1_250,
        },
      ],
    });
    const tooMuch = await f.approved({
      lines: [
        {
          materialId: f.material,
          description: 'A4 kağız',
          quantity: 99_999,
          unit: 'box',
          unitPrice: 1,
        },
      ],
    });
    const refused = await f.call(
      'keeper',
      'POST',
      `/api/equipment/processing/${tooMuch.request.id}/lines`,
      {
        lines: [
          { lineId: tooMuch.request.lines[0]!.id, decision: 'issue', warehouseId: f.warehouse },
        ],
      },
    );
    expect(refused.status).toBe(422);
    expect(refused.json.code).toBe('insufficientStock');
    expect((await f.detail('keeper', tooMuch.request.id)).request.lines[0]!.decision).toBeNull();
    const done = await f.call('keeper', 'POST', `/api/equipment/processing/${a.request.id}/lines`, {
      lines: [{ lineId: a.request.lines[0]!.id, decision: 'issue', warehouseId: f.warehouse }],
    });
    expect(done.status).toBe(200);
    expect(done.json.request.status).toBe('PROCESSED');
    const op = done.json.request.lines[0].stockOperation;
    const stockOp = await f.call('keeper', 'GET', `/api/stock/operations/${op.id}`);
    expect(stockOp.status).toBe(200);
    expect(JSON.stringify(stockOp.json)).toContain(`inventoryRequest:${a.request.id}`);
  });

  it('refuses processing before approval and by someone without the warehouse permissions', async () => {
    const d = await f.create('employee');
    const line = d.request.lines[0]!.id;
    expect(
      (
        await f.call('keeper', 'POST', `/api/equipment/processing/${d.request.id}/lines`, {
          lines: [{ lineId: line, decision: 'issue' }],
        })
      ).status,
    ).toBe(403);
    const a = await f.approved();
    expect(
      (
        await f.call('director', 'POST', `/api/equipment/processing/${a.request.id}/lines`, {
          lines: [{ lineId: a.request.lines[0]!.id, decision: 'issue' }],
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await f.call('keeper', 'POST', `/api/equipment/processing/${a.request.id}/lines`, {
          lines: [{ lineId: 999_999, decision: 'purchase' }],
        })
      ).json.code,
    ).toBe('unknownLine');
  });
});
