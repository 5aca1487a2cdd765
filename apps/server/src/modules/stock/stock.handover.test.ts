import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { buildLocale } from '@servicedesk/i18n/resources';
import { formatDateTime } from '@servicedesk/i18n/format';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { equipmentFixture } from '../equipment/equipment.test-support';
import { issueFromStock } from './stock.service';
import { stockFixture, type StockFixture, type StockPersona } from './stock.test-support';

/*
 * The hand-over certificate of an issue (issue #40 "the hand-over PDF signed by name and time"):
 * the PDF names the operation, the units, who handed over and who received; once the recipient
 * confirms on My equipment it says who confirmed and when (per unit and in the receipt block);
 * signature lines for both sides. The recipient and the keepers may download it; to others it is 404.
 */
describe.each(backends)('hand-over certificate on %s', (backend) => {
  let t: TestApp;
  let f: StockFixture;
  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await stockFixture(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const az = (buildLocale('az').stock as { handover: Record<string, Record<string, string> & string> }).handover;
  const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));
  /** The certificate as `who` downloads it, and its text as a reader of the page sees it (whitespace folded). */
  const download = async (who: StockPersona, id: number) => {
    const res = await t.as(f.token[who], { method: 'GET', url: `/api/stock/operations/${id}/handover`, headers: { 'accept-language': 'az' } });
    if (res.statusCode !== 200) return { status: res.statusCode, json: res.json() as { code: string }, text: '' };
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="handover-.+\.pdf"/);
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const text = ((await extractText(pdf, { mergePages: true })).text as string).replace(/\s+/g, ' ');
    return { status: 200, json: null, text };
  };

  it('names the units, both sides and the signature lines; the recipient’s confirmations appear with name and time', async () => {
    const received = await f.posted({ kind: 'receipt', warehouseId: f.mainId, vendorId: f.vendorId, lines: [{ materialId: f.laptopId, quantity: 2, unitCost: 150_000, serials: ['AKT-1', 'AKT-2'] }] });
    const units = received.lines[0]!.units;
    const issue = await f.posted({ kind: 'issue', warehouseId: f.mainId, recipientUserId: f.id.employee, lines: [{ materialId: f.laptopId, quantity: 2, inventoryIds: units.map((u) => u.id) }] });

    // My equipment names the issue, so the employee finds its certificate there.
    const mine = (await t.as(f.token.employee, { method: 'GET', url: '/api/assets/mine' })).json() as { items: { id: number; issueOperationId: number | null }[] };
    expect(mine.items.filter((i) => units.some((u) => u.id === i.id)).map((i) => i.issueOperationId)).toEqual([issue.id, issue.id]);

    const before = await download('keeper', issue.id);
    expect(before.status).toBe(200);
    expect(before.text).toContain(`${az.title} № ${issue.number}`);
    for (const u of units) expect(before.text).toContain(u.inventoryNumber);
    expect(before.text).toContain('AKT-1');
    expect(before.text).toContain(issue.postedBy!.name);
    expect(before.text).toContain(issue.recipient!.name);
    expect(before.text).toContain(fill(az.receipt!.notConfirmed!, { name: issue.recipient!.name }));
    expect(before.text).toContain(`${az.signatures!.handedOver} ${az.signatures!.name}: ${issue.postedBy!.name}`);
    expect(before.text).toContain(`${az.signatures!.signature}: ____`);

    // The employee confirms one unit on My equipment: named with its time, one of two.
    const first = await t.as(f.token.employee, { method: 'POST', url: `/api/assets/${units[0]!.id}/confirmReceipt` });
    expect(first.statusCode).toBe(200);
    const firstAt = formatDateTime((first.json() as { confirmedAt: string }).confirmedAt, 'az');
    const partly = await download('employee', issue.id);
    expect(partly.status).toBe(200);
    expect(partly.text).toContain(fill(az.receipt!.partly!, { name: issue.recipient!.name, n: 1, total: 2, at: firstAt }));
    expect(partly.text).toContain(firstAt);

    // Both confirmed: the receipt block says so, and the recipient's side carries the electronic confirmation.
    const second = await t.as(f.token.employee, { method: 'POST', url: `/api/assets/${units[1]!.id}/confirmReceipt` });
    const lastAt = formatDateTime((second.json() as { confirmedAt: string }).confirmedAt, 'az');
    const after = await download('keeper', issue.id);
    expect(after.text).toContain(fill(az.receipt!.confirmed!, { name: issue.recipient!.name, at: lastAt }));
    expect(after.text).toContain(fill(az.receipt!.electronic!, { at: lastAt }));
    expect(after.text).not.toContain(az.lines!.notConfirmed);
  });

  it('keeps a confirmation with the issue it confirmed: a unit returned and issued again starts unconfirmed', async () => {
    const [unit] = (await f.posted({ kind: 'receipt', warehouseId: f.mainId, vendorId: f.vendorId, lines: [{ materialId: f.laptopId, quantity: 1, unitCost: 150_000, serials: ['AKT-R'] }] })).lines[0]!.units;
    const issue = () => f.posted({ kind: 'issue', warehouseId: f.mainId, recipientUserId: f.id.employee, lines: [{ materialId: f.laptopId, quantity: 1, inventoryIds: [unit!.id] }] });
    const firstIssue = await issue();
    const confirmed = await t.as(f.token.employee, { method: 'POST', url: `/api/assets/${unit!.id}/confirmReceipt` });
    const at = formatDateTime((confirmed.json() as { confirmedAt: string }).confirmedAt, 'az');
    await f.posted({ kind: 'return', warehouseId: f.mainId, recipientUserId: f.id.employee, lines: [{ materialId: f.laptopId, quantity: 1, inventoryIds: [unit!.id] }] });
    const again = await issue();
    const name = again.recipient!.name;
    expect((await download('keeper', firstIssue.id)).text).toContain(fill(az.receipt!.confirmed!, { name, at }));
    expect((await download('keeper', again.id)).text).toContain(fill(az.receipt!.notConfirmed!, { name }));
  });

  it('is the recipient’s and the keepers’ only, and only an issue has one', async () => {
    const [unit] = (await f.posted({ kind: 'receipt', warehouseId: f.mainId, vendorId: f.vendorId, lines: [{ materialId: f.laptopId, quantity: 1, unitCost: 150_000, serials: ['AKT-X'] }] })).lines[0]!.units;
    const receipt = await f.posted({ kind: 'receipt', warehouseId: f.mainId, vendorId: f.vendorId, lines: [{ materialId: f.paperId, quantity: 3, unitCost: 1_000 }] });
    const issue = await f.posted({ kind: 'issue', warehouseId: f.mainId, recipientUserId: f.id.employee, lines: [{ materialId: f.laptopId, quantity: 1, inventoryIds: [unit!.id] }] });
    // To anyone else the operation does not exist (as My equipment answers for others' assets).
    expect((await download('executor', issue.id)).status).toBe(404);
    expect((await download('employee', receipt.id)).status).toBe(404);
    expect((await download('employee', issue.id)).status).toBe(200);
    expect(await download('keeper', receipt.id)).toMatchObject({ status: 422, json: { code: 'notAnIssue' } });
    expect((await download('keeper', 999_999)).status).toBe(404);
  });

  it('prints the equipment request an issue was made for only to who may open that request (issue #42)', async () => {
    const e = await equipmentFixture(t);
    const { request } = await e.create('lead');
    // The employee receives what the lead's request asked for, but may not open the lead's request.
    expect((await e.call('employee', 'GET', `/api/equipment/requests/${request.id}`)).status).toBe(403);
    await f.posted({ kind: 'receipt', warehouseId: f.mainId, vendorId: f.vendorId, lines: [{ materialId: f.laptopId, quantity: 1, unitCost: 150_000, serials: ['AKT-R'] }] });
    const op = await issueFromStock(t.app.deps, { warehouseId: f.mainId, recipientUserId: f.id.employee, lines: [{ materialId: f.laptopId, quantity: 1 }], source: `inventoryRequest:${request.id}`, actorId: f.id.keeper });
    const asRecipient = await download('employee', op.id);
    expect(asRecipient.status).toBe(200);
    expect(asRecipient.text).not.toContain(request.number);
    expect(asRecipient.text).not.toContain(az.request as string);
    // The admin, who may open it, gets it printed.
    const asAdmin = await download('admin', op.id);
    expect(asAdmin.text).toContain(request.number);
  });
});
