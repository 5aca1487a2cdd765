import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { approvalState, binResponse, documentDetail, documentListResponse, folderTreeResponse, registryDetail, registryListResponse, registryNumber } from '@servicedesk/contracts';
import { documentFolders, documents } from '../../db/schema';
import { backends, createTestApp } from '../../../test/helpers';
import { computeLevels, type FolderNode } from './documents.permissions';
import { purgeExpired } from './documents.bin';
import { register, registryYear } from './documents.registry';
import { extractText } from './documents.text';
import { documentsFixture, pdfWithText, type DocumentsFixture } from './documents.test-support';

describe('folder permissions: the pure computation', () => {
  const node = (id: number, parentId: number | null, inherit = true, deletedAt: Date | null = null): FolderNode => ({ id, parentId, name: `f${id}`, inherit, deletedAt });
  const tree = new Map([1, 2, 3, 4, 5].map((id) => [id, id === 1 ? node(1, null) : id === 3 ? node(3, 2, false) : id === 5 ? node(5, 1, true, new Date()) : node(id, id - 1)]));
  // 1 ─ 2 ─ 3 (breaks inheritance) ─ 4;   1 ─ 5 (in the bin)

  it('inherits down the tree until a folder breaks inheritance; that folder keeps only its own entries', () => {
    const levels = computeLevels(tree, new Map([[1, 'write']]), false);
    expect(Object.fromEntries(levels)).toEqual({ 1: 'write', 2: 'write' });
    const withOwn = computeLevels(tree, new Map([[1, 'manage'], [3, 'read']]), false);
    expect(Object.fromEntries(withOwn)).toEqual({ 1: 'manage', 2: 'manage', 3: 'read', 4: 'read' });
  });

  it('takes the highest level of a folder and its inherited ones; a folder in the bin is nobody’s, folder administrators manage the rest', () => {
    expect(computeLevels(tree, new Map([[1, 'read'], [2, 'manage']]), false).get(2)).toBe('manage');
    expect(computeLevels(tree, new Map([[5, 'manage']]), false).has(5)).toBe(false);
    expect(Object.fromEntries(computeLevels(tree, new Map(), true))).toEqual({ 1: 'manage', 2: 'manage', 3: 'manage', 4: 'manage' });
  });
});

describe('text extraction', () => {
  it('reads the text of TXT and PDF files, and none of a picture or a broken PDF', async () => {
    expect(await extractText('a.txt', Buffer.from('bir\r\niki'))).toBe('bir\niki');
    const pdfText = await extractText('a.pdf', pdfWithText(['Muqavile bendi 1', 'Odenis 30 gun']));
    expect(pdfText).toContain('Muqavile bendi 1');
    expect(pdfText).toContain('Odenis 30 gun');
    expect(await extractText('a.png', Buffer.from('x'))).toBeNull();
    expect(await extractText('a.pdf', Buffer.from('%PDF-1.4 broken'))).toBeNull();
  });
});

describe.each(backends)('document circulation (%s)', (backend) => {
  let f: DocumentsFixture;
  beforeAll(async () => {
    f = await documentsFixture(await createTestApp(backend));
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it('refuses folder names against the SPEC §5 rule, on the server too, and a duplicate among siblings', async () => {
    for (const [name, flag] of [
      ['', 'required'],
      ['   ', 'required'],
      ['a'.repeat(101), 'maxLength'],
      ['Hesab: 2026', 'invalidCharacters'],
      ['a/b', 'invalidCharacters'],
      ['con', 'reservedName'],
      ['LPT9', 'reservedName'],
    ] as const) {
      const res = await f.call('clerk', 'POST', '/documents/folders', { name, parentId: null });
      expect(res.status, name).toBe(400);
      expect(res.json.details.issues.map((i: { message: string }) => i.message)).toContain(flag);
    }
    const id = await f.folder('clerk', 'Məktublar');
    expect((await f.call('clerk', 'POST', '/documents/folders', { name: 'MƏKTUBLAR', parentId: null })).json.code).toBe('folderNameTaken');
    expect((await f.call('clerk', 'POST', '/documents/folders', { name: 'CON1', parentId: id })).status).toBe(200);
    // Renaming to a taken name, moving into itself.
    const child = await f.folder('clerk', 'Alt', id);
    expect((await f.call('clerk', 'PUT', `/documents/folders/${child}`, { name: 'CON1' })).json.code).toBe('folderNameTaken');
    expect((await f.call('clerk', 'PUT', `/documents/folders/${id}`, { parentId: child })).json.code).toBe('folderCycle');
  });

  it('a group given read on one folder sees that folder and its subfolders and nothing else; broken inheritance shuts them out', async () => {
    const root = await f.folder('clerk', 'Kargüzarlıq (sınaq)');
    const shared = await f.folder('clerk', 'Ümumi', root);
    const sub = await f.folder('clerk', 'Əmrlər', shared);
    const closed = await f.folder('clerk', 'Məxfi', shared);
    await f.folder('clerk', 'Şəxsi', root);
    const it = await f.groupId('İT dəstəyi');
    const set = await f.call('clerk', 'PUT', `/documents/folders/${shared}/permissions`, { inherit: true, entries: [{ principalKind: 'group', principalId: it, level: 'read' }, { principalKind: 'user', principalId: await f.userId('clerk'), level: 'manage' }] });
    expect(set.status).toBe(200);
    const breaking = await f.call('clerk', 'GET', `/documents/folders/${closed}/permissions`);
    expect(breaking.json.entries.map((e: { principalName: string; inheritedFrom: unknown }) => [e.principalName, e.inheritedFrom !== null])).toContainEqual(['İT dəstəyi', true]);
    const clerkEntry = breaking.json.entries.find((e: { principalKind: string }) => e.principalKind === 'user');
    expect((await f.call('clerk', 'PUT', `/documents/folders/${closed}/permissions`, { inherit: false, entries: [{ principalKind: 'user', principalId: clerkEntry.principalId, level: 'manage' }] })).status).toBe(200);

    const mine = new Set([root, shared, sub, closed]);
    const tree = folderTreeResponse.parse((await f.call('lead', 'GET', '/documents/folders')).json);
    expect(tree.folders.filter((x) => mine.has(x.id) || x.name === 'Şəxsi').map((x) => [x.name, x.parentId, x.level])).toEqual([
      ['Əmrlər', shared, 'read'],
      ['Ümumi', null, 'read'],
    ]);
    // Read-only: no documents, no folders, no permission changes; an unknown folder is 404.
    expect((await f.call('lead', 'POST', '/documents/folders', { name: 'Yeni', parentId: shared })).json.details.rule).toBe('folderPermission');
    expect((await f.call('lead', 'POST', '/documents/save', { folderId: sub, title: 'Sənəd', typeCode: 'letter' })).status).toBe(403);
    expect((await f.call('lead', 'GET', `/documents/folders/${closed}/permissions`)).status).toBe(403);
    expect((await f.call('lead', 'GET', '/documents/folders/999999/permissions')).status).toBe(404);
    // Not in the group, no entry: nothing; without the module's key: 403 before anything.
    expect(folderTreeResponse.parse((await f.call('lawyer', 'GET', '/documents/folders')).json).folders.filter((x) => mine.has(x.id))).toEqual([]);
    expect((await f.call('employee', 'GET', '/documents/folders')).status).toBe(403);
    // The creator cannot lock themself out.
    expect((await f.call('clerk', 'PUT', `/documents/folders/${root}/permissions`, { inherit: true, entries: [] })).json.details.rule).toBe('ownManage');
    // A user type entry reaches every user of the type.
    await f.call('clerk', 'PUT', `/documents/folders/${root}/permissions`, {
      inherit: true,
      entries: [{ principalKind: 'user', principalId: clerkEntry.principalId, level: 'manage' }, { principalKind: 'userType', principalId: await f.userTypeId('lawyer'), level: 'write' }],
    });
    const lawyerTree = folderTreeResponse.parse((await f.call('lawyer', 'GET', '/documents/folders')).json);
    expect(lawyerTree.folders.filter((x) => mine.has(x.id) || x.name === 'Şəxsi').map((x) => x.name).sort()).toEqual(['Kargüzarlıq (sınaq)', 'Şəxsi', 'Ümumi', 'Əmrlər'].sort());
  });

  it('keeps every version with its hash, diffs two text versions line by line, and refuses files and versions to who may not read them', async () => {
    const folder = await f.folder('clerk', 'Versiyalar');
    const v1 = 'Maddə 1: tərəflər\nMaddə 2: ödəniş 30 gün\nMaddə 3: müddət\n';
    const v2 = 'Maddə 1: tərəflər\nMaddə 2: ödəniş 45 gün\nMaddə 3: müddət\n';
    const created = documentDetail.parse(await f.document('clerk', folder, 'Müqavilə layihəsi', { name: 'layihe.txt', bytes: v1 }));
    const id = created.document.id;
    const fileId = await f.upload('clerk', 'layihe.txt', v2);
    const after = documentDetail.parse((await f.call('clerk', 'POST', `/documents/${id}/versions`, { fileId })).json);
    expect(after.versions.map((v) => v.versionNo)).toEqual([2, 1]);
    expect(after.versions[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(after.versions[0]!.sha256).not.toBe(after.versions[1]!.sha256);
    expect(after.versions[1]!.sizeBytes).toBe(Buffer.byteLength(v1));
    const diff = (await f.call('clerk', 'GET', `/documents/${id}/diff?from=1&to=2`)).json;
    expect(diff.lines.filter((l: { kind: string }) => l.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'Maddə 2: ödəniş 30 gün' },
      { kind: 'added', text: 'Maddə 2: ödəniş 45 gün' },
    ]);
    const old = await f.t.as(f.token.clerk, { method: 'GET', url: `/api/documents/${id}/versions/1/download` });
    expect(old.statusCode).toBe(200);
    expect(old.body).toBe(v1);
    // The lawyer holds the module but no permission on this folder: 403 for the document, its versions and its files.
    expect((await f.call('lawyer', 'GET', `/documents/${id}`)).status).toBe(403);
    expect((await f.t.as(f.token.lawyer, { method: 'GET', url: `/api/documents/${id}/versions/1/download` })).statusCode).toBe(403);
    expect((await f.call('lawyer', 'GET', `/documents/${id}/diff?from=1&to=2`)).status).toBe(403);
    expect((await f.call('lawyer', 'POST', '/global/FileServer/DownloadFile', { url: after.versions[0]!.file.url })).status).toBe(403);
    // A version cannot be removed on its own.
    expect((await f.call('clerk', 'POST', '/global/removeFile', { id: after.versions[0]!.file.id })).status).toBe(403);
    // A file already a version elsewhere is not taken again.
    expect((await f.call('clerk', 'POST', `/documents/${id}/versions`, { fileId })).json.code).toBe('fileNotAttachable');
  });

  it('routes a document for approval; approved it lists as just finished; a new version sends it back to approval', async () => {
    const folder = await f.folder('clerk', 'Marşrut');
    const doc = await f.document('clerk', folder, 'Ezamiyyət əmri', { name: 'emr.txt', bytes: 'Birinci variant\n' });
    const id = doc.document.id as number;
    const dirId = await f.userId('director');
    expect((await f.call('clerk', 'POST', `/documents/${id}/route`, { steps: [{ purpose: 'approval', userIds: [dirId], mode: 'all' }] })).status).toBe(200);
    const unfinished = documentListResponse.parse((await f.call('clerk', 'POST', '/documents/grid', { scope: 'unfinished' })).json);
    expect(unfinished.rows.find((r) => r.id === id)?.status).toBe('IN_APPROVAL');
    // The director has no permission on the folder but is on the route: he reads the document, finds it in his list, and decides on the engine.
    expect((await f.call('director', 'GET', `/documents/${id}`)).status).toBe(200);
    expect(documentListResponse.parse((await f.call('director', 'POST', '/documents/grid', { scope: 'unfinished' })).json).rows.map((r) => r.id)).toContain(id);
    expect((await f.call('lawyer', 'GET', `/documents/${id}`)).status).toBe(403);
    expect((await f.call('director', 'POST', '/approvals/decide', { recordKind: 'document', recordId: id, decision: 'approve' })).status).toBe(200);
    const finished = documentListResponse.parse((await f.call('clerk', 'POST', '/documents/grid', { scope: 'justFinished' })).json);
    expect(finished.rows.find((r) => r.id === id)).toMatchObject({ status: 'APPROVED' });
    const forInvoice = documentListResponse.parse((await f.call('clerk', 'POST', '/documents/grid', { scope: 'justFinishedForVendorInvoice' })).json);
    expect(forInvoice.rows.find((r) => r.id === id)).toBeUndefined();

    const fileId = await f.upload('clerk', 'emr.txt', 'İkinci variant\n');
    const changed = documentDetail.parse((await f.call('clerk', 'POST', `/documents/${id}/versions`, { fileId })).json);
    expect(changed.document.status).toBe('IN_APPROVAL');
    expect(changed.history.map((h) => h.action)).toEqual(expect.arrayContaining(['create', 'newVersion', 'submit', 'approve']));
    const state = (await f.call('director', 'GET', `/approvals/record/document/${id}`)).json;
    expect(state).toMatchObject({ status: 'IN_APPROVAL', round: 2, allowedDecisions: expect.arrayContaining(['approve']) });
    // Without a file a document cannot be routed.
    const empty = await f.document('clerk', folder, 'Boş sənəd');
    expect((await f.call('clerk', 'POST', `/documents/${empty.document.id}/route`, { steps: [{ purpose: 'visa', userIds: [dirId] }] })).json.code).toBe('documentHasNoFile');
  });

  it('finds documents by words of their title and file text, in any case and without Azerbaijani accents, only where the caller may read', async () => {
    const open = await f.folder('clerk', 'Axtarış açıq');
    const closed = await f.folder('clerk', 'Axtarış bağlı');
    await f.call('clerk', 'PUT', `/documents/folders/${open}/permissions`, {
      inherit: true,
      entries: [
        { principalKind: 'group', principalId: await f.groupId('İT dəstəyi'), level: 'read' },
        { principalKind: 'user', principalId: await f.userId('clerk'), level: 'manage' },
      ],
    });
    await f.document('clerk', open, 'Şəbəkə avadanlığı', { name: 'a.txt', bytes: 'Marşrutlaşdırıcı Cisco quraşdırılması' });
    await f.document('clerk', closed, 'Gizli şəbəkə planı', { name: 'b.txt', bytes: 'Marşrutlaşdırıcı parolları' });
    const search = async (as: 'clerk' | 'lead', text: string) =>
      documentListResponse.parse((await f.call(as, 'POST', '/documents/grid', { scope: 'unfinished', search: text })).json).rows.map((r) => r.title).sort();
    expect(await search('clerk', 'sebeke')).toEqual(['Gizli şəbəkə planı', 'Şəbəkə avadanlığı']);
    expect(await search('clerk', 'MARŞRUTLAŞDIRICI')).toEqual(['Gizli şəbəkə planı', 'Şəbəkə avadanlığı']);
    expect(await search('lead', 'marsrut')).toEqual(['Şəbəkə avadanlığı']);
    expect(await search('lead', 'parollari')).toEqual([]);
  });

  it('deletes to the recycle bin with who and when, restores to the original place or the root, and purges after 30 days', async () => {
    const parent = await f.folder('clerk', 'Zibil qutusu');
    const child = await f.folder('clerk', 'Köhnə', parent);
    const doc = await f.document('clerk', child, 'Silinəcək akt', { name: 'akt.txt', bytes: 'akt' });
    const id = doc.document.id as number;
    expect((await f.call('clerk', 'DELETE', `/documents/${id}`)).status).toBe(200);
    expect((await f.call('clerk', 'GET', `/documents/${id}`)).status).toBe(404);
    let bin = binResponse.parse((await f.call('clerk', 'GET', '/documents/bin/items')).json);
    expect(bin.items.find((i) => i.kind === 'document' && i.id === id)).toMatchObject({ name: 'Silinəcək akt', originalFolder: 'Köhnə', deletedBy: 'Ləman Rzayeva' });
    expect(bin.canPurge).toBe(false);
    // Someone else sees nothing of it.
    expect(binResponse.parse((await f.call('lead', 'GET', '/documents/bin/items')).json).items.some((i) => i.id === id && i.kind === 'document')).toBe(false);
    expect((await f.call('clerk', 'POST', `/documents/bin/document/${id}/restore`)).json).toEqual({ parentId: child });
    expect(documentDetail.parse((await f.call('clerk', 'GET', `/documents/${id}`)).json).document.folderId).toBe(child);

    // Its folder in the bin: the document comes back at the root.
    await f.call('clerk', 'DELETE', `/documents/${id}`);
    expect((await f.call('clerk', 'DELETE', `/documents/folders/${child}`)).status).toBe(200);
    expect(folderTreeResponse.parse((await f.call('clerk', 'GET', '/documents/folders')).json).folders.some((x) => x.id === child)).toBe(false);
    expect((await f.call('clerk', 'POST', `/documents/bin/document/${id}/restore`)).json).toEqual({ parentId: null });

    // Purge is its own permission; the job purges what is older than 30 days, once.
    expect((await f.call('clerk', 'POST', `/documents/bin/folder/${child}/purge`)).status).toBe(403);
    bin = binResponse.parse((await f.call('admin', 'GET', '/documents/bin/items')).json);
    expect(bin.canPurge).toBe(true);
    const deletedAt = new Date(bin.items.find((i) => i.kind === 'folder' && i.id === child)!.deletedAt);
    expect(await purgeExpired(f.t.app.deps, new Date(deletedAt.getTime() + 29 * 86_400_000))).toBe(0);
    expect(await purgeExpired(f.t.app.deps, new Date(deletedAt.getTime() + 31 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await f.t.app.deps.db.select().from(documentFolders).where(eq(documentFolders.id, child))).toEqual([]);
    expect((await f.t.app.deps.db.select().from(documents).where(eq(documents.id, id))).length).toBe(1);
    // The admin purges by hand.
    await f.call('clerk', 'DELETE', `/documents/${id}`);
    expect((await f.call('admin', 'POST', `/documents/bin/document/${id}/purge`)).status).toBe(200);
    expect(await f.t.app.deps.db.select().from(documents).where(eq(documents.id, id))).toEqual([]);
  });

  it('numbers registry entries per kind and year without gaps under concurrent registration, restarts each year, never reuses a void number', async () => {
    const year = registryYear(new Date());
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => f.call('clerk', 'POST', '/documents/registry/save', { kind: i % 3 === 0 ? 'incoming' : 'outgoing', subject: `Məktub ${i}` })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const numbers = results.map((r) => registryDetail.parse(r.json).entry.number);
    const seqs = (prefix: string) => numbers.filter((n) => n.startsWith(`${prefix}-${year}-`)).map((n) => Number(n.slice(-5))).sort((a, b) => a - b);
    // Consecutive after whatever the demo seed registered this year: no gap, no repeat.
    const consecutive = (list: number[]) => list.map((n) => n - list[0]!);
    expect(consecutive(seqs('IN'))).toEqual([0, 1, 2, 3]);
    expect(consecutive(seqs('OUT'))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const lastOut = registryNumber('outgoing', year, seqs('OUT').at(-1)!);

    const last = registryDetail.parse(results.find((r) => r.json.entry.number === lastOut)!.json);
    const voided = await f.call('clerk', 'POST', `/documents/registry/${last.entry.id}/void`, { reason: 'Səhvən qeydə alınıb' });
    expect(voided.json.entry).toMatchObject({ status: 'VOID', voidReason: 'Səhvən qeydə alınıb', number: lastOut });
    const next = registryDetail.parse((await f.call('clerk', 'POST', '/documents/registry/save', { kind: 'outgoing', subject: 'Sonrakı' })).json);
    expect(next.entry.number).toBe(registryNumber('outgoing', year, seqs('OUT').at(-1)! + 1));

    // Across the Baku new year: 31 Dec 23:59 local is still the old year, a minute later the new one starts at 1.
    const clerk = { id: await f.userId('clerk'), email: 'clerk@servicedesk.az', userTypeId: await f.userTypeId('clerk') };
    const before = await register(f.t.app.deps, clerk, { kind: 'internal', subject: 'İl sonu' }, new Date('2030-12-31T19:59:00Z'));
    const after = await register(f.t.app.deps, clerk, { kind: 'internal', subject: 'İl başı' }, new Date('2030-12-31T20:01:00Z'));
    const again = await register(f.t.app.deps, clerk, { kind: 'internal', subject: 'İl başı 2' }, new Date('2031-01-02T08:00:00Z'));
    expect([before.entry.number, after.entry.number, again.entry.number]).toEqual(['INT-2030-00001', 'INT-2031-00001', 'INT-2031-00002']);
  });

  it('sends every entry to the director; approve and reject are the registry callback; the list filters by kind and status', async () => {
    const entry = registryDetail.parse((await f.call('clerk', 'POST', '/documents/registry/save', { kind: 'incoming', subject: 'Nazirlikdən sorğu', correspondent: 'Nazirlik' })).json);
    expect(entry.entry.status).toBe('IN_APPROVAL');
    expect((await f.call('clerk', 'POST', `/documents/registry/${entry.entry.id}/approve`, {})).json.details.rule).toBe('ownRecord');
    expect((await f.call('director', 'POST', `/documents/registry/${entry.entry.id}/reject`, { comment: 'qısa' })).json.code).toBe('commentTooShort');
    const approved = registryDetail.parse((await f.call('director', 'POST', `/documents/registry/${entry.entry.id}/approve`, {})).json);
    expect(approved.entry.status).toBe('APPROVED');
    expect(approved.history.map((h) => h.action)).toEqual(['register', 'submit', 'start', 'approve']);
    const list = registryListResponse.parse((await f.call('clerk', 'POST', '/documents/registry/grid', { kind: 'incoming', status: 'APPROVED' })).json);
    expect(list.rows.map((r) => r.subject)).toContain('Nazirlikdən sorğu');
    expect(list.rows.every((r) => r.kind === 'incoming' && r.status === 'APPROVED')).toBe(true);
    expect((await f.call('lead', 'POST', '/documents/registry/grid', {})).status).toBe(403);
  });

  it('offers approve and reject only to the pending director, never to the entry\'s author; void to the clerk until voided', async () => {
    const entry = registryDetail.parse((await f.call('clerk', 'POST', '/documents/registry/save', { kind: 'incoming', subject: 'Müəllifin öz sorğusu' })).json);
    // The author (who also holds documents.registry.approve) is refused with ownRecord, so is offered no decision.
    expect(entry.allowedActions).toEqual(['void']);
    expect((await f.call('clerk', 'POST', `/documents/registry/${entry.entry.id}/approve`, {})).json.details.rule).toBe('ownRecord');
    const asDirector = registryDetail.parse((await f.call('director', 'GET', `/documents/registry/${entry.entry.id}`)).json);
    expect(asDirector.allowedActions).toEqual(expect.arrayContaining(['approve', 'reject']));
    const voided = registryDetail.parse((await f.call('clerk', 'POST', `/documents/registry/${entry.entry.id}/void`, { reason: 'Səhvən qeydə alınıb' })).json);
    expect(voided.allowedActions).toEqual([]);
    expect(registryDetail.parse((await f.call('director', 'GET', `/documents/registry/${entry.entry.id}`)).json).allowedActions).not.toContain('approve');
  });

  it('shows a voided entry\'s director step as skipped, no longer pending', async () => {
    const entry = registryDetail.parse((await f.call('clerk', 'POST', '/documents/registry/save', { kind: 'outgoing', subject: 'Ləğv olunacaq' })).json);
    const before = approvalState.parse((await f.call('clerk', 'GET', `/approvals/record/registryEntry/${entry.entry.id}`)).json);
    expect(before.steps.map((s) => s.status)).toEqual(['PENDING']);
    await f.call('clerk', 'POST', `/documents/registry/${entry.entry.id}/void`, { reason: 'Səhvən qeydə alınıb' });
    const after = approvalState.parse((await f.call('director', 'GET', `/approvals/record/registryEntry/${entry.entry.id}`)).json);
    expect(after.status).toBe('CANCELLED');
    expect(after.steps.map((s) => s.status)).toEqual(['SKIPPED']);
    expect(after.allowedDecisions).toEqual([]);
  });

  it('links a registry entry to a document the clerk may read; the document shows its number', async () => {
    const folder = await f.folder('clerk', 'Qeydiyyat');
    const doc = await f.document('clerk', folder, 'Cavab məktubu', { name: 'cavab.txt', bytes: 'cavab' });
    const entry = registryDetail.parse((await f.call('clerk', 'POST', '/documents/registry/save', { kind: 'outgoing', subject: 'Cavab', documentId: doc.document.id })).json);
    expect(entry.entry.documentTitle).toBe('Cavab məktubu');
    const detail = documentDetail.parse((await f.call('clerk', 'GET', `/documents/${doc.document.id}`)).json);
    expect(detail.registryEntries.map((r) => r.number)).toEqual([entry.entry.number]);
    expect(detail.document.registryNumber).toBe(entry.entry.number);
    // The director reads the registry but not the folder: no title.
    expect(registryDetail.parse((await f.call('director', 'GET', `/documents/registry/${entry.entry.id}`)).json).entry.documentTitle).toBeNull();
  });
});
