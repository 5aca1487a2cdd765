import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import * as schema from '../db/schema';
import { createPasswordHasher } from '../lib/passwords';
import { backends, createTestApp, fastArgon2, type TestApp } from '../../test/helpers';
import { runSeed } from './seed';
import { IT_SUPPORT_GROUP } from './catalog';

const tables = {
  userTypes: schema.userTypes,
  permissionActions: schema.permissionActions,
  userTypePermissions: schema.userTypePermissions,
  positions: schema.positions,
  locations: schema.locations,
  users: schema.users,
  menus: schema.menus,
  specodes: schema.specodes,
  groups: schema.groups,
  groupMembers: schema.groupMembers,
};

describe.each(backends)('seed on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const counts = async () =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(tables).map(async ([name, table]) => {
          const [row] = await t.app.deps.db.select({ n: count() }).from(table);
          return [name, row?.n ?? 0] as const;
        }),
      ),
    );

  it('creates the demo organisation: 10 user types, 10 users, the 35-item menu tree (approvals, company directory), 5 lookup lists, 4 groups', async () => {
    expect(await counts()).toMatchObject({ userTypes: 10, users: 10, menus: 35, positions: 10, locations: 3, groups: 4 });
    const keys = await t.app.deps.db.selectDistinct({ key: schema.specodes.key }).from(schema.specodes);
    expect(keys.map((k) => k.key).sort()).toEqual(['currency', 'documentType', 'paymentType', 'priority', 'unitOfMeasure']);
  });

  it('puts the group lead at the head of IT support with the IT executor as a member, one lead per group', async () => {
    const { db } = t.app.deps;
    const rows = await db
      .select({ group: schema.groups.name, email: schema.users.email, isLead: schema.groupMembers.isLead })
      .from(schema.groupMembers)
      .innerJoin(schema.groups, eq(schema.groups.id, schema.groupMembers.groupId))
      .innerJoin(schema.users, eq(schema.users.id, schema.groupMembers.userId));
    expect(rows.filter((r) => r.group === IT_SUPPORT_GROUP).sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { group: IT_SUPPORT_GROUP, email: 'executor@servicedesk.az', isLead: false },
      { group: IT_SUPPORT_GROUP, email: 'lead@servicedesk.az', isLead: true },
    ]);
    const leads = rows.filter((r) => r.isLead).map((r) => r.group);
    expect(leads.sort()).toEqual([...new Set(leads)].sort());
    expect(leads).toHaveLength(4);
    const [type] = await db.select().from(schema.userTypes).where(eq(schema.userTypes.key, 'groupLead'));
    expect(type?.names).toEqual({ az: 'Qrup rəhbəri', en: 'Group lead', ru: 'Руководитель группы', tr: 'Grup lideri' });
  });

  it('can run again (twice) without adding rows or resetting a changed password or a revoked permission', async () => {
    const before = await counts();
    const { db } = t.app.deps;
    const [employeeType] = await db.select().from(schema.userTypes).where(eq(schema.userTypes.key, 'employee'));
    await db.delete(schema.userTypePermissions).where(eq(schema.userTypePermissions.actionKey, 'schedules'));
    const token = await t.login('employee@servicedesk.az');
    await t.as(token, { method: 'POST', url: '/api/auth/changePassword', payload: { oldpassword: 'Demo1234', newPassword: 'Mine12345' } });

    const hasher = createPasswordHasher(fastArgon2);
    await runSeed(db, hasher);
    await runSeed(db, hasher);

    const after = await counts();
    expect(after).toEqual({ ...before, userTypePermissions: (before.userTypePermissions ?? 0) - 10 });
    expect(await t.login('employee@servicedesk.az', 'Mine12345')).toBeTruthy();
    const grants = await db.select().from(schema.userTypePermissions).where(eq(schema.userTypePermissions.userTypeId, employeeType!.id));
    expect(grants.some((g) => g.actionKey === 'schedules')).toBe(false);
  });
});
