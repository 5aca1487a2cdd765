import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentListResponse, folderTreeResponse, registryListResponse } from '@servicedesk/contracts';
import { backends, createTestApp } from '../../../test/helpers';
import { documentsFixture, type DocumentsFixture } from './documents.test-support';
import { seedDocuments } from './documents.seed';

describe.each(backends)('documents demo data (%s)', (backend) => {
  let f: DocumentsFixture;
  beforeAll(async () => {
    f = await documentsFixture(await createTestApp(backend));
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it('gives the clerk a folder tree, every circulation list and every registry status; the IT lead sees only the IT folders', async () => {
    const tree = folderTreeResponse.parse((await f.call('clerk', 'GET', '/documents/folders')).json);
    expect(tree.folders.length).toBeGreaterThanOrEqual(8);
    for (const scope of ['unfinished', 'justFinished', 'justFinishedForVendorInvoice'] as const) {
      expect(documentListResponse.parse((await f.call('clerk', 'POST', '/documents/grid', { scope })).json).total, scope).toBeGreaterThan(0);
    }
    const statuses = new Set(registryListResponse.parse((await f.call('clerk', 'POST', '/documents/registry/grid', {})).json).rows.map((r) => r.status));
    expect([...statuses].sort()).toEqual(['APPROVED', 'IN_APPROVAL', 'REJECTED', 'VOID']);
    const lead = folderTreeResponse.parse((await f.call('lead', 'GET', '/documents/folders')).json);
    expect(lead.folders.map((x) => x.name).sort()).toEqual(['Təlimatlar', 'İT sənədləri']);
    // The director waits on the routed documents and registry entries in my approvals.
    const mine = (await f.call('director', 'POST', '/approvals/mine', { skip: 0, take: 100 })).json;
    expect(JSON.stringify(mine)).toContain('registryEntry');
    expect(JSON.stringify(mine)).toContain('"document"');
  });

  it('writes nothing again on a second run', async () => {
    const before = folderTreeResponse.parse((await f.call('clerk', 'GET', '/documents/folders')).json).folders.length;
    await f.t.app.deps.db.transaction((tx) => seedDocuments(tx));
    expect(folderTreeResponse.parse((await f.call('clerk', 'GET', '/documents/folders')).json).folders.length).toBe(before);
  });
});
