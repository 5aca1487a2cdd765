import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { Attribute, Change, Client } from 'ldapts';
import type { ApiError, DirectorySyncResponse, DirectorySyncRun, DirectoryTestResult } from '@servicedesk/contracts';
import { groupMembers, groups, positions, users, userTypes } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { startSlapdOrSkip, testDirectory } from '../../../test/ldap/slapd';
import { testLdapConfig } from '../../../test/ldap/ldap-config';
import { SYNC_LOCK } from './directory.repository';
import { runSync } from './directory.service';

const slapd = await startSlapdOrSkip();
afterAll(async () => {
  if (typeof slapd !== 'string') await slapd.stop();
});

/** Changes the test directory as its administrator. */
async function asDirectoryAdmin(url: string, work: (client: Client) => Promise<void>): Promise<void> {
  const client = new Client({ url });
  await client.bind(testDirectory.adminDn, testDirectory.adminPassword);
  try {
    await work(client);
  } finally {
    await client.unbind();
  }
}

describe.skipIf(typeof slapd === 'string')('directory sync (real slapd)', () => {
  const url = typeof slapd === 'string' ? '' : slapd.url;
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    if (typeof slapd === 'string') return;
    // 40%: the first deactivation (1 of 4) passes, a bigger loss is held back.
    t = await createTestApp('pglite', { ldapUrl: url, ldap: testLdapConfig(url, { LDAP_SYNC_MAX_DEACTIVATE_PERCENT: '40' }), loginIpRateLimit: 1000 });
    admin = await t.login('admin@servicedesk.az');
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (path: string, payload?: unknown) => t.as(admin, { method: 'POST', url: `/api/admin/directory/${path}`, payload: payload as object, headers: { 'accept-language': 'en' } });
  const localUser = async (email: string) => {
    const [row] = await t.app.deps.db
      .select({ user: users, typeKey: userTypes.key, position: positions.name })
      .from(users)
      .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
      .leftJoin(positions, eq(positions.id, users.positionId))
      .where(eq(users.email, email));
    return row;
  };
  const groupNames = async (userId: number) =>
    (await t.app.deps.db.select({ name: groups.name }).from(groupMembers).innerJoin(groups, eq(groups.id, groupMembers.groupId)).where(eq(groupMembers.userId, userId))).map((g) => g.name);

  it('is refused to a user type without the directory permission', async () => {
    const employee = await t.login('employee@servicedesk.az');
    expect((await t.as(employee, { method: 'GET', url: '/api/admin/directory' })).statusCode).toBe(403);
    expect((await t.as(employee, { method: 'POST', url: '/api/admin/directory/apply', payload: {} })).statusCode).toBe(403);
  });

  it('tests the connection: service bind, user search, a sample user as mapped', async () => {
    const res = await post('test');
    expect(res.statusCode).toBe(200);
    const body = res.json() as DirectoryTestResult;
    expect(body.bind.ok).toBe(true);
    expect(body.search).toMatchObject({ ok: true, count: 5 });
    expect(body.sample?.dn).toMatch(/^uid=\w+,ou=people,dc=example,dc=org$/);
  });

  it('previews a plan per field and writes nothing', async () => {
    const before = (await t.app.deps.db.select({ id: users.id }).from(users)).length;
    const res = await post('preview');
    expect(res.statusCode).toBe(200);
    const { plan, run } = res.json() as DirectorySyncResponse;
    expect(run).toMatchObject({ mode: 'preview', status: 'previewed', created: 4, trigger: 'admin', actorName: 'Aysel Məmmədova' });
    // dave is disabled: not created. erin's password expired, but her account is there.
    expect(plan.items.map((i) => `${i.action} ${i.email}`).sort()).toEqual(['create alice@example.org', 'create bob@example.org', 'create carol@example.org', 'create erin@example.org']);
    const bob = plan.items.find((i) => i.email === 'bob@example.org')!;
    expect(bob.changes).toMatchObject({ firstName: { from: null, to: 'Bob' }, position: { from: null, to: 'Accountant' }, location: { from: null, to: 'Ganja' }, userType: { from: null, to: 'accountant' } });
    expect((await t.app.deps.db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  it('applies it: nested groupOfNames and groupOfUniqueNames map to user types and groups', async () => {
    const res = await post('apply', {});
    expect(res.statusCode).toBe(200);
    expect((res.json() as DirectorySyncResponse).run).toMatchObject({ mode: 'apply', status: 'applied', created: 4 });
    const alice = await localUser('alice@example.org');
    expect(alice).toMatchObject({ typeKey: 'itExecutor', position: 'Engineer', user: { firstName: 'Alice', phone: '994501234567', directoryDn: testDirectory.dn('alice') } });
    expect(await groupNames(alice!.user.id)).toEqual(['IT support']);
    expect(await localUser('carol@example.org')).toMatchObject({ typeKey: 'itExecutor' });
    expect(await localUser('bob@example.org')).toMatchObject({ typeKey: 'accountant', position: 'Accountant' });
    expect(await localUser('erin@example.org')).toMatchObject({ typeKey: 'employee' });
    expect(await localUser('dave@example.org')).toBeUndefined();
    // A second run finds nothing to do.
    const again = (await post('preview')).json() as DirectorySyncResponse;
    expect(again.plan.counts).toMatchObject({ created: 0, updated: 0, deactivated: 0, unchanged: 4 });
  });

  it('updates a changed attribute and keeps a field an admin pinned', async () => {
    const alice = (await localUser('alice@example.org'))!;
    const [director] = await t.app.deps.db.select().from(userTypes).where(eq(userTypes.key, 'director'));
    await t.app.deps.db.update(users).set({ userTypeId: director!.id }).where(eq(users.id, alice.user.id));
    const pin = await t.as(admin, { method: 'PUT', url: `/api/admin/directory/users/${alice.user.id}/pins`, payload: { fields: ['userType'] } });
    expect(pin.statusCode).toBe(200);
    await asDirectoryAdmin(url, (c) => c.modify(testDirectory.dn('bob'), new Change({ operation: 'replace', modification: new Attribute({ type: 'title', values: ['Chief accountant'] }) })));
    const { plan } = (await post('preview')).json() as DirectorySyncResponse;
    expect(plan.items).toEqual([expect.objectContaining({ action: 'update', email: 'bob@example.org', changes: { position: { from: 'Accountant', to: 'Chief accountant' } } })]);
    expect((await post('apply', {})).statusCode).toBe(200);
    expect(await localUser('bob@example.org')).toMatchObject({ position: 'Chief accountant' });
    expect(await localUser('alice@example.org')).toMatchObject({ typeKey: 'director' });
  });

  it('pins what an admin changes on a directory user in the users administration, and refuses to reset their password here', async () => {
    const alice = (await localUser('alice@example.org'))!;
    const u = alice.user;
    const put = await t.as(admin, {
      method: 'PUT',
      url: `/api/admin/users/${u.id}`,
      payload: { firstName: u.firstName, lastName: 'Aliyeva-Quliyeva', email: u.email, positionId: u.positionId, locationId: u.locationId, userTypeId: u.userTypeId, language: u.language, phone: u.phone, imgPath: null },
    });
    expect(put.statusCode).toBe(200);
    expect((await localUser('alice@example.org'))!.user.directoryPinned.sort()).toEqual(['lastName', 'userType']);
    const { plan } = (await post('preview')).json() as DirectorySyncResponse;
    expect(plan.items.filter((i) => i.email === 'alice@example.org')).toEqual([]);
    const reset = await t.as(admin, { method: 'POST', url: `/api/admin/users/${u.id}/resetPassword`, payload: {} });
    expect(reset.statusCode).toBe(422);
    expect((reset.json() as ApiError).code).toBe('directoryPassword');
  });

  it('deactivates a user gone from the directory, never deleting them, and ends their sessions', async () => {
    const carolToken = await t.login('carol', testDirectory.password);
    expect((await t.as(carolToken, { method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(200);
    await asDirectoryAdmin(url, (c) => c.del(testDirectory.dn('carol')));
    const res = await post('apply', {});
    expect(res.statusCode).toBe(200);
    expect((res.json() as DirectorySyncResponse).run).toMatchObject({ deactivated: 1 });
    expect(await localUser('carol@example.org')).toMatchObject({ user: { isActive: false, deactivationReason: 'directory' } });
    expect((await t.as(carolToken, { method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'carol', password: testDirectory.password } });
    expect(again.statusCode).toBe(401);
  });

  it('holds back a plan that deactivates more than the allowed share until it is confirmed', async () => {
    await asDirectoryAdmin(url, async (c) => {
      await c.del(testDirectory.dn('bob'));
      await c.del(testDirectory.dn('erin'));
    });
    const held = await post('apply', {});
    expect(held.statusCode).toBe(422);
    expect(held.json()).toMatchObject({ code: 'directoryConfirmationNeeded', details: { count: 2, total: 3, percent: 40 } } satisfies Partial<ApiError>);
    expect(await localUser('bob@example.org')).toMatchObject({ user: { isActive: true } });
    const runs = (await t.as(admin, { method: 'GET', url: '/api/admin/directory/runs' })).json() as DirectorySyncRun[];
    expect(runs[0]).toMatchObject({ status: 'heldBack', deactivated: 2 });
    const confirmed = await post('apply', { confirmed: true });
    expect(confirmed.statusCode).toBe(200);
    expect(await localUser('bob@example.org')).toMatchObject({ user: { isActive: false } });
  });

  it('brings back a user the sync deactivated when they return to the directory', async () => {
    await asDirectoryAdmin(url, (c) =>
      c.add(testDirectory.dn('carol'), { objectClass: 'inetOrgPerson', uid: 'carol', cn: 'Carol Camalova', givenName: 'Carol', sn: 'Camalova', mail: 'carol@example.org', userPassword: testDirectory.password }),
    );
    const { plan } = (await post('apply', {})).json() as DirectorySyncResponse;
    expect(plan.counts.reactivated).toBe(1);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'carol', password: testDirectory.password } })).statusCode).toBe(200);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('runs once when two instances sync at the same time (PostgreSQL advisory lock)', async () => {
    const other = await createTestApp('postgres', { ldapUrl: url, ldap: testLdapConfig(url) });
    const holder = new pg.Client({ connectionString: other.config.database.kind === 'postgres' ? other.config.database.url : '' });
    await holder.connect();
    try {
      // Another instance mid-run holds the lock.
      await holder.query('select pg_advisory_lock($1)', [SYNC_LOCK]);
      const scheduled = await runSync(other.app.deps, { mode: 'apply', trigger: 'schedule', actorId: null });
      expect(scheduled.run.status).toBe('skipped');
      await expect(runSync(other.app.deps, { mode: 'apply', trigger: 'admin', actorId: null })).rejects.toMatchObject({ code: 'directorySyncRunning' });
      await holder.query('select pg_advisory_unlock($1)', [SYNC_LOCK]);
      expect((await runSync(other.app.deps, { mode: 'apply', trigger: 'schedule', actorId: null, confirmed: true })).run.status).toBe('applied');
    } finally {
      await holder.end();
      await other.close();
    }
  });
});
