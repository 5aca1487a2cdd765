import { count, inArray } from 'drizzle-orm';
import { registryNumber, type RegistryKind } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { documentFolderPermissions, documentFolders, documents, groups, registryEntries, userTypes, users } from '../../db/schema';
import { openApproval, submitInTx } from '../../lib/approvals/engine';
import { approvalKindOf } from '../../lib/approvals/registry';
import { appendHistory } from '../../lib/records/history';
import { DOCUMENT_KIND, REGISTRY_KIND } from './documents.kind';
import { nextSeq, registerRegistryKind, registryYear } from './documents.registry';
import { registerDocumentKinds } from './documents.service';
import { searchColumns } from './documents.snippet';

/*
 * Demo data of document circulation (DOMAIN.md "Demo data", issue #15): a folder tree of the
 * clerk's with permissions of every kind (a user, a user type, a group; one folder breaking
 * inheritance), documents in every list (drafts, in approval on the engine, just finished — one
 * for a vendor invoice), and registry entries of the three kinds in every status. Written once
 * (nothing when a folder exists). Documents carry no files here: the seed has no file store; a
 * version is one upload away in the app.
 */

const tree: { name: string; children?: string[]; inherit?: boolean }[] = [
  { name: 'Kargüzarlıq', children: ['Daxil olan məktublar', 'Çıxan məktublar', 'Əmrlər'] },
  { name: 'İT sənədləri', children: ['Təlimatlar'] },
  { name: 'Maliyyə sənədləri', children: ['Hesab-fakturalar'] },
];

/** Documents in the demo's languages: title, folder, type (specodes documentType), status, for a vendor invoice. */
const docs: { title: string; folder: string; type: string; status: 'DRAFT' | 'IN_APPROVAL' | 'APPROVED' | 'REJECTED'; forVendorInvoice?: boolean }[] = [
  { title: 'Nazirliyə cavab məktubu', folder: 'Çıxan məktublar', type: 'letter', status: 'DRAFT' },
  { title: 'Письмо поставщику о сроках поставки', folder: 'Çıxan məktublar', type: 'letter', status: 'IN_APPROVAL' },
  { title: 'Ezamiyyət haqqında əmr', folder: 'Əmrlər', type: 'order', status: 'APPROVED' },
  { title: 'Order on the annual leave schedule', folder: 'Əmrlər', type: 'order', status: 'IN_APPROVAL' },
  { title: 'Vergi idarəsindən sorğu', folder: 'Daxil olan məktublar', type: 'letter', status: 'DRAFT' },
  { title: 'VPN bağlantısı təlimatı', folder: 'Təlimatlar', type: 'memo', status: 'APPROVED' },
  { title: 'Yazıcıların təhvil-təslim aktı', folder: 'İT sənədləri', type: 'act', status: 'REJECTED' },
  { title: 'Ofis mebeli üçün hesab-faktura aktı', folder: 'Hesab-fakturalar', type: 'act', status: 'APPROVED', forVendorInvoice: true },
  { title: 'Kırtasiye alımı için fatura tutanağı', folder: 'Hesab-fakturalar', type: 'act', status: 'IN_APPROVAL', forVendorInvoice: true },
];

const registry: { kind: RegistryKind; subject: string; correspondent: string; status: 'IN_APPROVAL' | 'APPROVED' | 'REJECTED' | 'VOID' }[] = [
  { kind: 'incoming', subject: 'Vergi idarəsindən sorğu', correspondent: 'Dövlət Vergi Xidməti', status: 'APPROVED' },
  { kind: 'incoming', subject: 'Запрос банка о реквизитах', correspondent: 'Kapital Bank', status: 'IN_APPROVAL' },
  { kind: 'outgoing', subject: 'Nazirliyə cavab məktubu', correspondent: 'İqtisadiyyat Nazirliyi', status: 'APPROVED' },
  { kind: 'outgoing', subject: 'Tedarikçiye teslim süresi yazısı', correspondent: 'Anadolu Ofis Ltd.', status: 'REJECTED' },
  { kind: 'outgoing', subject: 'Letter to the auditors', correspondent: 'Baku Audit LLC', status: 'VOID' },
  { kind: 'internal', subject: 'Ezamiyyət haqqında əmr', correspondent: '', status: 'IN_APPROVAL' },
];

/** Writes the demo folders, documents and registry entries once (see the module comment). */
export async function seedDocuments(tx: Db, now = new Date()): Promise<void> {
  const [existing] = await tx.select({ n: count() }).from(documentFolders);
  if ((existing?.n ?? 0) > 0) return;
  // The seed runs before the routes register the kinds (db/prepare.ts); registering here is the same registration.
  if (!approvalKindOf(DOCUMENT_KIND)) registerDocumentKinds();
  if (!approvalKindOf(REGISTRY_KIND)) registerRegistryKind();
  const people = new Map(
    (await tx.select({ id: users.id, email: users.email, userTypeId: users.userTypeId }).from(users).where(inArray(users.email, ['clerk@servicedesk.az', 'director@servicedesk.az', 'lawyer@servicedesk.az']))).map((u) => [u.email, u]),
  );
  const clerk = people.get('clerk@servicedesk.az');
  const director = people.get('director@servicedesk.az');
  if (!clerk || !director) return;
  const groupIds = new Map((await tx.select({ id: groups.id, name: groups.name }).from(groups)).map((g) => [g.name, g.id]));
  const typeIds = new Map((await tx.select({ id: userTypes.id, key: userTypes.key }).from(userTypes)).map((t) => [t.key, t.id]));

  const folderIds = new Map<string, number>();
  for (const root of tree) {
    const [row] = await tx.insert(documentFolders).values({ name: root.name, createdBy: clerk.id }).returning({ id: documentFolders.id });
    folderIds.set(root.name, row!.id);
    for (const child of root.children ?? []) {
      const [c] = await tx.insert(documentFolders).values({ name: child, parentId: row!.id, createdBy: clerk.id }).returning({ id: documentFolders.id });
      folderIds.set(child, c!.id);
    }
  }
  const [secret] = await tx.insert(documentFolders).values({ name: 'Məxfi', parentId: folderIds.get('Kargüzarlıq')!, inherit: false, createdBy: clerk.id }).returning({ id: documentFolders.id });
  const entry = (folder: string | number, principalKind: 'user' | 'userType' | 'group', principalId: number | undefined, level: 'read' | 'write' | 'manage') =>
    principalId === undefined ? [] : [{ folderId: typeof folder === 'number' ? folder : folderIds.get(folder)!, principalKind, principalId, level }];
  await tx.insert(documentFolderPermissions).values([
    ...tree.flatMap((root) => entry(root.name, 'user', clerk.id, 'manage')),
    ...entry(secret!.id, 'user', clerk.id, 'manage'),
    ...entry('Kargüzarlıq', 'userType', typeIds.get('lawyer'), 'write'),
    ...entry('Kargüzarlıq', 'userType', typeIds.get('director'), 'read'),
    ...entry('İT sənədləri', 'group', groupIds.get('İT dəstəyi'), 'read'),
    ...entry('Maliyyə sənədləri', 'group', groupIds.get('Maliyyə'), 'write'),
  ]);

  const clerkUser = { id: clerk.id, email: clerk.email, userTypeId: clerk.userTypeId };
  for (const [index, doc] of docs.entries()) {
    const createdAt = new Date(now.getTime() - (docs.length - index) * 86_400_000);
    const finished = doc.status === 'APPROVED' || doc.status === 'REJECTED';
    const [row] = await tx
      .insert(documents)
      .values({
        folderId: folderIds.get(doc.folder)!,
        title: doc.title,
        typeCode: doc.type,
        forVendorInvoice: doc.forVendorInvoice ?? false,
        status: finished ? doc.status : 'DRAFT',
        finishedAt: finished ? new Date(createdAt.getTime() + 3_600_000) : null,
        ...searchColumns(doc.title, null),
        route: doc.status === 'DRAFT' ? null : [{ purpose: 'approval', userIds: [director.id], mode: 'all' }],
        createdBy: clerk.id,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: documents.id });
    const id = row!.id;
    await appendHistory(tx, [{ recordKind: DOCUMENT_KIND, recordId: id, action: 'create', toStatus: 'DRAFT', actorId: clerk.id, createdAt }]);
    if (doc.status === 'IN_APPROVAL') {
      await openApproval(tx, { recordKind: DOCUMENT_KIND, recordId: id, authorId: clerk.id, title: doc.title, url: `/home/documents/circulation/${id}`, now: createdAt });
      await submitInTx(tx, clerkUser, DOCUMENT_KIND, id, createdAt);
    } else if (finished) {
      await appendHistory(tx, [{ recordKind: DOCUMENT_KIND, recordId: id, action: doc.status === 'APPROVED' ? 'approve' : 'reject', fromStatus: 'IN_APPROVAL', toStatus: doc.status, actorId: director.id, createdAt: new Date(createdAt.getTime() + 3_600_000) }]);
    }
  }

  const year = registryYear(now);
  for (const [index, r] of registry.entries()) {
    const createdAt = new Date(now.getTime() - (registry.length - index) * 43_200_000);
    const seq = await nextSeq(tx, r.kind, year);
    const number = registryNumber(r.kind, year, seq);
    const [row] = await tx
      .insert(registryEntries)
      .values({ kind: r.kind, year, seq, number, subject: r.subject, correspondent: r.correspondent, status: r.status === 'IN_APPROVAL' ? 'IN_APPROVAL' : r.status, voidReason: r.status === 'VOID' ? 'Səhvən qeydə alınıb, təkrar nömrə' : null, createdBy: clerk.id, createdAt, updatedAt: createdAt })
      .returning({ id: registryEntries.id });
    const id = row!.id;
    await appendHistory(tx, [{ recordKind: REGISTRY_KIND, recordId: id, action: 'register', toStatus: 'DRAFT', actorId: clerk.id, details: { number }, createdAt }]);
    if (r.status === 'IN_APPROVAL') {
      await openApproval(tx, { recordKind: REGISTRY_KIND, recordId: id, authorId: clerk.id, title: r.subject, number, url: `/home/documents/registry/${id}`, now: createdAt });
      await submitInTx(tx, clerkUser, REGISTRY_KIND, id, createdAt);
    } else {
      await appendHistory(tx, [
        { recordKind: REGISTRY_KIND, recordId: id, action: r.status === 'VOID' ? 'void' : r.status === 'APPROVED' ? 'approve' : 'reject', fromStatus: 'IN_APPROVAL', toStatus: r.status, actorId: r.status === 'VOID' ? clerk.id : director.id, createdAt },
      ]);
    }
  }
}
