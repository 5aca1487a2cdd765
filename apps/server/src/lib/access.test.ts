import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { userTypePermissions, userTypes, users } from '../db/schema';
import { backends, createTestApp, type TestApp } from '../../test/helpers';
import type { AuthUser } from '../types';
import * as access from './access';

describe.each(backends)('lib/access on %s', (backend) => {
  let t: TestApp;
  let employee: AuthUser;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const [row] = await t.app.deps.db
      .select({ id: users.id, email: users.email, userTypeId: users.userTypeId })
      .from(users)
      .where(eq(users.email, 'employee@servicedesk.az'));
    employee = row!;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads a caller’s grants once per AuthUser object (one request), fresh for the next one', async () => {
    const { deps } = t.app;
    const caller = { ...employee };
    const first = access.grantsOf(deps, caller);
    expect(access.grantsOf(deps, caller)).toBe(first);
    expect((await first).has('news.comment')).toBe(true);

    const [type] = await deps.db.select().from(userTypes).where(eq(userTypes.id, employee.userTypeId));
    await deps.db.delete(userTypePermissions).where(and(eq(userTypePermissions.userTypeId, type!.id), eq(userTypePermissions.actionKey, 'news.comment')));
    // The same request keeps its answer; the next request (a new AuthUser object) sees the change.
    expect(await access.hasAction(deps, caller, 'news.comment')).toBe(true);
    expect(await access.hasAction(deps, { ...employee }, 'news.comment')).toBe(false);
    access.forget(caller);
    expect(await access.hasAction(deps, caller, 'news.comment')).toBe(false);
    await deps.db.insert(userTypePermissions).values({ userTypeId: type!.id, actionKey: 'news.comment' });
  });

  it('covers a container through any granted child and names it', () => {
    const grants = new Set(['finance.debtReports']);
    expect(access.coveredBy(grants, 'finance')).toEqual({ via: 'finance.debtReports' });
    expect(access.coveredBy(grants, 'finance.eInvoices')).toBeNull();
    expect(access.isCatalogueKey('finance.debtReports.import1C')).toBe(true);
    expect(access.isCatalogueKey('finance.nothing')).toBe(false);
  });

  it('asks the record rule of the longest registered prefix, only with a record', async () => {
    const { deps } = t.app;
    access.registerRecordRule('helpdesk.requests', async () => ({ allowed: false, rule: 'notRecordParticipant' }));
    access.registerRecordRule('helpdesk.requests.cancel', async ({ record }) => ({ allowed: true, rule: 'requester', params: { requestId: record.id } }));
    expect(await access.explain(deps, { ...employee }, 'helpdesk.requests.create', { id: 7 })).toEqual({ allowed: false, rule: 'notRecordParticipant' });
    expect(await access.explain(deps, { ...employee }, 'helpdesk.requests.cancel', { id: 7 })).toEqual({ allowed: true, rule: 'requester', params: { requestId: 7 } });
    expect((await access.explain(deps, { ...employee }, 'helpdesk.requests.create')).rule).toBe('userTypeGrants');
    await expect(access.require(deps, { ...employee }, 'helpdesk.requests.create', { id: 7 })).rejects.toMatchObject({
      statusCode: 403,
      code: 'forbidden',
      details: { rule: 'notRecordParticipant' },
    });
    await expect(access.require(deps, { ...employee }, 'helpdesk.requests.cancel', { id: 7 })).resolves.toBeUndefined();
  });
});

describe('the auth guard’s grants, read as one text', () => {
  it('answers one shared Set per text of space-separated keys, empty for none', async () => {
    const { grantSet } = await import('../plugins/auth-guard');
    const a = grantSet('helpdesk helpdesk.requests inventory.materials');
    expect([...a]).toEqual(['helpdesk', 'helpdesk.requests', 'inventory.materials']);
    expect(grantSet('helpdesk helpdesk.requests inventory.materials')).toBe(a);
    expect(grantSet('helpdesk')).not.toBe(a);
    expect(grantSet('').size).toBe(0);
  });
});
