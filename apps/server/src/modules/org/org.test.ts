import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminAuditEntry, AdminUsersPage, ApiError, ExplainResult, GroupDetail, GroupRow, OrgItem } from '@servicedesk/contracts';
import { groupMembers } from '../../db/schema';
import * as access from '../../lib/access';
import { IT_SUPPORT_GROUP } from '../../seed/catalog';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';

describe.each(backends)('organisation, explainer and audit on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let employee: string;
  const ids = new Map<string, number>();
  beforeAll(async () => {
    t = await createTestApp(backend);
    [admin, employee] = await Promise.all([t.login('admin@servicedesk.az'), t.login('employee@servicedesk.az')]);
    const page = (await t.as(admin, { method: 'POST', url: '/api/admin/users/list', payload: { take: 200 } })).json<AdminUsersPage>();
    for (const u of page.items) ids.set(u.email.split('@')[0]!, u.id);
  });
  afterAll(async () => {
    await t?.close();
  });
  const id = (name: string) => ids.get(name)!;

  describe.each([['positions', 'position'], ['locations', 'location']] as const)('%s', (path, type) => {
    it('creates, renames, deactivates through deactivateElement and activates again; lists what is active', async () => {
      const created = await t.as(admin, { method: 'POST', url: `/api/admin/${path}`, payload: { name: `  New ${type}  ` } });
      expect(created.statusCode).toBe(200);
      const item = created.json<OrgItem>();
      expect(item).toMatchObject({ name: `New ${type}`, isActive: true, userCount: 0 });
      expect((await t.as(admin, { method: 'POST', url: `/api/admin/${path}`, payload: { name: `NEW ${type}` } })).json<ApiError>().code).toBe('nameTaken');
      const renamed = await t.as(admin, { method: 'PUT', url: `/api/admin/${path}/${item.id}`, payload: { name: `Renamed ${type}` } });
      expect(renamed.json<OrgItem>().name).toBe(`Renamed ${type}`);

      const off = await t.as(admin, { method: 'POST', url: '/api/global/deactivateElement', payload: { id: item.id, type, desc: 'Not used any more here' } });
      expect(off.statusCode).toBe(200);
      const active = (await t.as(employee, { method: 'GET', url: `/api/admin/${path}` })).json<OrgItem[]>();
      expect(active.some((p) => p.id === item.id)).toBe(false);
      const all = (await t.as(employee, { method: 'GET', url: `/api/admin/${path}?includeInactive=true` })).json<OrgItem[]>();
      expect(all.find((p) => p.id === item.id)?.isActive).toBe(false);
      expect((await t.as(admin, { method: 'POST', url: `/api/admin/${path}/${item.id}/activate` })).json()).toEqual({ ok: true });
      expect((await t.as(admin, { method: 'POST', url: `/api/admin/${path}/${item.id}/activate` })).json<ApiError>().code).toBe('alreadyActive');

      const audit = (await t.as(admin, { method: 'GET', url: `/api/admin/audit/${type}/${item.id}` })).json<AdminAuditEntry[]>();
      expect(audit.map((a) => a.action)).toEqual(['activate', 'deactivate', 'update', 'create']);
      expect(audit[2]?.changes).toEqual({ name: { from: `New ${type}`, to: `Renamed ${type}` } });
    });

    it('refuses changes to a user type without admin.org.manage', async () => {
      expect((await t.as(employee, { method: 'POST', url: `/api/admin/${path}`, payload: { name: 'Mine' } })).statusCode).toBe(403);
      const first = (await t.as(admin, { method: 'GET', url: `/api/admin/${path}` })).json<OrgItem[]>()[0]!;
      expect((await t.as(employee, { method: 'PUT', url: `/api/admin/${path}/${first.id}`, payload: { name: 'Mine' } })).statusCode).toBe(403);
      const off = await t.as(employee, { method: 'POST', url: '/api/global/deactivateElement', payload: { id: first.id, type, desc: 'Trying to switch it off' } });
      expect(off.json<ApiError>()).toMatchObject({ code: 'forbidden', details: { params: { actionKey: 'admin.org.manage' } } });
    });
  });

  describe('groups', () => {
    it('lists the seeded groups with their leads; IT support has the group lead and the IT executor', async () => {
      const groups = (await t.as(employee, { method: 'GET', url: '/api/admin/groups' })).json<GroupRow[]>();
      expect(groups.map((g) => g.name)).toEqual(['Anbar', 'Hüquq', IT_SUPPORT_GROUP, 'Maliyyə']);
      const itSupport = groups.find((g) => g.name === IT_SUPPORT_GROUP)!;
      expect(itSupport).toMatchObject({ memberCount: 2, leadUserId: id('lead'), leadName: 'Günel Hüseynova' });
      const detail = (await t.as(admin, { method: 'GET', url: `/api/admin/groups/${itSupport.id}` })).json<GroupDetail>();
      expect(detail.members.map((m) => [m.userId, m.isLead])).toEqual([[id('lead'), true], [id('executor'), false]]);
      expect((await t.as(employee, { method: 'GET', url: `/api/admin/groups/${itSupport.id}` })).statusCode).toBe(403);
    });

    it('allows one lead per group: two leads answer 400 oneLead, the database refuses a second one too', async () => {
      const two = await t.as(admin, {
        method: 'POST',
        url: '/api/admin/groups',
        payload: { name: 'Two heads', members: [{ userId: id('clerk'), isLead: true }, { userId: id('lawyer'), isLead: true }] },
      });
      expect(two.statusCode).toBe(400);
      expect(JSON.stringify(two.json())).toContain('oneLead');
      const twice = await t.as(admin, {
        method: 'POST',
        url: '/api/admin/groups',
        payload: { name: 'Twice', members: [{ userId: id('clerk') }, { userId: id('clerk') }] },
      });
      expect(JSON.stringify(twice.json())).toContain('duplicateMember');
      await expect(
        t.app.deps.db.update(groupMembers).set({ isLead: true }).where(eq(groupMembers.userId, id('executor'))),
      ).rejects.toThrow();
    });

    it('creates a group, changes its lead and members (audited), deactivates and activates it', async () => {
      const res = await t.as(admin, {
        method: 'POST',
        url: '/api/admin/groups',
        payload: { name: 'Facilities', members: [{ userId: id('employee'), isLead: true }, { userId: id('clerk') }] },
      });
      expect(res.statusCode).toBe(200);
      const group = res.json<GroupDetail>();
      expect(group).toMatchObject({ name: 'Facilities', memberCount: 2, leadUserId: id('employee') });

      const updated = await t.as(admin, {
        method: 'PUT',
        url: `/api/admin/groups/${group.id}`,
        payload: { name: 'Facilities', members: [{ userId: id('clerk'), isLead: true }, { userId: id('warehouse') }] },
      });
      expect(updated.json<GroupDetail>().members.map((m) => [m.userId, m.isLead])).toEqual([[id('clerk'), true], [id('warehouse'), false]]);
      const audit = (await t.as(admin, { method: 'GET', url: `/api/admin/audit/group/${group.id}` })).json<AdminAuditEntry[]>();
      expect(audit[0]).toMatchObject({ action: 'update', changes: { leadUserId: { from: id('employee'), to: id('clerk') } } });

      const unknown = await t.as(admin, { method: 'PUT', url: `/api/admin/groups/${group.id}`, payload: { name: 'Facilities', members: [{ userId: 999999 }] } });
      expect(unknown.json<ApiError>()).toMatchObject({ code: 'unknownReference', details: { userIds: [999999] } });
      expect((await t.as(admin, { method: 'POST', url: '/api/admin/groups', payload: { name: 'facilities', members: [] } })).json<ApiError>().code).toBe('nameTaken');
      expect((await t.as(employee, { method: 'POST', url: '/api/admin/groups', payload: { name: 'Mine', members: [] } })).statusCode).toBe(403);

      expect((await t.as(admin, { method: 'POST', url: '/api/global/deactivateElement', payload: { id: group.id, type: 'group', desc: 'Merged into the warehouse' } })).statusCode).toBe(200);
      expect((await t.as(admin, { method: 'GET', url: '/api/admin/groups' })).json<GroupRow[]>().some((g) => g.id === group.id)).toBe(false);
      expect((await t.as(admin, { method: 'POST', url: `/api/admin/groups/${group.id}/activate` })).json()).toEqual({ ok: true });
    });
  });

  describe('permission explainer', () => {
    const explain = async (body: Record<string, unknown>, token = admin) =>
      t.as(token, { method: 'POST', url: '/api/admin/permissions/explain', payload: body });

    it('names the rule: userTypeGrants (with the granting key), userTypeLacks, unknownAction', async () => {
      const granted = (await explain({ userId: id('accountant'), actionName: 'finance' })).json<ExplainResult>();
      expect(granted).toMatchObject({ allowed: true, rule: 'userTypeGrants', params: { actionKey: 'finance', via: 'finance.vendorInvoices' }, user: { id: id('accountant'), userTypeName: 'Mühasib', isActive: true } });
      const inRussian = await t.as(admin, { method: 'POST', url: '/api/admin/permissions/explain', headers: { 'accept-language': 'ru' }, payload: { userId: id('accountant'), actionName: 'finance' } });
      expect(inRussian.json<ExplainResult>().user.userTypeName).toBe('Бухгалтер');
      expect((await explain({ userId: id('employee'), actionName: 'admin.users' })).json<ExplainResult>()).toMatchObject({ allowed: false, rule: 'userTypeLacks', params: { actionKey: 'admin.users' } });
      expect((await explain({ userId: id('employee'), actionName: 'no.such' })).json<ExplainResult>()).toMatchObject({ allowed: false, rule: 'unknownAction' });
      expect((await explain({ userId: 999999, actionName: 'dashboard' })).statusCode).toBe(404);
      expect((await explain({ userId: id('employee'), actionName: 'dashboard' }, employee)).statusCode).toBe(403);
    });

    it('says inactiveUser for a deactivated user', async () => {
      await t.as(admin, { method: 'POST', url: '/api/global/deactivateElement', payload: { id: id('visapool'), type: 'user', desc: 'On long leave this year' } });
      expect((await explain({ userId: id('visapool'), actionName: 'dashboard' })).json<ExplainResult>()).toMatchObject({ allowed: false, rule: 'inactiveUser', user: { isActive: false } });
      await t.as(admin, { method: 'POST', url: `/api/admin/users/${id('visapool')}/activate` });
    });

    it('lets a record rule decide for a record, and checkMenuPermission agrees with the explainer', async () => {
      // A rule as a module registers it: here, news item N belongs to user N.
      access.registerRecordRule('news', async ({ user, record }) =>
        record.id === user.id ? { allowed: true, rule: 'requester' } : { allowed: false, rule: 'notRecordParticipant', params: { newsId: record.id } },
      );
      const mine = (await explain({ userId: id('employee'), actionName: 'news.comment', detailId: id('employee') })).json<ExplainResult>();
      expect(mine).toMatchObject({ allowed: true, rule: 'requester' });
      const other = (await explain({ userId: id('employee'), actionName: 'news.comment', detailId: id('lead') })).json<ExplainResult>();
      expect(other).toMatchObject({ allowed: false, rule: 'notRecordParticipant', params: { newsId: id('lead') } });
      // The action layer comes first: without the key the record does not matter.
      expect((await explain({ userId: id('employee'), actionName: 'news.delete', detailId: id('employee') })).json<ExplainResult>().rule).toBe('userTypeLacks');
      // Without a record the action layer alone decides.
      expect((await explain({ userId: id('employee'), actionName: 'news.comment' })).json<ExplainResult>().rule).toBe('userTypeGrants');

      const check = async (detailId: number) =>
        (await t.as(employee, { method: 'POST', url: '/api/global/checkMenuPermission', payload: { actionName: 'news.comment', parentActionName: 'news', detailId, checkDetailPermission: true } })).json();
      expect(await check(id('employee'))).toEqual({ hasPermission: true });
      expect(await check(id('lead'))).toEqual({ hasPermission: false });
    });
  });

  it('refuses the audit of an entity whose screen the caller lacks', async () => {
    const type = await t.as(admin, {
      method: 'POST',
      url: '/api/admin/userTypes',
      payload: { names: { az: 'Kadr', en: 'HR', ru: 'Кадры', tr: 'İK' }, grants: ['dashboard', 'admin.users'] },
    });
    await t.as(admin, {
      method: 'POST',
      url: '/api/admin/users',
      payload: { firstName: 'Hr', lastName: 'Person', email: 'hr@servicedesk.az', positionId: null, locationId: null, userTypeId: type.json<{ id: number }>().id, password: 'Human1234' },
    });
    const hr = await t.login('hr@servicedesk.az', 'Human1234');
    expect((await t.as(hr, { method: 'GET', url: `/api/admin/audit/user/${id('employee')}` })).statusCode).toBe(200);
    const res = await t.as(hr, { method: 'GET', url: '/api/admin/audit/userType/1' });
    expect(res.statusCode).toBe(403);
    expect(res.json<ApiError>()).toMatchObject({ code: 'forbidden', details: { rule: 'userTypeLacks', params: { actionKey: 'admin.userTypes' } } });
    const director = await t.login('director@servicedesk.az');
    expect((await t.as(director, { method: 'GET', url: `/api/admin/audit/user/${id('employee')}` })).json<ApiError>()).toMatchObject({ details: { params: { actionKey: 'administration' } } });
  });
});
