import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { documentListResponse } from '@servicedesk/contracts';
import { documents, groupMembers } from '../../db/schema';
import { publishRecordChange } from '../../hub/record-presence';
import { backends, createTestApp } from '../../../test/helpers';
import { DOCUMENT_FOLDERS_CHANGE_KIND } from './documents.kind';
import { documentsFixture, type DocumentsFixture, type Person } from './documents.test-support';

/*
 * The documents grid's page cache (documents.routes.ts, lib/lists/list-cache.ts): a page asked
 * again comes from memory — but only for the same readable folders: a changed permission, group or
 * folder never serves a page computed for what the caller could read before. A title is changed
 * behind the API's back to see which answer is served.
 */
describe.each(backends)('documents grid cache (%s)', (backend) => {
  let f: DocumentsFixture;
  let shared: number;
  let sharedDoc: number;
  let group: number;

  beforeAll(async () => {
    f = await documentsFixture(await createTestApp(backend));
    group = await f.groupId('İT dəstəyi');
    shared = await f.folder('clerk', 'Keş paylaşılan');
    await setGroupRead(shared, true);
    sharedDoc = (await f.document('clerk', shared, 'Keşsöz paylaşılan')).document.id;
    await f.document('clerk', await f.folder('clerk', 'Keş gizli'), 'Keşsöz gizli');
  });
  afterAll(async () => {
    await f?.t.close();
  });

  /** The clerk gives (or takes away) the İT dəstəyi group's read on `folder`. */
  async function setGroupRead(folder: number, read: boolean): Promise<void> {
    const entries = [
      { principalKind: 'user', principalId: await f.userId('clerk'), level: 'manage' },
      ...(read ? [{ principalKind: 'group', principalId: group, level: 'read' }] : []),
    ];
    expect((await f.call('clerk', 'PUT', `/documents/folders/${folder}/permissions`, { inherit: true, entries })).status).toBe(200);
  }
  /** The titles (and folder names) `who` finds for "Keşsöz" in the unfinished list. */
  async function found(who: Person): Promise<string[]> {
    const res = await f.call(who, 'POST', '/documents/grid', { scope: 'unfinished', search: 'Keşsöz' });
    expect(res.status).toBe(200);
    return documentListResponse
      .parse(res.json)
      .rows.map((r) => `${r.title} / ${r.folderName}`)
      .sort();
  }
  const retitleBehindTheApi = (title: string) => f.t.app.deps.db.update(documents).set({ title }).where(eq(documents.id, sharedDoc));

  it('serves a page again from memory until a document, a folder or a registry entry changes, here or on another instance', async () => {
    expect(await found('lead')).toEqual(['Keşsöz paylaşılan / Keş paylaşılan']);
    await retitleBehindTheApi('Keşsöz dəyişdi');
    expect(await found('lead')).toEqual(['Keşsöz paylaşılan / Keş paylaşılan']);
    // A document saved through the API drops the pages.
    const other = await f.document('clerk', shared, 'Keşsöz ikinci');
    expect(await found('lead')).toEqual(['Keşsöz dəyişdi / Keş paylaşılan', 'Keşsöz ikinci / Keş paylaşılan']);

    // A folder renamed: the rows show its name.
    expect((await f.call('clerk', 'PUT', `/documents/folders/${shared}`, { name: 'Keş adı dəyişdi' })).status).toBe(200);
    expect(await found('lead')).toEqual(['Keşsöz dəyişdi / Keş adı dəyişdi', 'Keşsöz ikinci / Keş adı dəyişdi']);

    // Deleted to the bin and restored: gone, then back.
    expect((await f.call('clerk', 'DELETE', `/documents/${other.document.id}`)).status).toBe(200);
    expect(await found('lead')).toEqual(['Keşsöz dəyişdi / Keş adı dəyişdi']);
    await retitleBehindTheApi('Keşsöz yenə');
    expect((await f.call('clerk', 'POST', `/documents/bin/document/${other.document.id}/restore`)).status).toBe(200);
    expect(await found('lead')).toEqual(['Keşsöz ikinci / Keş adı dəyişdi', 'Keşsöz yenə / Keş adı dəyişdi']);

    // Another instance's change reaches this one as the same announcement (the hub's cluster).
    await retitleBehindTheApi('Keşsöz başqa');
    expect(await found('lead')).toEqual(['Keşsöz ikinci / Keş adı dəyişdi', 'Keşsöz yenə / Keş adı dəyişdi']);
    await publishRecordChange(f.t.app.deps, DOCUMENT_FOLDERS_CHANGE_KIND, shared);
    expect(await found('lead')).toEqual(['Keşsöz başqa / Keş adı dəyişdi', 'Keşsöz ikinci / Keş adı dəyişdi']);

    // A registry entry linked to the document: the rows show its number.
    const registered = await f.call('clerk', 'POST', '/documents/registry/save', { kind: 'outgoing', subject: 'Keş', documentId: null });
    expect(registered.status).toBe(200);
    const numbers = async () => {
      const res = await f.call('clerk', 'POST', '/documents/grid', { scope: 'unfinished', search: 'Keşsöz' });
      return documentListResponse.parse(res.json).rows.map((r) => r.registryNumber);
    };
    expect(await numbers()).toEqual([null, null, null]);
    expect((await f.call('clerk', 'POST', `/documents/registry/${registered.json.entry.id}/link`, { documentId: sharedDoc })).status).toBe(200);
    expect((await numbers()).filter(Boolean)).toEqual([registered.json.entry.number]);
  });

  it('never answers with a page of folders the caller may no longer read — nor withholds one they may now read', async () => {
    const before = await found('lead');
    expect(before.length).toBeGreaterThan(0);
    expect(await found('clerk')).toEqual([...before, 'Keşsöz gizli / Keş gizli'].sort());

    // The permission taken away: the lead's next search finds nothing, the clerk's is unchanged.
    await setGroupRead(shared, false);
    expect(await found('lead')).toEqual([]);
    expect(await found('clerk')).toEqual([...before, 'Keşsöz gizli / Keş gizli'].sort());
    await setGroupRead(shared, true);
    expect(await found('lead')).toEqual(before);

    // Out of the group behind the API's back — no announcement at all: what he may read is worked
    // out on every call and is part of the page's key, so the cached page is not his any more.
    const member = and(eq(groupMembers.groupId, group), eq(groupMembers.userId, await f.userId('lead')));
    const [membership] = await f.t.app.deps.db.select().from(groupMembers).where(member);
    expect(membership).toBeDefined();
    await f.t.app.deps.db.delete(groupMembers).where(member);
    expect(await found('lead')).toEqual([]);
    await f.t.app.deps.db.insert(groupMembers).values(membership!);
    expect(await found('lead')).toEqual(before);

    // The folder deleted to the bin: its documents with it.
    expect((await f.call('clerk', 'DELETE', `/documents/folders/${shared}`)).status).toBe(200);
    expect(await found('lead')).toEqual([]);
    expect(await found('clerk')).toEqual(['Keşsöz gizli / Keş gizli']);
  });
});
