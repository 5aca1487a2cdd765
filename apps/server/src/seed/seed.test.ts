import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import * as schema from '../db/schema';
import { createPasswordHasher } from '../lib/passwords';
import { backends, createTestApp, fastArgon2, type TestApp } from '../../test/helpers';
import { runSeed } from './seed';

const tables = {
  userTypes: schema.userTypes,
  permissionActions: schema.permissionActions,
  userTypePermissions: schema.userTypePermissions,
  positions: schema.positions,
  locations: schema.locations,
  users: schema.users,
  menus: schema.menus,
  specodes: schema.specodes,
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

  it('creates the demo organisation: 10 user types, 10 users, the 26-item menu tree, 5 lookup lists', async () => {
    expect(await counts()).toMatchObject({ userTypes: 10, users: 10, menus: 26, positions: 10, locations: 3 });
    const keys = await t.app.deps.db.selectDistinct({ key: schema.specodes.key }).from(schema.specodes);
    expect(keys.map((k) => k.key).sort()).toEqual(['currency', 'documentType', 'paymentType', 'priority', 'unitOfMeasure']);
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
