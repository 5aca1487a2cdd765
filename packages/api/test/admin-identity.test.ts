import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@servicedesk/api/client';
import { createHandlers } from '@servicedesk/api/handlers';
import { getUsersList } from '@servicedesk/api/admin/users/get-users-list';
import { getUser } from '@servicedesk/api/admin/users/get-user';
import { createUser, updateUser } from '@servicedesk/api/admin/users/save-user';
import { activateUser, deactivateUser, resetUserPassword } from '@servicedesk/api/admin/users/user-status';
import { getAdminAudit } from '@servicedesk/api/admin/users/get-admin-audit';
import { getUserTypes } from '@servicedesk/api/admin/userTypes/get-user-types';
import { getUserType } from '@servicedesk/api/admin/userTypes/get-user-type';
import { copyUserType, createUserType, updateUserType } from '@servicedesk/api/admin/userTypes/save-user-type';
import { explainPermission } from '@servicedesk/api/admin/permissions/explain-permission';
import type { PermissionNode } from '@servicedesk/contracts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => server.resetHandlers(...createHandlers()));
afterEach(() => vi.restoreAllMocks());
afterAll(() => server.close());

const api = createApiClient({ baseUrl: 'http://api.test/api', getToken: () => 'token', getLanguage: () => 'en' });
const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => {});

const newUser = {
  firstName: 'Leyla',
  lastName: 'Qasımova',
  email: 'Leyla@ServiceDesk.az',
  positionId: 2,
  locationId: 1,
  userTypeId: 2,
  language: 'en' as const,
  phone: '994701112233',
  imgPath: null,
};

/** The checked keys of a permission tree. */
function checked(nodes: PermissionNode[]): string[] {
  return nodes.flatMap((n) => [...(n.isChecked ? [n.key] : []), ...checked(n.children)]);
}

describe('users administration against the mocks', () => {
  it('lists, searches accent-insensitively, filters and pages', async () => {
    const all = await getUsersList(api, {});
    expect(all.totalCount).toBe(5);
    expect((await getUsersList(api, { search: 'memmedova' })).items.map((u) => u.email)).toEqual(['admin@servicedesk.az']);
    expect((await getUsersList(api, { isActive: false })).items.map((u) => u.id)).toEqual([5]);
    const page = await getUsersList(api, { sortBy: 'email', sortDir: 'desc', skip: 1, take: 2 });
    expect(page.totalCount).toBe(5);
    expect(page.items).toHaveLength(2);
  });

  it('creates a user (email stored lower-case), refuses the same email again with 409 emailTaken', async () => {
    quiet();
    const created = await createUser(api, newUser);
    expect(created.user.email).toBe('leyla@servicedesk.az');
    expect(created.user.userTypeName).toBe('Employee');
    expect(created.resetMailQueued).toBe(true);
    await expect(createUser(api, newUser)).rejects.toMatchObject({ status: 409, code: 'emailTaken' });
    await expect(createUser(api, { ...newUser, email: 'x@y.az', userTypeId: 99 })).rejects.toMatchObject({ status: 422, code: 'unknownReference' });
  });

  it('refuses an invalid email or phone with 400 validationError', async () => {
    quiet();
    await expect(createUser(api, { ...newUser, email: 'not-an-email' })).rejects.toMatchObject({ status: 400, code: 'validationError' });
    await expect(createUser(api, { ...newUser, phone: '12345' })).rejects.toMatchObject({ status: 400, code: 'validationError' });
  });

  it('updates a user and records what changed in the audit log', async () => {
    const saved = await updateUser(api, 2, { ...newUser, email: 'employee@servicedesk.az', firstName: 'Rəşid' });
    expect(saved.firstName).toBe('Rəşid');
    const [latest] = await getAdminAudit(api, 'user', 2);
    expect(latest).toMatchObject({ action: 'update', changes: { firstName: { from: 'Rəşad', to: 'Rəşid' } } });
  });

  it('deactivates with a reason, refuses a short reason and a second deactivation, reactivates', async () => {
    quiet();
    await expect(deactivateUser(api, 2, 'too short')).rejects.toMatchObject({ status: 400, code: 'validationError' });
    await deactivateUser(api, 2, 'Moved to another company');
    const user = await getUser(api, 2);
    expect(user).toMatchObject({ isActive: false, deactivationReason: 'Moved to another company' });
    await expect(deactivateUser(api, 2, 'Moved to another company')).rejects.toMatchObject({ status: 422, code: 'alreadyInactive' });
    await activateUser(api, 2);
    expect(await getUser(api, 2)).toMatchObject({ isActive: true, deactivationReason: null });
    const actions = (await getAdminAudit(api, 'user', 2)).map((a) => a.action);
    expect(actions.slice(0, 2)).toEqual(['reactivate', 'deactivate']);
  });

  it('resets a password by mail or to a given one', async () => {
    expect(await resetUserPassword(api, 3)).toEqual({ resetMailQueued: true });
    expect(await resetUserPassword(api, 3, { password: 'NewPass123' })).toEqual({ resetMailQueued: false });
  });
});

describe('user types against the mocks', () => {
  it('lists names in the request language and answers the permission tree of a type', async () => {
    const types = await getUserTypes(api);
    expect(types.find((t) => t.id === 2)?.name).toBe('Employee');
    const lead = await getUserType(api, 3);
    expect(checked(lead.permissions)).toContain('helpdesk.requests.approve');
    expect(checked(lead.permissions)).not.toContain('admin.users');
    // A container is checked through its children.
    expect(lead.permissions.find((n) => n.key === 'helpdesk')?.isChecked).toBe(true);
  });

  it('creates, updates and copies a type; refuses unknown actions and a taken name', async () => {
    quiet();
    const names = { az: 'Müşahidəçi', en: 'Observer', ru: 'Наблюдатель', tr: 'Gözlemci' };
    const created = await createUserType(api, { names, grants: ['dashboard', 'profile'] });
    expect(checked(created.permissions)).toEqual(['dashboard', 'profile']);
    await expect(createUserType(api, { names, grants: [] })).rejects.toMatchObject({ status: 409, code: 'nameTaken' });
    await expect(
      createUserType(api, { names: { ...names, az: 'Başqa', en: 'Other', ru: 'Другой', tr: 'Diğer' }, grants: ['no.such'] }),
    ).rejects.toMatchObject({ status: 422, code: 'unknownAction' });
    const updated = await updateUserType(api, created.id, { names, grants: ['dashboard', 'news'] });
    expect(checked(updated.permissions)).toEqual(['dashboard', 'news']);
    const copy = await copyUserType(api, created.id, { names: { az: 'Surət', en: 'Copy', ru: 'Копия', tr: 'Kopya' } });
    expect(copy.id).not.toBe(created.id);
    expect(checked(copy.permissions)).toEqual(['dashboard', 'news']);
  });
});

describe('permission explainer against the mocks', () => {
  it('answers the deciding rule', async () => {
    expect(await explainPermission(api, { userId: 2, actionName: 'admin.users' })).toMatchObject({ allowed: false, rule: 'userTypeLacks' });
    expect(await explainPermission(api, { userId: 1, actionName: 'admin.users' })).toMatchObject({ allowed: true, rule: 'userTypeGrants' });
    expect(await explainPermission(api, { userId: 5, actionName: 'dashboard' })).toMatchObject({ allowed: false, rule: 'inactiveUser' });
    expect(await explainPermission(api, { userId: 1, actionName: 'no.such' })).toMatchObject({ allowed: false, rule: 'unknownAction' });
  });
});
