import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ModalElement } from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { registerModalElementUsage } from './modalElements.service';

describe.each(backends)('modal elements on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let employee: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    [admin, employee] = await Promise.all([t.login('admin@servicedesk.az'), t.login('employee@servicedesk.az')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (token: string, name: string, payload: Record<string, unknown>) =>
    t.as(token, { method: 'POST', url: `/api/global/${name}`, payload });
  const create = async (payload: Record<string, unknown>) => {
    const res = await call(admin, 'createModalElement', payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ModalElement>();
  };
  const list = async (token: string, kind: string, includeInactive = false) => {
    const res = await t.as(token, { method: 'GET', url: `/api/global/getModalElements/${kind}${includeInactive ? '?includeInactive=true' : ''}` });
    return res;
  };
  const names = async (kind: string, includeInactive = false) =>
    (await list(admin, kind, includeInactive)).json<ModalElement[]>().map((e) => e.name);

  it('starts with the demo lists', async () => {
    expect(await names('vendor')).toEqual(expect.arrayContaining(['Kompüter Mərkəzi MMC', 'Baku Electronics']));
    expect(await names('contractor')).toContain('Abşeron Tikinti MMC');
    expect(await names('tag')).toContain('Vacib');
    expect(await names('documentDestination')).toContain('Baş ofis');
  });

  it('finds elements for a picker by a part of the name, ignoring case and accents, or by the start of the TIN', async () => {
    const search = async (kind: string, q: string) =>
      (await t.as(employee, { method: 'GET', url: `/api/global/getModalElements/${kind}?search=${encodeURIComponent(q)}` }))
        .json<ModalElement[]>()
        .map((e) => e.name);
    expect(await search('vendor', 'KOMPUTER merk')).toEqual(['Kompüter Mərkəzi MMC']);
    expect(await search('vendor', '140012345')).toEqual(expect.arrayContaining(['Kompüter Mərkəzi MMC', 'Ofis Təchizat ASC', 'Baku Electronics']));
    expect(await search('vendor', '%')).toEqual([]);
    expect(await search('contractor', 'Kompüter')).toEqual([]);
  });

  it('lets a reference-list manager create, rename and list elements; everyone signed in reads the active ones', async () => {
    const vendor = await create({ modalElement: 'vendor', name: '  Azərsun   Holdinq  ', tin: '1234567890', phone: '+994 12 555 00 00' });
    expect(vendor).toMatchObject({
      modalElement: 'vendor',
      name: 'Azərsun Holdinq',
      tin: '1234567890',
      phone: '+994 12 555 00 00',
      address: null,
      isActive: true,
      createdBy: expect.stringMatching(/\S/),
    });
    const tag = await create({ modalElement: 'tag', name: 'Təcili' });
    expect(tag.tin).toBeNull();

    const seen = await list(employee, 'vendor');
    expect(seen.statusCode).toBe(200);
    expect(seen.json<ModalElement[]>().map((e) => e.id)).toContain(vendor.id);
    expect(await names('tag')).toContain('Təcili');

    const renamed = await call(admin, 'updateModalElement', { modalElement: 'vendor', id: vendor.id, name: 'Azərsun Holding' });
    expect(renamed.statusCode).toBe(200);
    // Fields left out keep their value; null clears.
    expect(renamed.json<ModalElement>()).toMatchObject({ name: 'Azərsun Holding', tin: '1234567890', phone: '+994 12 555 00 00' });
    const cleared = await call(admin, 'updateModalElement', { modalElement: 'vendor', id: vendor.id, name: 'Azərsun Holding', phone: null });
    expect(cleared.json<ModalElement>()).toMatchObject({ phone: null, tin: '1234567890' });
    // The id must belong to the named list.
    expect((await call(admin, 'updateModalElement', { modalElement: 'contractor', id: vendor.id, name: 'X' })).statusCode).toBe(404);
  });

  it('refuses every write to a user type without the management action', async () => {
    const tag = await create({ modalElement: 'tag', name: 'Employee cannot touch' });
    for (const [name, payload] of [
      ['createModalElement', { modalElement: 'tag', name: 'Mine' }],
      ['updateModalElement', { modalElement: 'tag', id: tag.id, name: 'Renamed' }],
      ['removeModalElement', { modalElement: 'tag', id: tag.id }],
      ['activateModalElement', { modalElement: 'tag', id: tag.id }],
    ] as const) {
      const res = await call(employee, name, payload);
      expect(res.statusCode, name).toBe(403);
      expect(res.json<ApiError>().code).toBe('forbidden');
    }
    expect(await names('tag')).toContain('Employee cannot touch');
    expect(await names('tag')).not.toContain('Mine');
    expect((await list(employee, 'tag', true)).statusCode).toBe(403);
  });

  it('refuses a name already in the list, ignoring case and Azerbaijani accents, but not in another list', async () => {
    await create({ modalElement: 'documentDestination', name: 'Şəki filialı' });
    const dup = await call(admin, 'createModalElement', { modalElement: 'documentDestination', name: 'SEKI FİLİALI' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json<ApiError>()).toMatchObject({ code: 'duplicateName', message: expect.stringContaining('Şəki filialı') });
    expect((await call(admin, 'createModalElement', { modalElement: 'tag', name: 'Şəki filialı' })).statusCode).toBe(200);
    const other = await create({ modalElement: 'documentDestination', name: 'Gəncə filialı' });
    const rename = await call(admin, 'updateModalElement', { modalElement: 'documentDestination', id: other.id, name: 'şəki Filialı' });
    expect(rename.json<ApiError>().code).toBe('duplicateName');
    // Renaming an element to its own name in other letters is fine.
    expect((await call(admin, 'updateModalElement', { modalElement: 'documentDestination', id: other.id, name: 'GƏNCƏ FİLİALI' })).statusCode).toBe(200);
  });

  it('checks the TIN: 10 digits, unique across vendors and contractors, counterparties only', async () => {
    for (const tin of ['12345', '12345678901', '12345abcde']) {
      const res = await call(admin, 'createModalElement', { modalElement: 'contractor', name: `Bad TIN ${tin}`, tin });
      expect(res.statusCode, tin).toBe(400);
      expect(res.json<ApiError>().code).toBe('validationError');
    }
    await create({ modalElement: 'contractor', name: 'Bakı Tikinti', tin: '9900112233' });
    const dup = await call(admin, 'createModalElement', { modalElement: 'vendor', name: 'Another company', tin: '9900112233' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json<ApiError>()).toMatchObject({ code: 'duplicateTin', details: { modalElement: 'contractor', name: 'Bakı Tikinti' } });
    const tagWithTin = await call(admin, 'createModalElement', { modalElement: 'tag', name: 'Taxed', tin: '1111111111' });
    expect(tagWithTin.statusCode).toBe(400);
  });

  it('removes softly, lists removed ones only on request, and activates them again', async () => {
    const dest = await create({ modalElement: 'documentDestination', name: 'Arxiv' });
    const removed = await call(admin, 'removeModalElement', { modalElement: 'documentDestination', id: dest.id });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<ModalElement>()).toMatchObject({ id: dest.id, isActive: false });
    expect(await names('documentDestination')).not.toContain('Arxiv');
    expect(await names('documentDestination', true)).toContain('Arxiv');
    // A removed name is still taken: activate it instead of creating a twin.
    expect((await call(admin, 'createModalElement', { modalElement: 'documentDestination', name: 'arxiv' })).json<ApiError>().code).toBe('duplicateName');
    const back = await call(admin, 'activateModalElement', { modalElement: 'documentDestination', id: dest.id });
    expect(back.json<ModalElement>()).toMatchObject({ id: dest.id, isActive: true });
    expect(await names('documentDestination')).toContain('Arxiv');
    expect((await call(admin, 'removeModalElement', { modalElement: 'documentDestination', id: 999999 })).statusCode).toBe(404);
  });

  it('refuses to remove an element that records still use (422), naming how many', async () => {
    const tag = await create({ modalElement: 'tag', name: 'In use' });
    registerModalElementUsage('tag', 'testRecords', async (_deps, id) => (id === tag.id ? 2 : 0));
    const res = await call(admin, 'removeModalElement', { modalElement: 'tag', id: tag.id });
    expect(res.statusCode).toBe(422);
    expect(res.json<ApiError>()).toMatchObject({ code: 'elementInUse', details: { count: 2, sources: { testRecords: 2 } } });
    expect(await names('tag')).toContain('In use');
    const free = await create({ modalElement: 'tag', name: 'Not used' });
    expect((await call(admin, 'removeModalElement', { modalElement: 'tag', id: free.id })).statusCode).toBe(200);
  });
});
