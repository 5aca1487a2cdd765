import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalState, documentDetail, documentListResponse, folderPrincipalsResponse } from '@servicedesk/contracts';
import { backends, createTestApp } from '../../../test/helpers';
import { documentsFixture, pdfWithText, type DocumentsFixture } from './documents.test-support';

// Issue #41: folder grants that can be used, routing that gives (and takes back) read access,
// routes of several steps, never to oneself, and search across the tabs in the original text.

describe.each(backends)('document access (%s)', (backend) => {
  let f: DocumentsFixture;
  beforeAll(async () => {
    f = await documentsFixture(await createTestApp(backend));
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it('refuses a folder permission for a user or user type that cannot open documents, says why, and offers groups with a count', async () => {
    const folder = await f.folder('clerk', 'Daxili əmrlər');
    const [employee, clerk, lawyer] = [await f.userId('employee'), await f.userId('clerk'), await f.userId('lawyer')];
    const set = (entries: { principalKind: string; principalId: number; level: string }[]) =>
      f.call('clerk', 'PUT', `/documents/folders/${folder}/permissions`, { inherit: true, entries: [{ principalKind: 'user', principalId: clerk, level: 'manage' }, ...entries] });
    const refused = await set([{ principalKind: 'user', principalId: employee, level: 'read' }]);
    expect(refused.status).toBe(422);
    expect(refused.json.code).toBe('principalCannotOpenDocuments');
    expect(refused.json.details.principals).toEqual([expect.objectContaining({ principalKind: 'user', principalId: employee, userTypeName: 'Employee' })]);
    expect((await set([{ principalKind: 'userType', principalId: await f.userTypeId('employee'), level: 'read' }])).json.code).toBe('principalCannotOpenDocuments');
    // Nothing was written; a user whose type opens documents is accepted.
    expect((await f.call('clerk', 'GET', `/documents/folders/${folder}/permissions`)).json.entries).toHaveLength(1);
    expect((await set([{ principalKind: 'user', principalId: lawyer, level: 'read' }])).status).toBe(200);
    // The dialog's pickers say who can use a permission.
    const principals = folderPrincipalsResponse.parse((await f.call('clerk', 'GET', '/documents/principals')).json);
    expect(principals.users.find((u) => u.id === employee)?.canOpen).toBe(false);
    expect(principals.users.find((u) => u.id === lawyer)?.canOpen).toBe(true);
    expect(principals.userTypes.find((t) => t.name === 'Employee')?.canOpen).toBe(false);
    expect(principals.groups.every((g) => g.membersWithoutAccess >= 0)).toBe(true);
  });

  it('lets an employee routed a document read and download it while it is routed, on a route of several steps, and takes it away after', async () => {
    const folder = await f.folder('clerk', 'Çoxaddımlı marşrut');
    const doc = await f.document('clerk', folder, 'Təchizat planı', { name: 'plan.pdf', bytes: pdfWithText(['Techizat plani']) });
    const id = doc.document.id;
    const [employee, director, lawyer] = [await f.userId('employee'), await f.userId('director'), await f.userId('lawyer')];
    // Before routing the employee (no document circulation in their type) is told why not.
    const before = await f.call('employee', 'GET', `/documents/${id}`);
    expect(before.status).toBe(403);
    expect(before.json.details).toMatchObject({ rule: 'userTypeLacks' });
    const steps = [
      { purpose: 'visa', userIds: [lawyer, director], mode: 'any' },
      { purpose: 'approval', userIds: [employee], mode: 'all' },
    ];
    expect((await f.call('clerk', 'POST', `/documents/${id}/route`, { steps })).status).toBe(200);
    // Routed: the employee opens it, downloads it, and is the second step.
    expect(documentDetail.parse((await f.call('employee', 'GET', `/documents/${id}`)).json).level).toBe('read');
    const download = await f.t.as(f.token.employee, { method: 'GET', url: `/api/documents/${id}/versions/1/download` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Step one is "any": the director's visa ends it, the lawyer is no longer asked.
    expect((await f.call('director', 'POST', '/approvals/decide', { recordKind: 'document', recordId: id, decision: 'approve' })).status).toBe(200);
    const state = approvalState.parse((await f.call('employee', 'GET', `/approvals/record/document/${id}`)).json);
    expect(state.allowedDecisions).toContain('approve');
    expect((await f.call('lawyer', 'POST', '/approvals/decide', { recordKind: 'document', recordId: id, decision: 'approve' })).status).not.toBe(200);
    expect((await f.call('employee', 'POST', '/approvals/decide', { recordKind: 'document', recordId: id, decision: 'approve' })).status).toBe(200);
    expect(documentDetail.parse((await f.call('clerk', 'GET', `/documents/${id}`)).json).document.status).toBe('APPROVED');
    // The routing ended: the employee and the director (no folder permission) read it no longer; the clerk still does.
    expect((await f.call('employee', 'GET', `/documents/${id}`)).status).toBe(403);
    expect((await f.t.as(f.token.employee, { method: 'GET', url: `/api/documents/${id}/versions/1/download` })).statusCode).toBe(403);
    expect((await f.call('director', 'GET', `/documents/${id}`)).status).toBe(403);
    expect(documentListResponse.parse((await f.call('director', 'POST', '/documents/grid', { scope: 'all' })).json).rows.map((r) => r.id)).not.toContain(id);
  });

  it('never routes a document to its sender or author', async () => {
    const folder = await f.folder('clerk', 'Özünə yox');
    const doc = await f.document('clerk', folder, 'Öz sənədim', { name: 'a.txt', bytes: 'mətn' });
    const res = await f.call('clerk', 'POST', `/documents/${doc.document.id}/route`, {
      steps: [
        { purpose: 'visa', userIds: [await f.userId('director')] },
        { purpose: 'approval', userIds: [await f.userId('clerk'), await f.userId('lawyer')], mode: 'any' },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ code: 'selfRouting', details: { userIds: [await f.userId('clerk')] } });
    expect(documentDetail.parse((await f.call('clerk', 'GET', `/documents/${doc.document.id}`)).json).document.status).toBe('DRAFT');
  });

  it('searches across every tab and shows the original text of the match, marked', async () => {
    const folder = await f.folder('clerk', 'Təchizat');
    const draft = await f.document('clerk', folder, 'Qaralama', { name: 'a.txt', bytes: 'Təchizatı üçün əlavə sətir' });
    const routed = await f.document('clerk', folder, 'Marşrutda', { name: 'b.txt', bytes: 'Təchizatı üçün əlavə sətir, ikinci' });
    await f.call('clerk', 'POST', `/documents/${routed.document.id}/route`, { steps: [{ purpose: 'visa', userIds: [await f.userId('director')] }] });
    await f.call('director', 'POST', '/approvals/decide', { recordKind: 'document', recordId: routed.document.id, decision: 'approve' });
    const page = documentListResponse.parse((await f.call('clerk', 'POST', '/documents/grid', { scope: 'all', search: 'techizati ucun' })).json);
    const found = page.rows.filter((r) => [draft.document.id, routed.document.id].includes(r.id));
    expect(found.map((r) => r.status).sort()).toEqual(['APPROVED', 'DRAFT']);
    for (const row of found) {
      expect(row.snippet!.map((p) => p.text).join('')).toContain('Təchizatı üçün əlavə sətir');
      expect(row.snippet!.filter((p) => p.mark).map((p) => p.text)).toEqual(['Təchizatı', 'üçün']);
    }
  });
});
