import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { AdminAuditEntry, AdminUserCreateResponse, AdminUserDetail, AdminUsersPage, ApiError, OrgItem, UserTypeRow } from '@servicedesk/contracts';
import { outbox } from '../../db/schema';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';

describe.each(backends)('admin users on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let employee: string;
  let employeeTypeId: number;
  let positionId: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    [admin, employee] = await Promise.all([t.login('admin@servicedesk.az'), t.login('employee@servicedesk.az')]);
    const types = (await t.as(admin, { method: 'GET', url: '/api/admin/userTypes' })).json<UserTypeRow[]>();
    employeeTypeId = types.find((ty) => ty.key === 'employee')!.id;
    positionId = (await t.as(admin, { method: 'GET', url: '/api/admin/positions' })).json<OrgItem[]>()[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (token: string, body: Record<string, unknown>) =>
    t.as(token, { method: 'POST', url: '/api/admin/users/list', payload: body });
  const newUser = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Nigar',
    lastName: 'Süleymanova',
    email: `nigar.${Math.random().toString(36).slice(2, 8)}@servicedesk.az`,
    positionId,
    locationId: null,
    userTypeId: employeeTypeId,
    language: 'en',
    phone: '994501112233',
    imgPath: null,
    ...overrides,
  });
  const create = (token: string, body: Record<string, unknown>) => t.as(token, { method: 'POST', url: '/api/admin/users', payload: body });

  describe('list', () => {
    it('pages, sorts and counts the users', async () => {
      const res = await list(admin, { sortBy: 'email', sortDir: 'desc', skip: 0, take: 3 });
      expect(res.statusCode).toBe(200);
      const page = res.json<AdminUsersPage>();
      expect(page.totalCount).toBeGreaterThanOrEqual(10);
      expect(page.items).toHaveLength(3);
      const emails = page.items.map((u) => u.email);
      expect(emails).toEqual([...emails].sort().reverse());
      const next = (await list(admin, { sortBy: 'email', sortDir: 'desc', skip: 3, take: 3 })).json<AdminUsersPage>();
      expect(next.items[0]!.email < emails[2]!).toBe(true);
    });

    it('searches names accent- and case-insensitively and filters by type', async () => {
      const found = (await list(admin, { search: 'MEMMEDOVA' })).json<AdminUsersPage>();
      expect(found.items.map((u) => u.email)).toEqual(['admin@servicedesk.az']);
      const byType = (await list(admin, { userTypeId: employeeTypeId, isActive: true })).json<AdminUsersPage>();
      expect(byType.items.every((u) => u.userTypeId === employeeTypeId && u.isActive)).toBe(true);
      expect(byType.items.map((u) => u.email)).toContain('employee@servicedesk.az');
    });

    it('names the user type in the Accept-Language', async () => {
      const res = await t.as(admin, { method: 'POST', url: '/api/admin/users/list', payload: { search: 'employee@' }, headers: { 'accept-language': 'ru' } });
      expect(res.json<AdminUsersPage>().items[0]?.userTypeName).toBe('Сотрудник');
    });

    it('refuses a user type without admin.users, and validates the query', async () => {
      const refused = await list(employee, {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ApiError>()).toMatchObject({ code: 'forbidden', details: { rule: 'userTypeLacks' } });
      expect((await list(admin, { take: 1000 })).statusCode).toBe(400);
    });
  });

  describe('create and update', () => {
    it('creates a user with a password who can then sign in; audits it', async () => {
      const res = await create(admin, newUser({ email: '  Leyla.New@ServiceDesk.az ', password: 'Start1234' }));
      expect(res.statusCode).toBe(200);
      const body = res.json<AdminUserCreateResponse>();
      expect(body.resetMailQueued).toBe(false);
      expect(body.user).toMatchObject({ email: 'leyla.new@servicedesk.az', positionId, language: 'en', phone: '994501112233', isActive: true, groups: [] });
      expect(await t.login('leyla.new@servicedesk.az', 'Start1234')).toBeTruthy();
      const audit = (await t.as(admin, { method: 'GET', url: `/api/admin/audit/user/${body.user.id}` })).json<AdminAuditEntry[]>();
      expect(audit).toEqual([expect.objectContaining({ action: 'create', actorName: 'Aysel Məmmədova', entityType: 'user' })]);
    });

    it('queues a reset mail when no password is given (and takes a stored file handle as avatar)', async () => {
      const res = await create(admin, newUser({ email: 'mail.only@servicedesk.az', imgPath: 'files/12' }));
      expect(res.json<AdminUserCreateResponse>().user.imgPath).toBe('files/12');
      expect(res.json<AdminUserCreateResponse>().resetMailQueued).toBe(true);
      const [mail] = await t.app.deps.db.select().from(outbox).where(eq(outbox.recipient, 'mail.only@servicedesk.az')).orderBy(desc(outbox.id));
      expect(mail?.body).toMatch(/\/auth\/reset-password\?token=/);
    });

    it('refuses a taken email whatever its case with 409 emailTaken', async () => {
      const res = await create(admin, newUser({ email: 'EMPLOYEE@servicedesk.az', password: 'Start1234' }));
      expect(res.statusCode).toBe(409);
      expect(res.json<ApiError>().code).toBe('emailTaken');
    });

    it('answers 409 emailTaken, not 500, to the loser of two simultaneous creates with one email', async () => {
      const body = newUser({ email: 'twice@servicedesk.az', password: 'Start1234' });
      const results = await Promise.all([create(admin, body), create(admin, { ...body, email: 'TWICE@servicedesk.az' })]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)?.json<ApiError>().code).toBe('emailTaken');
    });

    it.each([
      ['a bad email', { email: 'not-an-email' }, 'email'],
      ['a weak password', { password: 'weak' }, 'password'],
      ['a short phone', { phone: '99450' }, 'phone'],
      ['an empty first name', { firstName: '  ' }, 'firstName'],
      ['an avatar on another host', { imgPath: 'https://evil.example/a.png' }, 'imgPath'],
      ['a javascript: avatar', { imgPath: 'javascript:alert(1)' }, 'imgPath'],
      ['a protocol-relative avatar', { imgPath: '//evil.example/a.png' }, 'imgPath'],
    ])('answers 400 validationError for %s', async (_what, overrides, path) => {
      const res = await create(admin, newUser(overrides));
      expect(res.statusCode).toBe(400);
      const body = res.json<ApiError & { details: { issues: { path: string }[] } }>();
      expect(body.code).toBe('validationError');
      expect(body.details.issues.map((i) => i.path)).toContain(path);
    });

    it('answers 422 unknownReference for a missing user type', async () => {
      const res = await create(admin, newUser({ userTypeId: 99999, password: 'Start1234' }));
      expect(res.statusCode).toBe(422);
      expect(res.json<ApiError>()).toMatchObject({ code: 'unknownReference', details: { fields: ['userTypeId'] } });
    });

    it('refuses create and update without their action keys', async () => {
      expect((await create(employee, newUser({ password: 'Start1234' }))).statusCode).toBe(403);
      const me = (await list(admin, { search: 'employee@' })).json<AdminUsersPage>().items[0]!;
      const res = await t.as(employee, { method: 'PUT', url: `/api/admin/users/${me.id}`, payload: newUser({ email: me.email }) });
      expect(res.statusCode).toBe(403);
    });

    it('updates a user, audits the changed fields only, and refuses another user’s email', async () => {
      const created = (await create(admin, newUser({ password: 'Start1234' }))).json<AdminUserCreateResponse>().user;
      const res = await t.as(admin, {
        method: 'PUT',
        url: `/api/admin/users/${created.id}`,
        payload: newUser({ email: created.email, lastName: 'Quliyeva', phone: null, imgPath: '/api/global/FileServer/avatar/7-0123456789abcdef' }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<AdminUserDetail>()).toMatchObject({ lastName: 'Quliyeva', phone: null, imgPath: '/api/global/FileServer/avatar/7-0123456789abcdef' });
      const audit = (await t.as(admin, { method: 'GET', url: `/api/admin/audit/user/${created.id}` })).json<AdminAuditEntry[]>();
      expect(audit[0]).toMatchObject({ action: 'update', changes: { lastName: { from: 'Süleymanova', to: 'Quliyeva' }, phone: { from: '994501112233', to: null } } });
      expect(Object.keys(audit[0]!.changes).sort()).toEqual(['imgPath', 'lastName', 'phone']);
      const clash = await t.as(admin, { method: 'PUT', url: `/api/admin/users/${created.id}`, payload: newUser({ email: 'Lead@servicedesk.az' }) });
      expect(clash.statusCode).toBe(409);
      expect((await t.as(admin, { method: 'GET', url: '/api/admin/users/999999' })).statusCode).toBe(404);
      expect((await t.as(employee, { method: 'GET', url: `/api/admin/audit/user/${created.id}` })).statusCode).toBe(403);
    });
  });

  describe('deactivate, activate, reset password', () => {
    const deactivate = (token: string, id: number, desc = 'Left the company in November') =>
      t.as(token, { method: 'POST', url: '/api/global/deactivateElement', payload: { id, type: 'user', desc } });

    it('deactivates with a reason: the user’s token answers 401, their hub connections close, history is kept', async () => {
      const created = (await create(admin, newUser({ password: 'Start1234' }))).json<AdminUserCreateResponse>().user;
      const token = await t.login(created.email, 'Start1234');
      expect((await t.as(token, { method: 'GET', url: '/api/global/getCurrentUser' })).statusCode).toBe(200);
      const disconnect = vi.spyOn(t.app.hub, 'disconnectUser');

      const res = await deactivate(admin, created.id);
      expect(res.statusCode).toBe(200);
      expect(disconnect).toHaveBeenCalledWith(created.id, expect.any(String));
      const after = await t.as(token, { method: 'GET', url: '/api/global/getCurrentUser' });
      expect(after.statusCode).toBe(401);
      expect(after.json<ApiError>().code).toBe('inactiveUser');
      const detail = (await t.as(admin, { method: 'GET', url: `/api/admin/users/${created.id}` })).json<AdminUserDetail>();
      expect(detail).toMatchObject({ isActive: false, deactivationReason: 'Left the company in November' });
      expect((await deactivate(admin, created.id)).json<ApiError>().code).toBe('alreadyInactive');

      const activated = await t.as(admin, { method: 'POST', url: `/api/admin/users/${created.id}/activate` });
      expect(activated.json()).toEqual({ ok: true });
      expect(await t.login(created.email, 'Start1234')).toBeTruthy();
      const audit = (await t.as(admin, { method: 'GET', url: `/api/admin/audit/user/${created.id}` })).json<AdminAuditEntry[]>();
      expect(audit.map((a) => a.action)).toEqual(['reactivate', 'deactivate', 'create']);
      expect(audit[1]?.changes).toEqual({ reason: 'Left the company in November' });
      disconnect.mockRestore();
    });

    it('refuses a short reason, an unknown type, oneself, and a caller without admin.users.deactivate', async () => {
      const lead = (await list(admin, { search: 'lead@' })).json<AdminUsersPage>().items[0]!;
      expect((await deactivate(admin, lead.id, 'short')).statusCode).toBe(400);
      const unknown = await t.as(admin, { method: 'POST', url: '/api/global/deactivateElement', payload: { id: lead.id, type: 'spaceship', desc: 'a long enough reason' } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json<ApiError>()).toMatchObject({ code: 'unknownElementType', details: { types: expect.arrayContaining(['user', 'position', 'location', 'group']) } });
      const me = (await list(admin, { search: 'admin@' })).json<AdminUsersPage>().items[0]!;
      expect((await deactivate(admin, me.id)).json<ApiError>().code).toBe('cannotDeactivateSelf');
      const refused = await deactivate(employee, lead.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ApiError>()).toMatchObject({ code: 'forbidden', details: { rule: 'userTypeLacks', params: { actionKey: 'admin.users.deactivate' } } });
      expect((await deactivate(admin, 999999)).statusCode).toBe(404);
    });

    it('resets a password to a given one, or by mail; refused without admin.users.resetPassword', async () => {
      const created = (await create(admin, newUser({ password: 'Start1234' }))).json<AdminUserCreateResponse>().user;
      const url = `/api/admin/users/${created.id}/resetPassword`;
      expect((await t.as(admin, { method: 'POST', url, payload: { password: 'weak' } })).statusCode).toBe(400);
      expect((await t.as(admin, { method: 'POST', url, payload: { password: 'Fresh5678' } })).json()).toEqual({ resetMailQueued: false });
      expect(await t.login(created.email, 'Fresh5678')).toBeTruthy();
      expect((await t.as(admin, { method: 'POST', url, payload: {} })).json()).toEqual({ resetMailQueued: true });
      const mails = await t.app.deps.db.select().from(outbox).where(eq(outbox.recipient, created.email));
      expect(mails).toHaveLength(1);
      expect((await t.as(employee, { method: 'POST', url, payload: {} })).statusCode).toBe(403);
    });
  });
});
