import { describe, expect, it } from 'vitest';
import { adminUserCreateInput, adminUsersQuery, deactivateElementInput, groupInput, userTypeDetail } from '../src/index';

const user = { firstName: ' Nigar ', lastName: 'Əliyeva', email: ' Nigar@ServiceDesk.AZ ', positionId: null, locationId: null, userTypeId: 2 };

describe('admin user form', () => {
  it('trims and lower-cases the email, fills the defaults', () => {
    expect(adminUserCreateInput.parse(user)).toEqual({
      firstName: 'Nigar', lastName: 'Əliyeva', email: 'nigar@servicedesk.az', positionId: null, locationId: null, userTypeId: 2,
      language: 'az', phone: null, imgPath: null,
    });
  });

  it.each([
    ['email', { email: 'nigar@' }],
    ['phone', { phone: '0501234567' }],
    ['password', { password: 'short' }],
    ['imgPath', { imgPath: 'https://elsewhere.example/a.png' }],
    ['imgPath', { imgPath: '//elsewhere.example/a.png' }],
  ])('refuses a bad %s', (path, change) => {
    const result = adminUserCreateInput.safeParse({ ...user, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path);
  });

  it('takes an avatar publicUrl or a file handle', () => {
    expect(adminUserCreateInput.parse({ ...user, imgPath: '/api/global/FileServer/avatar/3-0123456789abcdef' }).imgPath).toBe('/api/global/FileServer/avatar/3-0123456789abcdef');
    expect(adminUserCreateInput.parse({ ...user, imgPath: 'files/3' }).imgPath).toBe('files/3');
  });

  it('defaults the users query to the first 50 by name and caps a page at 200', () => {
    expect(adminUsersQuery.parse({})).toEqual({ sortBy: 'name', sortDir: 'asc', skip: 0, take: 50 });
    expect(adminUsersQuery.safeParse({ take: 201 }).success).toBe(false);
  });
});

describe('group form', () => {
  it('allows at most one lead and each user once', () => {
    const messages = (input: unknown) => groupInput.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ name: 'IT', members: [{ userId: 1, isLead: true }, { userId: 2 }] })).toEqual([]);
    expect(messages({ name: 'IT', members: [{ userId: 1, isLead: true }, { userId: 2, isLead: true }] })).toEqual(['oneLead']);
    expect(messages({ name: 'IT', members: [{ userId: 1 }, { userId: 1 }] })).toEqual(['duplicateMember']);
  });
});

describe('deactivateElement', () => {
  it('needs a reason of at least 10 characters after trimming', () => {
    expect(deactivateElementInput.safeParse({ id: 1, type: 'user', desc: '   too short   ' }).success).toBe(false);
    expect(deactivateElementInput.parse({ id: 1, type: 'user', desc: ' Left the company ' }).desc).toBe('Left the company');
  });
});

describe('permission tree', () => {
  it('parses nested nodes', () => {
    const leaf = { key: 'admin.users.create', captionKey: 'permissions.actions.create', kind: 'action', isChecked: true, children: [] };
    const tree = [{ key: 'administration', captionKey: 'layout.menu.administration', kind: 'menu', isChecked: true, children: [
      { key: 'admin.users', captionKey: 'layout.menu.users', kind: 'menu', isChecked: true, children: [leaf] },
    ] }];
    const detail = { id: 1, key: 'admin', name: 'Admin', names: { az: 'A', en: 'A', ru: 'A', tr: 'A' }, userCount: 1, createdAt: '2026-01-01T00:00:00.000Z', permissions: tree };
    expect(userTypeDetail.parse(detail).permissions[0]?.children[0]?.children[0]).toEqual(leaf);
    expect(userTypeDetail.safeParse({ ...detail, permissions: [{ ...tree[0], children: [{ ...leaf, kind: 'other' }] }] }).success).toBe(false);
  });
});
