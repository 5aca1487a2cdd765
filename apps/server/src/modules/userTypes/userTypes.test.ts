import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry, AdminUserCreateResponse, ApiError, MenuItem, PermissionNode, UserTypeDetail, UserTypeRow } from '@servicedesk/contracts';
import { buildLocale, languageCodes, type TranslationTree } from '@servicedesk/i18n';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { permissionTree } from './userTypes.service';
import { demoUsers } from '../../seed/catalog';

/** The string at a dotted i18n key, or undefined. */
const lookup = (tree: TranslationTree, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as TranslationTree)[part] : undefined), tree);

describe('permission tree captions', () => {
  it.each(languageCodes)('has a %s text for every node of the catalogue', (language) => {
    const locale = buildLocale(language);
    const missing = flatten(permissionTree(new Set())).filter((n) => typeof lookup(locale, n.captionKey) !== 'string').map((n) => n.captionKey);
    expect(missing).toEqual([]);
  });
});

/** Every node of a tree, depth first. */
const flatten = (nodes: PermissionNode[]): PermissionNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const checkedKeys = (detail: UserTypeDetail) => flatten(detail.permissions).filter((n) => n.isChecked).map((n) => n.key).sort();
const names = (en: string) => ({ az: `${en} az`, en, ru: `${en} ru`, tr: `${en} tr` });

describe.each(backends)('admin user types on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let employee: string;
  let types: UserTypeRow[];
  beforeAll(async () => {
    t = await createTestApp(backend);
    [admin, employee] = await Promise.all([t.login('admin@servicedesk.az'), t.login('employee@servicedesk.az')]);
    types = (await t.as(admin, { method: 'GET', url: '/api/admin/userTypes' })).json<UserTypeRow[]>();
  });
  afterAll(async () => {
    await t?.close();
  });
  const typeId = (key: string) => types.find((ty) => ty.key === key)!.id;
  const detail = async (id: number, token = admin) => (await t.as(token, { method: 'GET', url: `/api/admin/userTypes/${id}` })).json<UserTypeDetail>();

  it('lists the ten types with names per language, named in the Accept-Language', async () => {
    expect(types).toHaveLength(10);
    const tr = (await t.as(employee, { method: 'GET', url: '/api/admin/userTypes', headers: { 'accept-language': 'tr' } })).json<UserTypeRow[]>();
    expect(tr.find((ty) => ty.key === 'director')).toMatchObject({ name: 'Direktör', names: { az: 'Direktor', en: 'Director', ru: 'Директор', tr: 'Direktör' } });
    // Each type counts its own active users only (the seed: one demo user per type).
    for (const type of types) expect(type.userCount, type.key).toBe(demoUsers.filter((u) => u.userType === type.key).length);
  });

  it('shows the permission tree with the type’s flags; a container is checked through a child', async () => {
    const employeeType = await detail(typeId('employee'));
    const helpdesk = employeeType.permissions.find((n) => n.key === 'helpdesk')!;
    expect(helpdesk).toMatchObject({ kind: 'menu', captionKey: 'layout.menu.helpdesk', isChecked: true });
    const requests = helpdesk.children.find((n) => n.key === 'helpdesk.requests')!;
    expect(requests.children.find((n) => n.key === 'helpdesk.requests.approve')).toEqual({
      key: 'helpdesk.requests.approve', captionKey: 'permissions.actions.approve', kind: 'action', isChecked: false, children: [],
    });
    expect(requests.children.find((n) => n.key === 'helpdesk.requests.create')?.isChecked).toBe(true);
    expect(employeeType.permissions.find((n) => n.key === 'administration')?.isChecked).toBe(false);
    expect(flatten((await detail(typeId('admin'))).permissions).every((n) => n.isChecked)).toBe(true);
    expect((await t.as(employee, { method: 'GET', url: `/api/admin/userTypes/${typeId('employee')}` })).statusCode).toBe(403);
  });

  it('creates a type without the users menu: its user does not see it and is refused the users API', async () => {
    const res = await t.as(admin, { method: 'POST', url: '/api/admin/userTypes', payload: { names: names('Reception'), grants: ['dashboard', 'profile', 'helpdesk', 'news'] } });
    expect(res.statusCode).toBe(200);
    const created = res.json<UserTypeDetail>();
    // The container `helpdesk` is not stored: it follows its children.
    expect(checkedKeys(created)).toEqual(['dashboard', 'news', 'profile']);
    const user = await t.as(admin, {
      method: 'POST',
      url: '/api/admin/users',
      payload: { firstName: 'Reception', lastName: 'Desk', email: 'reception@servicedesk.az', positionId: null, locationId: null, userTypeId: created.id, password: 'Desk12345' },
    });
    expect(user.json<AdminUserCreateResponse>().user.userTypeName).toBe('Reception az');
    const token = await t.login('reception@servicedesk.az', 'Desk12345');
    const menus = (await t.as(token, { method: 'GET', url: '/api/global/Layout/GetMenus' })).json<MenuItem[]>();
    expect(menus.map((m) => m.caption)).toEqual(['menu.dashboard', 'menu.news', 'menu.profile']);
    const refused = await t.as(token, { method: 'POST', url: '/api/admin/users/list', payload: {} });
    expect(refused.statusCode).toBe(403);
    expect((await t.as(token, { method: 'POST', url: '/api/global/checkMenuPermission', payload: { actionName: 'admin.users' } })).json()).toEqual({ hasPermission: false });
  });

  it('replaces grants on update (the type’s users get them on their next call) and audits added and removed keys', async () => {
    const created = (await t.as(admin, { method: 'POST', url: '/api/admin/userTypes', payload: { names: names('Auditor'), grants: ['dashboard', 'news'] } })).json<UserTypeDetail>();
    await t.as(admin, {
      method: 'POST',
      url: '/api/admin/users',
      payload: { firstName: 'Audit', lastName: 'Or', email: 'auditor@servicedesk.az', positionId: null, locationId: null, userTypeId: created.id, password: 'Audit1234' },
    });
    const token = await t.login('auditor@servicedesk.az', 'Audit1234');
    expect((await t.as(token, { method: 'POST', url: '/api/admin/users/list', payload: {} })).statusCode).toBe(403);

    const res = await t.as(admin, { method: 'PUT', url: `/api/admin/userTypes/${created.id}`, payload: { names: names('Auditor'), grants: ['dashboard', 'admin.users'] } });
    expect(checkedKeys(res.json<UserTypeDetail>())).toEqual(['admin.users', 'administration', 'dashboard']);
    expect((await t.as(token, { method: 'POST', url: '/api/admin/users/list', payload: {} })).statusCode).toBe(200);
    const audit = (await t.as(admin, { method: 'GET', url: `/api/admin/audit/userType/${created.id}` })).json<AdminAuditEntry[]>();
    expect(audit[0]).toMatchObject({ action: 'update', changes: { grants: { added: ['admin.users'], removed: ['news'] } } });
  });

  it('copies a type with every grant of the source under new names', async () => {
    const source = await detail(typeId('accountant'));
    const res = await t.as(admin, { method: 'POST', url: `/api/admin/userTypes/${source.id}/copy`, payload: { names: names('Senior accountant') } });
    expect(res.statusCode).toBe(200);
    const copy = res.json<UserTypeDetail>();
    expect(copy.id).not.toBe(source.id);
    expect(copy.names.en).toBe('Senior accountant');
    expect(checkedKeys(copy)).toEqual(checkedKeys(source));
    expect(checkedKeys(copy)).toContain('finance.accountingPool.post');
    expect((await t.as(employee, { method: 'POST', url: `/api/admin/userTypes/${source.id}/copy`, payload: { names: names('Nope') } })).statusCode).toBe(403);
  });

  it('refuses unknown action keys (422), a taken name in any language (409), missing languages (400) and callers without the keys (403)', async () => {
    const unknown = await t.as(admin, { method: 'POST', url: '/api/admin/userTypes', payload: { names: names('Ghost'), grants: ['dashboard', 'no.such.key'] } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<ApiError>()).toMatchObject({ code: 'unknownAction', details: { keys: ['no.such.key'] } });
    const taken = await t.as(admin, { method: 'POST', url: '/api/admin/userTypes', payload: { names: { ...names('Fresh'), ru: 'ДИРЕКТОР' }, grants: [] } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<ApiError>().code).toBe('nameTaken');
    const partial = await t.as(admin, { method: 'POST', url: '/api/admin/userTypes', payload: { names: { az: 'Yarım', en: 'Half' }, grants: [] } });
    expect(partial.statusCode).toBe(400);
    expect((await t.as(employee, { method: 'POST', url: '/api/admin/userTypes', payload: { names: names('Mine'), grants: [] } })).statusCode).toBe(403);
    expect((await t.as(employee, { method: 'PUT', url: `/api/admin/userTypes/${typeId('employee')}`, payload: { names: names('Mine'), grants: [] } })).statusCode).toBe(403);
    expect((await t.as(admin, { method: 'GET', url: '/api/admin/userTypes/999999' })).statusCode).toBe(404);
  });
});
