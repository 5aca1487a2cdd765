import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { documentFolders, users } from '../../db/schema';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { recordRows } from './rows';

describe.each(backends)('a record table’s row calls on %s', (backend) => {
  let t: TestApp;
  let adminId: number;
  const folders = recordRows(documentFolders, 'folders');
  const liveFolders = recordRows(documentFolders, 'folders', isNull(documentFolders.deletedAt));
  beforeAll(async () => {
    t = await createTestApp(backend);
    const [admin] = await t.app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@servicedesk.az'));
    adminId = admin!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('inserts a row and answers it as stored, with the defaults filled; finds and updates it by id', async () => {
    const db = t.app.deps.db;
    const created = await db.transaction((tx) => folders.insert(tx, { name: 'Rows test', createdBy: adminId }));
    expect(created).toMatchObject({ name: 'Rows test', inherit: true, deletedAt: null, createdBy: adminId });
    expect(created.id).toBeGreaterThan(0);
    expect(created.createdAt).toBeInstanceOf(Date);

    expect(await folders.find(db, created.id)).toEqual(created);
    const updated = await db.transaction((tx) => folders.update(tx, created.id, { name: 'Rows test, renamed', inherit: false }));
    expect(updated).toMatchObject({ id: created.id, name: 'Rows test, renamed', inherit: false });
    expect((await folders.find(db, created.id))?.name).toBe('Rows test, renamed');
    expect(await folders.find(db, 2_000_000_000)).toBeUndefined();
  });

  it('answers no row that the table’s live condition excludes (a deleted one), where the plain calls still do', async () => {
    const db = t.app.deps.db;
    const folder = await db.transaction((tx) => folders.insert(tx, { name: 'Rows test, deleted', createdBy: adminId }));
    expect((await liveFolders.find(db, folder.id))?.id).toBe(folder.id);
    await db.transaction((tx) => folders.update(tx, folder.id, { deletedAt: new Date(), deletedBy: adminId }));
    expect(await liveFolders.find(db, folder.id)).toBeUndefined();
    expect((await folders.find(db, folder.id))?.id).toBe(folder.id);
  });

  it('throws, naming the table, when the row to update does not exist (nothing is written)', async () => {
    await expect(t.app.deps.db.transaction((tx) => folders.update(tx, 2_000_000_000, { name: 'nobody' }))).rejects.toThrow('folders: update returned nothing');
  });

  it.skipIf(backend !== 'postgres')('locks the row it finds for update until the transaction ends', async () => {
    const db = t.app.deps.db;
    const folder = await db.transaction((tx) => folders.insert(tx, { name: 'Rows test, locked', createdBy: adminId }));
    const other = new pg.Client({ connectionString: t.config.database.kind === 'postgres' ? t.config.database.url : '' });
    await other.connect();
    const lockedElsewhere = () =>
      other.query('select id from document_folders where id = $1 for update nowait', [folder.id]).then(
        () => false,
        (error: { code?: string }) => error.code === '55P03', // lock_not_available
      );
    try {
      await db.transaction(async (tx) => {
        expect((await folders.find(tx, folder.id, true))?.id).toBe(folder.id);
        expect(await lockedElsewhere()).toBe(true);
      });
      expect(await lockedElsewhere()).toBe(false);
      // Without forUpdate nothing is locked.
      await db.transaction(async (tx) => {
        await folders.find(tx, folder.id);
        await tx.execute(sql`select 1`);
        expect(await lockedElsewhere()).toBe(false);
      });
    } finally {
      await other.end();
    }
  });
});
