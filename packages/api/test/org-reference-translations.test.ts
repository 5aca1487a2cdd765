import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@servicedesk/api/client';
import { createHandlers } from '@servicedesk/api/handlers';
import { getOrgItems } from '@servicedesk/api/admin/org/get-org-items';
import { activateOrgElement, createOrgItem, deactivateOrgElement, renameOrgItem } from '@servicedesk/api/admin/org/save-org-item';
import { getGroup, getGroups } from '@servicedesk/api/admin/org/get-groups';
import { createGroup, updateGroup } from '@servicedesk/api/admin/org/save-group';
import { getModalElements } from '@servicedesk/api/modalElements/get-modal-elements';
import {
  activateModalElement,
  createModalElement,
  removeModalElement,
  updateModalElement,
} from '@servicedesk/api/modalElements/save-modal-element';
import { getTranslationHistory, getTranslations } from '@servicedesk/api/translations/get-translations';
import { resetTranslation, setTranslation } from '@servicedesk/api/translations/set-translation';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => server.resetHandlers(...createHandlers()));
afterEach(() => vi.restoreAllMocks());
afterAll(() => server.close());

const api = createApiClient({ baseUrl: 'http://api.test/api', getToken: () => 'token' });
const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => {});

describe('organisation calls', () => {
  it('creates, renames, deactivates with a reason and activates a position', async () => {
    quiet();
    const created = await createOrgItem(api, 'positions', { name: 'Hüquqşünas' });
    expect(created).toMatchObject({ name: 'Hüquqşünas', isActive: true, userCount: 0 });
    await expect(createOrgItem(api, 'positions', { name: 'hüquqşünas ' })).rejects.toMatchObject({ status: 409, code: 'nameTaken' });
    expect((await renameOrgItem(api, 'positions', created.id, { name: 'Baş hüquqşünas' })).name).toBe('Baş hüquqşünas');

    await expect(deactivateOrgElement(api, 'positions', created.id, 'qısa')).rejects.toMatchObject({ status: 400 });
    await deactivateOrgElement(api, 'positions', created.id, 'Vəzifə ləğv olundu');
    expect((await getOrgItems(api, 'positions')).map((p) => p.id)).not.toContain(created.id);
    expect((await getOrgItems(api, 'positions', true)).find((p) => p.id === created.id)?.isActive).toBe(false);
    await activateOrgElement(api, 'positions', created.id);
    expect((await getOrgItems(api, 'positions')).map((p) => p.id)).toContain(created.id);
  });

  it('saves a group with one lead and refuses two', async () => {
    quiet();
    const group = await createGroup(api, { name: 'Hüquq', members: [{ userId: 3, isLead: false }, { userId: 1, isLead: true }] });
    expect(group).toMatchObject({ leadUserId: 1, memberCount: 2 });
    expect(group.members[0]?.isLead).toBe(true);
    await expect(
      updateGroup(api, group.id, { name: 'Hüquq', members: [{ userId: 3, isLead: true }, { userId: 1, isLead: true }] }),
    ).rejects.toMatchObject({ status: 400, code: 'validationError' });
    const moved = await updateGroup(api, group.id, { name: 'Hüquq', members: [{ userId: 3, isLead: true }] });
    expect(moved.leadName).toBe('Günel Həsənova');
    expect((await getGroup(api, group.id)).members).toHaveLength(1);
    expect((await getGroups(api)).map((g) => g.name)).toContain('Hüquq');
  });
});

describe('modal element calls', () => {
  it('lists, creates, updates, removes and activates a vendor', async () => {
    quiet();
    const vendor = await createModalElement(api, { modalElement: 'vendor', name: 'Yeni MMC', tin: '1234567890' });
    await expect(createModalElement(api, { modalElement: 'vendor', name: 'YENİ mmc' })).rejects.toMatchObject({ code: 'duplicateName' });
    await expect(createModalElement(api, { modalElement: 'tag', name: 'X', tin: '1234567890' })).rejects.toMatchObject({ status: 400 });
    expect((await updateModalElement(api, { id: vendor.id, modalElement: 'vendor', name: 'Yeni MMC', phone: '+994 50 000 00 00' })).phone).toBe(
      '+994 50 000 00 00',
    );
    await removeModalElement(api, { id: vendor.id, modalElement: 'vendor' });
    expect((await getModalElements(api, 'vendor')).map((v) => v.id)).not.toContain(vendor.id);
    expect((await getModalElements(api, 'vendor', true)).map((v) => v.id)).toContain(vendor.id);
    expect((await activateModalElement(api, { id: vendor.id, modalElement: 'vendor' })).isActive).toBe(true);
  });
});

describe('translation calls', () => {
  it('searches accent-insensitively, overrides a key, checks placeholders and resets', async () => {
    quiet();
    const found = await getTranslations(api, { lang: 'az', search: 'IDARE' });
    expect(found.rows.map((r) => r.key)).toEqual(['menu.dashboard']);
    const row = await setTranslation(api, { lang: 'az', key: 'menu.dashboard', value: 'Əsas səhifə' });
    expect(row).toMatchObject({ override: 'Əsas səhifə', value: 'Əsas səhifə', shipped: 'İdarə paneli' });
    await expect(
      setTranslation(api, { lang: 'az', key: 'sessionWillExpireInSeconds', value: 'Tezliklə bitəcək' }),
    ).rejects.toMatchObject({ status: 422, code: 'placeholderMismatch', details: { expected: ['seconds'], actual: [] } });
    expect((await getTranslations(api, { lang: 'az', overriddenOnly: true })).rows.map((r) => r.key)).toEqual(['menu.dashboard']);
    expect((await resetTranslation(api, { lang: 'az', key: 'menu.dashboard' })).value).toBe('İdarə paneli');
    const changes = await getTranslationHistory(api, 'az', 'menu.dashboard');
    expect(changes.map((c) => c.value)).toEqual([null, 'Əsas səhifə']);
  });
});
