import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CONTRACT_NUMBER_PATTERN,
  contractDetail,
  contractListResponse,
} from '@servicedesk/contracts';
import { notifications } from '../../db/schema';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import * as repo from './contracts.repository';
import { contractsFixture, type ContractsFixture } from './contracts.test-support';

describe.each(backends)('contracts on %s', (backend) => {
  let t: TestApp;
  let f: ContractsFixture;
  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await contractsFixture(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const noticesOf = async (userId: number, key: string) =>
    (
      await t.app.deps.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.descKey, key)))
    ).length;

  describe('TIN', () => {
    it('the live check names the counterparty that has the TIN, and says when it is free or malformed', async () => {
      const taken = await f.call('author', 'GET', '/api/contracts/checkTin?tin=1400123451');
      expect(taken.status).toBe(200);
      expect(taken.json).toMatchObject({
        valid: true,
        holder: { name: 'Kompüter Mərkəzi MMC', kind: 'vendor', isActive: true },
      });
      const free = await f.call('author', 'GET', '/api/contracts/checkTin?tin=9999999901');
      expect(free.json).toEqual({ tin: '9999999901', valid: true, holder: null });
      const short = await f.call('author', 'GET', '/api/contracts/checkTin?tin=12345');
      expect(short.json).toMatchObject({ valid: false, holder: null });
      // The holder itself (editing it) is not a duplicate.
      const self = await f.call(
        'author',
        'GET',
        `/api/contracts/checkTin?tin=1400123451&exceptId=${f.counterparty['Kompüter Mərkəzi MMC']}`,
      );
      expect(self.json).toMatchObject({ holder: null });
    });

    it('refuses a second counterparty with the same TIN (409 duplicateTin naming it), then takes the fixed one', async () => {
      const newCounterparty = { kind: 'contractor', name: 'Yeni Podratçı MMC', tin: '1500123451' };
      const refused = await f.call('author', 'POST', '/api/contracts/save', {
        newCounterparty,
        subject: 'Dam örtüyünün təmiri',
        amountMinor: 500_000,
        startDate: '2026-02-01',
        endDate: '2026-06-30',
        responsibleId: f.id.author,
        reviewerIds: [f.id.visa],
      });
      expect(refused.status).toBe(409);
      expect(refused.json).toMatchObject({
        code: 'duplicateTin',
        details: { name: 'Abşeron Tikinti MMC' },
      });
      const fixed = await f.create({
        counterpartyId: undefined,
        newCounterparty: { ...newCounterparty, tin: '1500999001' },
      });
      expect(fixed.contract.counterparty).toMatchObject({
        name: 'Yeni Podratçı MMC',
        kind: 'contractor',
        tin: '1500999001',
      });
      // The modal elements' own call refuses it too.
      const twin = await f.call('admin', 'POST', '/api/global/createModalElement', {
        modalElement: 'vendor',
        name: 'Başqa MMC',
        tin: '1500999001',
      });
      expect(twin.status).toBe(409);
      expect(twin.json).toMatchObject({
        code: 'duplicateTin',
        details: { name: 'Yeni Podratçı MMC' },
      });
    });

    it('refuses a malformed TIN (400) and a removed counterparty or a wrong reviewer (422)', async () => {
      const bad = await f.call('author', 'POST', '/api/contracts/save', {
        newCounterparty: { kind: 'vendor', name: 'X', tin: '12AB' },
        subject: 'Test',
        amountMinor: 1,
        startDate: '2026-01-01',
        endDate: '2026-01-02',
        responsibleId: f.id.author,
        reviewerIds: [f.id.visa],
      });
      expect(bad.status).toBe(400);
      const reviewer = await f.call('author', 'POST', '/api/contracts/save', {
        counterpartyId: f.counterparty['Baku Electronics'],
        subject: 'Test reviewer',
        amountMinor: 1,
        startDate: '2026-01-01',
        endDate: '2026-01-02',
        responsibleId: f.id.author,
        reviewerIds: [f.id.employee],
      });
      expect(reviewer.status).toBe(422);
      expect(reviewer.json).toMatchObject({ code: 'invalidReviewer' });
      const dates = await f.call('author', 'POST', '/api/contracts/save', {
        counterpartyId: f.counterparty['Baku Electronics'],
        subject: 'Test dates',
        amountMinor: 1,
        startDate: '2026-03-01',
        endDate: '2026-02-28',
        responsibleId: f.id.author,
        reviewerIds: [f.id.visa],
      });
      expect(dates.json).toMatchObject({ code: 'endBeforeStart' });
    });
  });

  describe('the chain visa → lawyer → clerk', () => {
    it('two reviewers visa, the lawyer returns it, the author fixes and resubmits, the lawyer approves, the clerk registers', async () => {
      const draft = await f.create();
      const cid = draft.contract.id;
      expect(draft.contract).toMatchObject({ status: 'DRAFT', number: null, stage: null });
      expect(draft.allowedActions).toEqual(expect.arrayContaining(['edit', 'submit', 'cancel']));

      let d = await f.must('author', cid, 'submit');
      expect(d.contract).toMatchObject({ status: 'IN_APPROVAL', stage: 'visa' });
      expect(await noticesOf(f.id.visa, 'notifications.approvals.waiting')).toBeGreaterThan(0);

      // Not the lawyer's turn yet; not the author's to decide.
      expect(
        (await f.call('lawyer', 'POST', `/api/contracts/${cid}/lawyerCallback`, {})).json,
      ).toMatchObject({ code: 'wrongStage', details: { stage: 'visa' } });
      expect((await f.call('admin', 'POST', `/api/contracts/${cid}/visa`, {})).status).toBe(403);

      d = await f.must('visa', cid, 'visa');
      expect(d.contract.stage).toBe('visa');
      // The reviewer who endorsed cannot do it twice.
      expect((await f.call('visa', 'POST', `/api/contracts/${cid}/visa`, {})).status).toBe(403);
      d = await f.must('director', cid, 'visa');
      expect(d.contract.stage).toBe('lawyer');

      const lawyerView = contractDetail.parse(
        (await f.call('lawyer', 'GET', `/api/contracts/${cid}`)).json,
      );
      expect(lawyerView.allowedActions).toEqual(['lawyerCallback', 'lawyerReject']);

      const noComment = await f.call('lawyer', 'POST', `/api/contracts/${cid}/lawyerReject`, {
        comment: '',
      });
      expect(noComment.status).toBe(422);
      expect(noComment.json).toMatchObject({ code: 'commentRequired' });
      const short = await f.call('lawyer', 'POST', `/api/contracts/${cid}/lawyerReject`, {
        comment: 'qısa',
      });
      expect(short.json).toMatchObject({ code: 'commentTooShort' });
      d = await f.must('lawyer', cid, 'lawyerReject', { comment: 'Cərimə bəndini dəqiqləşdirin.' });
      expect(d.contract).toMatchObject({ status: 'RETURNED', stage: null });
      expect(await noticesOf(f.id.author, 'notifications.approvals.returned')).toBeGreaterThan(0);

      // The author fixes and resubmits: a new round, visas again.
      const fixed = await f.call('author', 'POST', '/api/contracts/save', {
        id: cid,
        counterpartyId: f.counterparty['Kompüter Mərkəzi MMC'],
        subject: 'Serverlərin texniki xidməti (cərimə bəndi ilə)',
        amountMinor: 1_250_050,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        responsibleId: f.id.author,
        reviewerIds: [f.id.visa, f.id.director],
      });
      expect(fixed.status).toBe(200);
      d = await f.must('author', cid, 'submit');
      expect(d.contract).toMatchObject({ status: 'IN_APPROVAL', stage: 'visa' });
      await f.must('visa', cid, 'visa');
      await f.must('director', cid, 'visa');
      d = await f.must('lawyer', cid, 'lawyerCallback');
      expect(d.contract.stage).toBe('clerk');
      expect(
        (await f.call('lawyer', 'POST', `/api/contracts/${cid}/clerkProcess`, {})).status,
      ).toBe(403);

      d = await f.must('clerk', cid, 'clerkProcess');
      expect(d.contract.status).toBe('ACTIVE');
      expect(d.contract.number).toMatch(CONTRACT_NUMBER_PATTERN);
      expect(d.history.map((h) => h.action)).toEqual(
        expect.arrayContaining(['create', 'submit', 'approve', 'return', 'update', 'register']),
      );
      expect(d.history.find((h) => h.action === 'register')?.details).toMatchObject({
        number: d.contract.number,
      });
      expect(await noticesOf(f.id.author, 'contracts.notifications.registered')).toBeGreaterThan(0);
      // Registered: no more decisions.
      expect(
        (await f.call('clerk', 'POST', `/api/contracts/${cid}/clerkProcess`, {})).json,
      ).toMatchObject({ code: 'invalidTransition' });
    });

    it('gives registry numbers one after the other in a year, a rolled-back registration giving its number back', async () => {
      const a = await f.at('active');
      const b = await f.at('active');
      const seq = (n: string | null) => Number(n?.split('-')[2]);
      expect(seq(b.contract.number)).toBe(seq(a.contract.number) + 1);
      const year = Number(a.contract.number?.split('-')[1]);
      await expect(
        t.app.deps.db.transaction(async (tx) => {
          await repo.nextRegistrySeq(tx, year);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      const c = await f.at('active');
      expect(seq(c.contract.number)).toBe(seq(b.contract.number) + 1);
    });

    it('lets only the author edit, submit and cancel — and only before registration', async () => {
      const d = await f.at('visa');
      expect(
        (await f.call('director', 'POST', `/api/contracts/${d.contract.id}/submit`)).status,
      ).toBe(403);
      const edit = await f.call('author', 'POST', '/api/contracts/save', {
        id: d.contract.id,
        counterpartyId: f.counterparty['Kompüter Mərkəzi MMC'],
        subject: 'Dəyişiklik',
        amountMinor: 1,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        responsibleId: f.id.author,
        reviewerIds: [f.id.visa],
      });
      expect(edit.json).toMatchObject({ code: 'contractNotEditable' });
      const cancelled = await f.must('author', d.contract.id, 'cancel', {});
      expect(cancelled.contract.status).toBe('CANCELLED');
      expect(
        (await f.call('visa', 'POST', `/api/contracts/${d.contract.id}/visa`, {})).json,
      ).toMatchObject({ code: 'invalidTransition' });
    });
  });

  describe('deactivation and renewal', () => {
    it('deactivates an ACTIVE contract with a reason (own call and deactivateElement), once', async () => {
      const a = await f.at('active');
      const short = await f.call('lawyer', 'POST', `/api/contracts/${a.contract.id}/deactivate`, {
        desc: 'qısa',
      });
      expect(short.status).toBe(400);
      expect(
        (
          await f.call('author', 'POST', `/api/contracts/${a.contract.id}/deactivate`, {
            desc: 'Tərəflər razılaşdı.',
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await f.call('lawyer', 'POST', `/api/contracts/${a.contract.id}/deactivate`, {
            desc: 'Tərəflərin razılığı ilə xitam.',
          })
        ).status,
      ).toBe(200);
      const d = contractDetail.parse(
        (await f.call('author', 'GET', `/api/contracts/${a.contract.id}`)).json,
      );
      expect(d.contract).toMatchObject({
        status: 'DEACTIVATED',
        deactivationReason: 'Tərəflərin razılığı ilə xitam.',
      });
      expect(
        (
          await f.call('lawyer', 'POST', `/api/contracts/${a.contract.id}/deactivate`, {
            desc: 'Tərəflərin razılığı ilə xitam.',
          })
        ).json,
      ).toMatchObject({ code: 'alreadyInactive' });

      const b = await f.at('active');
      const global = await f.call('lawyer', 'POST', '/api/global/deactivateElement', {
        id: b.contract.id,
        type: 'contract',
        desc: 'Müqavilə pozuntusu səbəbindən.',
      });
      expect(global.status).toBe(200);
      const draft = await f.create();
      expect(
        (
          await f.call('lawyer', 'POST', `/api/contracts/${draft.contract.id}/deactivate`, {
            desc: 'Tərəflərin razılığı ilə xitam.',
          })
        ).json,
      ).toMatchObject({ code: 'invalidTransition' });
    });

    it('renews into the next term linked to the previous one, once, with its own history', async () => {
      const a = await f.at('active', { startDate: '2024-03-01', endDate: '2025-02-28' });
      const next = await f.must('author', a.contract.id, 'renew');
      expect(next.contract).toMatchObject({
        status: 'DRAFT',
        previousId: a.contract.id,
        term: 2,
        startDate: '2025-03-01',
        endDate: '2026-02-28',
      });
      expect(next.terms.map((x) => x.id)).toEqual([a.contract.id, next.contract.id]);
      expect(next.history.map((h) => h.action)).toEqual(['create']);
      const again = await f.call('author', 'POST', `/api/contracts/${a.contract.id}/renew`);
      expect(again.status).toBe(409);
      expect(again.json).toMatchObject({
        code: 'alreadyRenewed',
        details: { nextId: next.contract.id },
      });
      const previous = contractDetail.parse(
        (await f.call('author', 'GET', `/api/contracts/${a.contract.id}`)).json,
      );
      expect(previous.contract.nextId).toBe(next.contract.id);
      expect(previous.history.at(-1)?.action).toBe('renew');
    });
  });

  describe('who may call', () => {
    it('answers 403 to an employee without the permission on every contract call', async () => {
      const a = await f.at('lawyer');
      const cid = a.contract.id;
      const calls: ['GET' | 'POST', string, unknown?][] = [
        ['GET', '/api/contracts/reference'],
        ['GET', '/api/contracts/dashboard'],
        ['GET', '/api/contracts/checkTin?tin=1400123451'],
        ['POST', '/api/contracts/grid', {}],
        ['POST', '/api/contracts/save', {}],
        ['GET', `/api/contracts/${cid}`],
        ['GET', `/api/contracts/${cid}/pdf`],
        ['POST', `/api/contracts/${cid}/submit`],
        ['POST', `/api/contracts/${cid}/cancel`, {}],
        ['POST', `/api/contracts/${cid}/visa`, {}],
        ['POST', `/api/contracts/${cid}/lawyerCallback`, {}],
        ['POST', `/api/contracts/${cid}/lawyerReject`, { comment: 'Bəndi dəqiqləşdirin.' }],
        ['POST', `/api/contracts/${cid}/clerkProcess`, {}],
        ['POST', `/api/contracts/${cid}/deactivate`, { desc: 'Tərəflərin razılığı ilə.' }],
        ['POST', `/api/contracts/${cid}/renew`],
        [
          'POST',
          '/api/global/deactivateElement',
          { id: cid, type: 'contract', desc: 'Tərəflərin razılığı ilə.' },
        ],
      ];
      for (const [method, url, payload] of calls) {
        const res = await f.call('employee', method, url, payload);
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.json).toMatchObject({ code: 'forbidden' });
      }
      const after = contractDetail.parse(
        (await f.call('author', 'GET', `/api/contracts/${cid}`)).json,
      );
      expect(after.contract).toMatchObject({ status: 'IN_APPROVAL', stage: 'lawyer' });
    });

    it('shows a contract to its author, responsible, reviewers and viewAll holders only', async () => {
      const d = await f.create({ reviewerIds: [f.id.director] });
      expect((await f.call('visa', 'GET', `/api/contracts/${d.contract.id}`)).json).toMatchObject({
        code: 'forbidden',
        details: { rule: 'notRecordParticipant' },
      });
      expect((await f.call('director', 'GET', `/api/contracts/${d.contract.id}`)).status).toBe(200);
      expect((await f.call('clerk', 'GET', `/api/contracts/${d.contract.id}`)).status).toBe(200);
      const grid = contractListResponse.parse(
        (await f.call('visa', 'POST', '/api/contracts/grid', { take: 500 })).json,
      );
      expect(grid.rows.some((r) => r.id === d.contract.id)).toBe(false);
    });
  });

  describe('list, dashboard, PDF', () => {
    it('filters by status, counterparty, ending within N days and amount range', async () => {
      const all = contractListResponse.parse(
        (await f.call('lawyer', 'POST', '/api/contracts/grid', { take: 500 })).json,
      );
      expect(all.total).toBeGreaterThan(5);
      const active = contractListResponse.parse(
        (await f.call('lawyer', 'POST', '/api/contracts/grid', { status: ['ACTIVE'], take: 500 }))
          .json,
      );
      expect(active.rows.every((r) => r.status === 'ACTIVE')).toBe(true);
      const ending = contractListResponse.parse(
        (await f.call('lawyer', 'POST', '/api/contracts/grid', { endingWithinDays: 30, take: 500 }))
          .json,
      );
      expect(ending.rows.length).toBeGreaterThan(0);
      expect(ending.rows.every((r) => r.status === 'ACTIVE')).toBe(true);
      const vendor = f.counterparty['Baku Electronics']!;
      const byVendor = contractListResponse.parse(
        (
          await f.call('lawyer', 'POST', '/api/contracts/grid', {
            counterpartyId: vendor,
            take: 500,
          })
        ).json,
      );
      expect(byVendor.rows.every((r) => r.counterpartyId === vendor)).toBe(true);
      const ranged = contractListResponse.parse(
        (
          await f.call('lawyer', 'POST', '/api/contracts/grid', {
            amountMin: 500_000,
            amountMax: 2_000_000,
            take: 500,
          })
        ).json,
      );
      expect(ranged.rows.length).toBeGreaterThan(0);
      expect(ranged.rows.every((r) => r.amountMinor >= 500_000 && r.amountMinor <= 2_000_000)).toBe(
        true,
      );
      const search = contractListResponse.parse(
        (await f.call('lawyer', 'POST', '/api/contracts/grid', { search: '1400123451', take: 500 }))
          .json,
      );
      expect(search.rows.every((r) => r.counterpartyTin === '1400123451')).toBe(true);
    });

    it('counts contracts ending in 30 days as the list filtered the same way', async () => {
      const dash = (await f.call('lawyer', 'GET', '/api/contracts/dashboard')).json as {
        endingSoon: number;
        days: number;
      };
      const list = contractListResponse.parse(
        (await f.call('lawyer', 'POST', '/api/contracts/grid', { endingWithinDays: 30 })).json,
      );
      expect(dash).toEqual({ endingSoon: list.total, days: 30 });
      expect(dash.endingSoon).toBeGreaterThan(0);
    });

    it('prints the summary sheet as a PDF', async () => {
      const a = await f.at('active');
      const res = await t.as(f.token.author, {
        method: 'GET',
        url: `/api/contracts/${a.contract.id}/pdf`,
        headers: { 'accept-language': 'ru' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.rawPayload.length).toBeGreaterThan(2000);
    });
  });
});
