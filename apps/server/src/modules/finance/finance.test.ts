import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicesOfWagons } from '../debts/debts.invoice-link';
import { approvalState, computeLineTotals, financeDashboard, myApprovalsResponse, vendorInvoiceListResponse } from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { and, eq } from 'drizzle-orm';
import { equipmentBudgets, equipmentRequests, materials, users, wagons, warehouses } from '../../db/schema';
import { currentLevel } from '../stock/stock.ledger';
import { findBudget } from '../equipment/equipment.budgets';
import { paidInvoiceTotals } from './finance.budget';
import { financeFixture, PEOPLE, signedInUserWith, uniqueNumber, type FinanceFixture } from './finance.test-support';
import { extractText } from '../documents/documents.text';
import { buildLocale } from '@servicedesk/i18n/resources';
import { formatMoney } from '@servicedesk/i18n/format';

/*
 * Vendor invoices and the accounting pool (issue #16): totals computed on the server with the
 * stated rounding, every transition of the chain (warehouse check → director → pool → PAID) and its
 * refusals, the pool's take / post / return, delete only as draft, lists and the dashboard.
 */

describe('the rounding rule (contracts computeLineTotals)', () => {
  it('rounds each line half away from zero to a whole minor unit, net first then VAT', () => {
    expect(computeLineTotals(2, 145000, 18)).toEqual({ net: 290000, vat: 52200, gross: 342200 });
    // 1.005 × 100 = 100.5 → 101; VAT 18 % of 101 = 18.18 → 18
    expect(computeLineTotals(1.005, 100, 18)).toEqual({ net: 101, vat: 18, gross: 119 });
    // 0.333 × 1 = 0.333 → 0; 3 × 0.335 … per-line rounding, not of the sum
    expect(computeLineTotals(0.333, 1, 18)).toEqual({ net: 0, vat: 0, gross: 0 });
    // VAT 12.5 % of 1 = 0.125 → 0; of 4 = 0.5 → 1 (half away from zero)
    expect(computeLineTotals(1, 4, 12.5)).toEqual({ net: 4, vat: 1, gross: 5 });
    // No binary floating-point error: 0.1 × 3 units at 10 qəpik
    expect(computeLineTotals(0.1, 30, 0)).toEqual({ net: 3, vat: 0, gross: 3 });
    // Large amounts stay exact
    expect(computeLineTotals(999_999.999, 9_999_999, 18).net).toBe(9_999_998_990_000);
  });
});

describe.each(backends)('vendor invoices on %s', (backend) => {
  let t: TestApp;
  let f: FinanceFixture;
  const userTypeOf = async (id: number) => (await t.app.deps.db.select({ typeId: users.userTypeId }).from(users).where(eq(users.id, id)))[0]!.typeId;

  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await financeFixture(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('computes the totals on the server from the lines (per line rounding), ignoring any totals sent', async () => {
    const d = await f.create({
      lines: [
        { description: 'Kabel', unit: 'm', quantity: 1.005, unitPrice: 100, vatRate: 18 },
        { description: 'Boya', unit: 'l', quantity: 3, unitPrice: 333, vatRate: 18 },
      ],
      // @ts-expect-error a client may try to send totals: they are not part of the input
      grossTotal: 1,
    });
    expect(d.lines.map((l) => [l.net, l.vat, l.gross])).toEqual([
      [101, 18, 119],
      [999, 180, 1179],
    ]);
    expect(d.invoice).toMatchObject({ netTotal: 1100, vatTotal: 198, grossTotal: 1298, status: 'DRAFT', currency: 'AZN' });
    expect(d.allowedActions.sort()).toEqual(['cancel', 'delete', 'submit']);
    expect(d.history.map((h) => h.action)).toEqual(['create']);
  });

  it('refuses bad input: no lines, a zero quantity, too many decimals, an unknown vendor, a duplicate number', async () => {
    const base = { vendorId: f.vendorId, number: uniqueNumber(), invoiceDate: '2026-11-20' };
    const line = { description: 'X', quantity: 1, unitPrice: 100 };
    expect((await f.call('clerk', 'POST', '/api/finance/vendorInvoices/save', { ...base, lines: [] })).status).toBe(400);
    expect((await f.call('clerk', 'POST', '/api/finance/vendorInvoices/save', { ...base, lines: [{ ...line, quantity: 0 }] })).status).toBe(400);
    expect((await f.call('clerk', 'POST', '/api/finance/vendorInvoices/save', { ...base, lines: [{ ...line, quantity: 1.0001 }] })).status).toBe(400);
    expect((await f.call('clerk', 'POST', '/api/finance/vendorInvoices/save', { ...base, lines: [{ ...line, unitPrice: 1.5 }] })).status).toBe(400);
    expect((await f.call('clerk', 'POST', '/api/finance/vendorInvoices/save', { ...base, invoiceDate: '2026-02-30', lines: [line] })).status).toBe(400);
    const unknown = await f.call('clerk', 'POST', '/api/finance/vendorInvoices/save', { ...base, vendorId: 999999, lines: [line] });
    expect(unknown).toMatchObject({ status: 422, json: { code: 'vendorNotFound' } });
    const first = await f.create({ number: 'DUP-1' });
    expect(first.invoice.number).toBe('DUP-1');
    const dup = await f.call('clerk', 'POST', '/api/finance/vendorInvoices/save', { ...base, number: 'DUP-1', lines: [line] });
    expect(dup).toMatchObject({ status: 409, json: { code: 'duplicateInvoiceNumber' } });
    // An employee may not create invoices.
    expect((await f.call('employee', 'POST', '/api/finance/vendorInvoices/save', { ...base, lines: [line] })).status).toBe(403);
  });

  it('goes warehouse check → director → accounting pool → PAID, each step by its people only', async () => {
    const d0 = await f.create();
    const id = d0.invoice.id;
    const np = (as: Parameters<FinanceFixture['call']>[0], body: object) => f.call(as, 'POST', `/api/finance/vendorInvoices/${id}/nextProcess`, body);

    // Only the author submits; the keeper cannot approve a draft.
    expect((await np('keeper', { action: 'approve' })).json.code).toBe('invalidTransition');
    expect((await np('accountant', { action: 'submit' })).status).toBe(403);
    const submitted = await np('clerk', { action: 'submit' });
    expect(submitted.status).toBe(200);
    expect(submitted.json.invoice.status).toBe('WAREHOUSE_CHECK');
    expect(submitted.json.allowedActions).toEqual(['cancel']);

    // The director cannot decide the keeper's step; the author cannot edit any more.
    expect((await np('director', { action: 'approve' })).status).toBe(403);
    const edit = await f.call('clerk', 'POST', '/api/finance/vendorInvoices/save', { id, vendorId: f.vendorId, number: d0.invoice.number, invoiceDate: '2026-11-20', lines: [{ description: 'X', quantity: 1, unitPrice: 1 }] });
    expect(edit.json.code).toBe('invoiceNotEditable');

    // The keeper sees the approve button and confirms what arrived (1 laptop of 2).
    const keeperView = await f.call('keeper', 'GET', `/api/finance/vendorInvoices/${id}`);
    expect(keeperView.json.allowedActions.sort()).toEqual(['approve', 'reject', 'return']);
    const laptop = d0.lines[0]!;
    const checked = await np('keeper', { action: 'approve', received: [{ lineId: laptop.id, quantity: 1 }] });
    expect(checked.status).toBe(200);
    expect(checked.json.invoice.status).toBe('DIRECTOR_APPROVAL');
    expect(checked.json.invoice.receivedAt).not.toBeNull();
    expect(checked.json.lines.map((l: { receivedQuantity: number }) => l.receivedQuantity)).toEqual([1, 5]);
    expect(checked.json.history.map((h: { action: string }) => h.action)).toContain('receipt');

    // The director approves; the invoice waits in the pool.
    const approved = await np('director', { action: 'approve' });
    expect(approved.json.invoice.status).toBe('ACCOUNTING_POOL');
    const pool = vendorInvoiceListResponse.parse((await f.call('accountant', 'POST', '/api/finance/accountingPool/grid', { taken: 'free' })).json);
    expect(pool.rows.some((r) => r.id === id)).toBe(true);

    // Approving the pool step elsewhere (my approvals) is refused: it is posted from the pool.
    const fromMine = await f.call('accountant', 'POST', '/api/approvals/decide', { recordKind: 'vendorInvoice', recordId: id, decision: 'approve' });
    expect(fromMine).toMatchObject({ status: 422, json: { code: 'postFromPool' } });
    // Posting before taking is refused.
    expect((await f.call('accountant', 'POST', `/api/finance/accountingPool/${id}/post`, { paidDate: '2026-11-24', paymentReference: 'PP-77' })).status).toBe(403);

    const taken = await f.call('accountant', 'POST', `/api/finance/accountingPool/${id}/take`);
    expect(taken.json.invoice.takenBy.id).toBe(f.id.accountant);
    expect(taken.json.allowedActions.sort()).toEqual(['poolReturn', 'post']);
    const mine = vendorInvoiceListResponse.parse((await f.call('accountant', 'POST', '/api/finance/accountingPool/grid', { taken: 'mine' })).json);
    expect(mine.rows.map((r) => r.id)).toContain(id);

    const before = await paidInvoiceTotals(t.app.deps.db, [7001]);
    expect(before.get(7001)).toBeUndefined();
    const posted = await f.call('accountant', 'POST', `/api/finance/accountingPool/${id}/post`, { paidDate: '2026-11-24', paymentReference: 'PP-77' });
    expect(posted.status).toBe(200);
    expect(posted.json.invoice).toMatchObject({ status: 'PAID', paidDate: '2026-11-24', paymentReference: 'PP-77' });
    expect(posted.json.allowedActions).toEqual([]);
    const state = approvalState.parse((await f.call('clerk', 'GET', `/api/approvals/record/vendorInvoice/${id}`)).json);
    expect(state.status).toBe('PROCESSED');
    expect(state.steps.map((s) => [s.role, s.status])).toEqual([
      ['warehouseKeeper', 'APPROVED'],
      ['director', 'APPROVED'],
      ['accountant', 'APPROVED'],
    ]);
    // The author was told at each step (the engine's notifications).
    const history = posted.json.history.map((h: { action: string }) => h.action);
    expect(history).toEqual(['create', 'submit', 'start', 'receipt', 'approve', 'approve', 'take', 'approve', 'paid', 'process']);
  });

  it('counts paid invoices against their budget line', async () => {
    const d = await f.create({ budgetLineId: 4242 });
    const id = d.invoice.id;
    await f.call('clerk', 'POST', `/api/finance/vendorInvoices/${id}/nextProcess`, { action: 'submit' });
    await f.call('keeper', 'POST', `/api/finance/vendorInvoices/${id}/nextProcess`, { action: 'approve' });
    await f.call('director', 'POST', `/api/finance/vendorInvoices/${id}/nextProcess`, { action: 'approve' });
    expect((await paidInvoiceTotals(t.app.deps.db, [4242])).get(4242)).toBeUndefined();
    await f.call('accountant', 'POST', `/api/finance/accountingPool/${id}/take`);
    await f.call('accountant', 'POST', `/api/finance/accountingPool/${id}/post`, { paidDate: '2026-11-24', paymentReference: 'PP-9' });
    expect((await paidInvoiceTotals(t.app.deps.db, [4242], 2026)).get(4242)).toBe(d.invoice.grossTotal);
    expect((await paidInvoiceTotals(t.app.deps.db, [4242], 2025)).get(4242)).toBeUndefined();
  });

  it('the warehouse check receives the catalogue lines into stock; payment counts against the budget line', async () => {
    const db = t.app.deps.db;
    const [material] = await db.select({ id: materials.id }).from(materials).where(eq(materials.isActive, true)).limit(1);
    const [warehouse] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.isActive, true)).limit(1);
    const [budget] = await db.select({ id: equipmentBudgets.id }).from(equipmentBudgets).where(and(eq(equipmentBudgets.currency, 'AZN'))).limit(1);
    const stockBefore = await currentLevel(db, material!.id, warehouse!.id);
    const budgetBefore = (await findBudget(db, budget!.id))!;
    const d = await f.create({
      warehouseId: warehouse!.id,
      budgetLineId: budget!.id,
      lines: [
        { materialId: material!.id, description: 'Kataloq materialı', quantity: 3, unitPrice: 1000, vatRate: 18 },
        { description: 'Çatdırılma xidməti', quantity: 1, unitPrice: 500, vatRate: 18 },
      ],
    });
    expect((await f.call('clerk', 'POST', '/api/finance/vendorInvoices/save', { vendorId: f.vendorId, number: uniqueNumber(), invoiceDate: '2026-11-20', lines: [{ materialId: 999999, description: 'X', quantity: 1, unitPrice: 1 }] })).json.code).toBe('unknownMaterial');
    const id = d.invoice.id;
    await f.call('clerk', 'POST', `/api/finance/vendorInvoices/${id}/nextProcess`, { action: 'submit' });
    const checked = await f.call('keeper', 'POST', `/api/finance/vendorInvoices/${id}/nextProcess`, { action: 'approve', received: [{ lineId: d.lines[0]!.id, quantity: 2 }] });
    expect(checked.json.invoice.stockOperationId).toEqual(expect.any(Number));
    expect((await currentLevel(db, material!.id, warehouse!.id)).quantity).toBe(stockBefore.quantity + 2);
    await f.call('director', 'POST', `/api/finance/vendorInvoices/${id}/nextProcess`, { action: 'approve' });
    await f.call('accountant', 'POST', `/api/finance/accountingPool/${id}/take`);
    expect((await findBudget(db, budget!.id))!.consumedByOthers).toBe(budgetBefore.consumedByOthers);
    await f.call('accountant', 'POST', `/api/finance/accountingPool/${id}/post`, { paidDate: '2026-11-24', paymentReference: 'PP-B' });
    const after = (await findBudget(db, budget!.id))!;
    expect(after.consumedByOthers).toBe(budgetBefore.consumedByOthers + d.invoice.grossTotal);
    expect(after.remaining).toBe(budgetBefore.remaining - d.invoice.grossTotal);
  });

  it('a taken invoice is the taker’s: another accountant gets 409, the taker returns it with a comment', async () => {
    const d = await f.inStatus('TAKEN');
    const id = d.invoice.id;
    // Nobody else takes it from the taker (the admin holds every key but is not an accountant of the step: 403; another accountant: 409).
    const again = await f.call('admin', 'POST', `/api/finance/accountingPool/${id}/take`);
    expect([403, 409]).toContain(again.status);
    const short = await f.call('accountant', 'POST', `/api/finance/accountingPool/${id}/return`, { comment: 'short' });
    expect(short).toMatchObject({ status: 422, json: { code: 'commentTooShort' } });
    const back = await f.call('accountant', 'POST', `/api/finance/accountingPool/${id}/return`, { comment: 'Qaimədə VÖEN səhvdir, düzəldin' });
    expect(back.json.invoice).toMatchObject({ status: 'RETURNED', takenBy: null });
    // The author edits and submits again: a new round from the warehouse check.
    const edited = await f.call('clerk', 'POST', '/api/finance/vendorInvoices/save', {
      id,
      vendorId: f.vendorId,
      number: d.invoice.number,
      invoiceDate: '2026-11-21',
      lines: [{ description: 'Noutbuk', quantity: 2, unitPrice: 140000, vatRate: 18 }],
    });
    expect(edited.json.invoice).toMatchObject({ status: 'RETURNED', grossTotal: 330400 });
    const resubmitted = await f.call('clerk', 'POST', `/api/finance/vendorInvoices/${id}/nextProcess`, { action: 'submit' });
    expect(resubmitted.json.invoice.status).toBe('WAREHOUSE_CHECK');
  });

  it('rejects and returns need a comment of 10 characters; a rejected invoice is final', async () => {
    const d = await f.inStatus('DIRECTOR_APPROVAL');
    const id = d.invoice.id;
    const np = (as: 'director' | 'clerk', body: object) => f.call(as, 'POST', `/api/finance/vendorInvoices/${id}/nextProcess`, body);
    expect((await np('director', { action: 'reject' })).json.code).toBe('commentRequired');
    expect((await np('director', { action: 'reject', comment: 'qısa' })).json.code).toBe('commentTooShort');
    const rejected = await np('director', { action: 'reject', comment: 'Büdcədə nəzərdə tutulmayıb' });
    expect(rejected.json.invoice.status).toBe('REJECTED');
    expect((await np('clerk', { action: 'submit' })).json.code).toBe('invalidTransition');
    expect((await np('clerk', { action: 'cancel' })).json.code).toBe('invalidTransition');
  });

  it('the keeper returns an incomplete delivery to the author', async () => {
    const d = await f.inStatus('WAREHOUSE_CHECK');
    const res = await f.call('keeper', 'POST', `/api/finance/vendorInvoices/${d.invoice.id}/nextProcess`, { action: 'return', comment: 'Çatdırılma natamamdır' });
    expect(res.json.invoice.status).toBe('RETURNED');
    expect(res.json.allowedActions).toEqual([]);
    const author = await f.call('clerk', 'GET', `/api/finance/vendorInvoices/${d.invoice.id}`);
    expect(author.json.allowedActions.sort()).toEqual(['cancel', 'submit']);
  });

  it('deletes only as a draft, only by its author; the author cancels before payment', async () => {
    const draft = await f.create();
    expect((await f.call('accountant', 'POST', `/api/finance/vendorInvoices/${draft.invoice.id}/delete`)).status).toBe(403);
    expect((await f.call('clerk', 'POST', `/api/finance/vendorInvoices/${draft.invoice.id}/delete`)).json).toEqual({ ok: true });
    expect((await f.call('clerk', 'GET', `/api/finance/vendorInvoices/${draft.invoice.id}`)).status).toBe(404);
    // Its number is free again.
    expect((await f.create({ number: draft.invoice.number })).invoice.number).toBe(draft.invoice.number);

    const waiting = await f.inStatus('WAREHOUSE_CHECK');
    expect((await f.call('clerk', 'POST', `/api/finance/vendorInvoices/${waiting.invoice.id}/delete`)).json.code).toBe('invalidTransition');
    const cancelled = await f.call('clerk', 'POST', `/api/finance/vendorInvoices/${waiting.invoice.id}/nextProcess`, { action: 'cancel' });
    expect(cancelled.json.invoice.status).toBe('CANCELLED');
    const paid = await f.inStatus('PAID');
    expect((await f.call('clerk', 'POST', `/api/finance/vendorInvoices/${paid.invoice.id}/nextProcess`, { action: 'cancel' })).json.code).toBe('invalidTransition');
  });

  it('shows invoices to their people only; lists filter by status, search and my step', async () => {
    const d = await f.inStatus('WAREHOUSE_CHECK');
    expect((await f.call('employee', 'GET', `/api/finance/vendorInvoices/${d.invoice.id}`)).status).toBe(403);
    const byNumber = vendorInvoiceListResponse.parse((await f.call('director', 'POST', '/api/finance/vendorInvoices/grid', { search: d.invoice.number })).json);
    expect(byNumber.rows.map((r) => r.id)).toEqual([d.invoice.id]);
    const step = vendorInvoiceListResponse.parse((await f.call('keeper', 'POST', '/api/finance/vendorInvoices/grid', { scope: 'myStep', take: 500 })).json);
    expect(step.rows.every((r) => r.status === 'WAREHOUSE_CHECK')).toBe(true);
    expect(step.rows.map((r) => r.id)).toContain(d.invoice.id);
    const paid = vendorInvoiceListResponse.parse((await f.call('director', 'POST', '/api/finance/vendorInvoices/grid', { status: ['PAID'] })).json);
    expect(paid.rows.every((r) => r.status === 'PAID')).toBe(true);
    expect(paid.total).toBeGreaterThan(0);
    // It waits in the keeper's "my approvals" too.
    const mine = myApprovalsResponse.parse((await f.call('keeper', 'POST', '/api/approvals/mine', { take: 100 })).json);
    expect(mine.rows.find((r) => r.recordId === d.invoice.id)).toMatchObject({ recordKind: 'vendorInvoice', url: `/home/finance/vendor-invoices/${d.invoice.id}` });
  });

  it('prints the cover list as a PDF with the invoice and its signatures', async () => {
    const d = await f.inStatus('PAID');
    const res = await t.as(f.token.clerk, { method: 'GET', url: `/api/finance/vendorInvoices/${d.invoice.id}/coverList`, headers: { 'accept-language': 'az' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('.pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // What a reader of the printed sheet sees: the invoice, its vendor, its total and who signed each step.
    const text = (await extractText('cover.pdf', res.rawPayload))!.replace(/\s+/g, ' ');
    const az = (buildLocale('az').finance as { coverList: Record<string, string> }).coverList;
    expect(text).toContain(d.invoice.number);
    expect(text).toContain(d.invoice.vendor.name);
    expect(text).toContain(az.signatures);
    const state = approvalState.parse((await f.call('clerk', 'GET', `/api/approvals/record/vendorInvoice/${d.invoice.id}`)).json);
    expect(state.steps.length).toBeGreaterThan(0);
    for (const step of state.steps) for (const a of step.approvers.filter((x) => x.decision)) expect(text).toContain(a.approver.name);
    expect(text).toContain(formatMoney(d.invoice.grossTotal, 'az', d.invoice.currency).replace(/\s+/g, ' '));
    expect((await f.call('employee', 'GET', `/api/finance/vendorInvoices/${d.invoice.id}/coverList`)).status).toBe(403);
  });

  it('shows a wagon the invoices naming it among their transport numbers (dislocation, issue #17) — those its reader may open (issue #42)', async () => {
    // Through the wagon's page: a dislocation reader without a part in the clerk's invoice sees no number of it.
    const wagon = String(71_000_000 + (Date.now() % 999_999));
    const mine = await f.create({ transportNumbers: [wagon] });
    await t.app.deps.db.insert(wagons).values({ number: wagon, station: 'Bakı', state: 'loaded', seenAt: new Date() });
    const reader = await signedInUserWith(t, ['finance.debtReports', 'finance.debtReports.dislocation', 'finance.vendorInvoices']);
    expect((await t.as(reader.token, { method: 'GET', url: `/api/finance/vendorInvoices/${mine.invoice.id}` })).statusCode).toBe(403);
    const seen = await t.as(reader.token, { method: 'GET', url: `/api/dislocation/wagons/${wagon}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().invoices).toEqual([]);
    expect((await f.call('director', 'GET', `/api/dislocation/wagons/${wagon}`)).json.invoices).toEqual([expect.objectContaining({ id: mine.invoice.id, number: mine.invoice.number })]);
    // The seam itself, for several wagons at once.
    const created = await f.create({ transportNumbers: ['50070291', '10-AA-999'] });
    const director = { id: f.id.director, email: PEOPLE.director, userTypeId: await userTypeOf(f.id.director) };
    const found = await invoicesOfWagons(t.app.deps, director, ['50070291', '99999997']);
    expect(found.get('50070291')).toEqual([expect.objectContaining({ number: created.invoice.number, url: `/home/finance/vendor-invoices/${created.invoice.id}` })]);
    expect(found.has('99999997')).toBe(false);
  });

  it('answers the pickers: vendors, transport numbers, catalogue materials, the equipment order by number or id', async () => {
    await f.create({ transportNumbers: ['77-ZZ-777'] });
    expect((await f.call('clerk', 'GET', '/api/finance/vendorInvoices/transportNumbers?search=77-ZZ')).json).toEqual(['77-ZZ-777']);
    const vendors = (await f.call('clerk', 'GET', '/api/finance/vendors?search=1400123451')).json;
    expect(vendors[0]).toMatchObject({ tin: '1400123451' });
    // Catalogue materials come from stock (#13).
    const [material] = await t.app.deps.db.select({ id: materials.id, code: materials.code }).from(materials).where(eq(materials.isActive, true)).limit(1);
    expect((await f.call('clerk', 'GET', `/api/finance/vendorInvoices/materials?search=${encodeURIComponent(material!.code)}`)).json[0]).toMatchObject({ id: material!.id });
    // The equipment order by its number or id (equipment #12); an unknown one is 404, and saving with it 422.
    expect((await f.call('clerk', 'GET', '/api/finance/vendorInvoices/orderDetail?codeOrId=INV-1999-000001')).status).toBe(404);
    const [order] = await t.app.deps.db.select({ id: equipmentRequests.id, number: equipmentRequests.number }).from(equipmentRequests).limit(1);
    expect((await f.call('clerk', 'GET', `/api/finance/vendorInvoices/orderDetail?codeOrId=${order!.number}`)).json).toMatchObject({ id: order!.id, code: order!.number });
    expect((await f.call('clerk', 'GET', `/api/finance/vendorInvoices/orderDetail?codeOrId=${order!.id}`)).json).toMatchObject({ code: order!.number });
    expect((await f.create({ orderCode: order!.number })).invoice).toMatchObject({ orderId: order!.id, orderCode: order!.number });
    const bad = await f.call('clerk', 'POST', '/api/finance/vendorInvoices/save', { vendorId: f.vendorId, number: uniqueNumber(), invoiceDate: '2026-11-20', orderCode: 'INV-1999-000001', lines: [{ description: 'X', quantity: 1, unitPrice: 1 }] });
    expect(bad.json.code).toBe('orderNotFound');
  });

  it("orderDetail answers an order's title and status only to who may open the order; to another invoice writer its number (issue #42)", async () => {
    // An employee's equipment request: the clerk gets 403 on its own page.
    const [order] = await t.app.deps.db
      .select({ id: equipmentRequests.id, number: equipmentRequests.number, title: equipmentRequests.justification, status: equipmentRequests.status, requesterId: equipmentRequests.requesterId })
      .from(equipmentRequests)
      .where(eq(equipmentRequests.requesterId, f.id.employee))
      .limit(1);
    expect((await f.call('clerk', 'GET', `/api/equipment/requests/${order!.id}`)).status).toBe(403);
    for (const codeOrId of [String(order!.id), order!.number]) {
      const clerk = await f.call('clerk', 'GET', `/api/finance/vendorInvoices/orderDetail?codeOrId=${codeOrId}`);
      expect(clerk).toEqual({ status: 200, json: { id: order!.id, code: order!.number, title: null, status: null } });
    }
    // The director sees every request: the whole answer.
    expect((await f.call('director', 'GET', `/api/finance/vendorInvoices/orderDetail?codeOrId=${order!.id}`)).json).toEqual({ id: order!.id, code: order!.number, title: order!.title, status: order!.status });
    // Someone who reads invoices but neither writes them nor may open the order: as if there were none.
    const reader = await signedInUserWith(t, ['finance.vendorInvoices']);
    const res = await t.as(reader.token, { method: 'GET', url: `/api/finance/vendorInvoices/orderDetail?codeOrId=${order!.id}` });
    expect(res.statusCode).toBe(404);
    // Linking still works for the clerk.
    expect((await f.create({ orderCode: order!.number })).invoice).toMatchObject({ orderId: order!.id, orderCode: order!.number });
  });

  it("the pickers answer transport numbers and past line descriptions only of invoices the caller may see (issue #42)", async () => {
    const marker = uniqueNumber('SECRET');
    const transport = `TN-${marker}`;
    await f.create({ transportNumbers: [transport], lines: [{ description: `Line ${marker}`, unit: 'ədəd', quantity: 1, unitPrice: 100, vatRate: 18 }] }, 'accountant');
    const picks = async (as: 'clerk' | 'accountant' | 'director') => ({
      transport: (await f.call(as, 'GET', `/api/finance/vendorInvoices/transportNumbers?search=${encodeURIComponent(transport)}`)).json,
      lines: (await f.call(as, 'GET', `/api/finance/vendorInvoices/materials?search=${encodeURIComponent(marker)}`)).json.map((m: { name: string }) => m.name),
    });
    // The clerk has no part in the accountant's invoice (403 on its page) and sees nothing of it here.
    expect(await picks('clerk')).toEqual({ transport: [], lines: [] });
    expect(await picks('accountant')).toEqual({ transport: [transport], lines: [`Line ${marker}`] });
    expect(await picks('director')).toEqual({ transport: [transport], lines: [`Line ${marker}`] });
  });

  it('dashboard: the pool for accountants, my step, this year’s paid totals per month for the director', async () => {
    const acc = financeDashboard.parse((await f.call('accountant', 'GET', '/api/finance/dashboard')).json);
    expect(acc.poolWaiting).toBeGreaterThanOrEqual(0);
    const dir = financeDashboard.parse((await f.call('director', 'GET', '/api/finance/dashboard')).json);
    expect(dir.poolWaiting).toBeNull();
    expect(dir.paidByMonth).toHaveLength(12);
    const keeper = financeDashboard.parse((await f.call('keeper', 'GET', '/api/finance/dashboard')).json);
    const waiting = vendorInvoiceListResponse.parse((await f.call('keeper', 'POST', '/api/finance/vendorInvoices/grid', { scope: 'myStep' })).json);
    expect(keeper.myStep).toBe(waiting.total);
  });
});
