import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_JUST_FINISHED_DAYS, DOCUMENT_SORT_FIELDS, REGISTRY_SORT_FIELDS } from '@servicedesk/contracts';
import { users } from '../../db/schema';
import { executedRows } from '../../lib/lists/list-page';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { expectSameWalk, walkPages, type KeysetAnswer } from '../../../test/keyset-walk';
import { folderLevels, folderViewer, readableSql } from './documents.permissions';

/*
 * The circulation lists' and the registry's keyset cursor (issue #44): walking a list with
 * `after: nextCursor` answers every document the caller may read exactly once, in the list's order
 * — for each sort, both directions, with many documents sharing an update time, a title and a
 * status — and none they may not: what they read is three walks merged (their folders, their own
 * at the root, what is routed to them), compared here with the one rule written as SQL
 * (documents.permissions readableSql, which the detail uses too). The list cache is off.
 */

const TAKE = 8;
const UNFINISHED = `('DRAFT','SUBMITTED','IN_APPROVAL','RETURNED')`;
const FINISHED = `('APPROVED','REJECTED','PROCESSED')`;
type Who = 'admin' | 'lead' | 'clerk';

describe.each(backends)('documents lists keyset paging on %s', (backend) => {
  let t: TestApp;
  const token = {} as Record<Who, string>;
  const readable = {} as Record<Who, SQL>;
  let folderId: number;
  beforeAll(async () => {
    t = await createTestApp(backend, { helpdeskListCacheMs: 0 });
    const db = t.app.deps.db;
    const id = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    const clerk = await id('clerk@servicedesk.az');
    const lead = await id('lead@servicedesk.az');
    // Twelve folders under one of the clerk's; the IT group (the lead's) reads every third.
    await db.execute(sql`
      with root as (insert into document_folders (name, created_by) values ('Açar', ${clerk}) returning id)
      insert into document_folders (name, parent_id, created_by) select 'Açar ' || g, (select id from root), ${clerk} from generate_series(1, 12) g`);
    await db.execute(sql`insert into document_folder_permissions (folder_id, principal_kind, principal_id, level)
      select id, 'user', ${clerk}, 'manage' from document_folders where name = 'Açar'`);
    await db.execute(sql`insert into document_folder_permissions (folder_id, principal_kind, principal_id, level)
      select f.id, 'group', (select id from groups where name = 'İT dəstəyi'), 'read' from document_folders f
      where f.name like 'Açar %' and substring(f.name from 6)::int % 3 = 0`);
    // 120 documents in the folders, 12 at the root by the clerk and 8 by the lead; equal update
    // times, titles and statuses in runs; some routed to the lead, some in the bin.
    await db.execute(sql`
      with s as (select g, (array['DRAFT','SUBMITTED','IN_APPROVAL','RETURNED','APPROVED','REJECTED','PROCESSED'])[1 + g % 7] as status from generate_series(1, 140) g)
      insert into documents (folder_id, title, type_code, status, finished_at, route, search_text, created_by, created_at, updated_at, deleted_at, version_count)
      select case when g <= 120 then (select min(id) from document_folders where name like 'Açar %') + g % 12 end,
        'Sənəd ' || (g % 9), 'letter', status,
        case when status in ${sql.raw(FINISHED)} then now() - (g % 3) * interval '1 day' - case when g % 5 = 0 then interval '30 days' else interval '0' end end,
        case when g % 4 = 0 then jsonb_build_array(jsonb_build_object('userIds', jsonb_build_array(${lead}::int))) end,
        'mətn ' || g, case when g > 132 then ${lead}::int else ${clerk}::int end,
        now() - g * interval '1 hour', timestamptz '2026-06-01T00:00:00Z' + (g % 10) * interval '1 day',
        case when g % 17 = 0 then now() end, 1
      from s`);
    folderId = Number(executedRows<{ id: number }>(await db.execute(sql`select min(id) as id from document_folders where name = 'Açar 3'`))[0]!.id);
    await db.execute(sql`
      insert into registry_entries (kind, year, seq, number, subject, correspondent, status, created_by, created_at, updated_at)
      select k.kind, 2099, g, k.prefix || '-2099-' || lpad(g::text, 5, '0'), 'Qeyd ' || g, 'Müxbir', 'APPROVED', ${clerk},
        timestamptz '2026-02-01T00:00:00Z' + (g % 4) * interval '1 hour', now()
      from generate_series(1, 15) g, (values ('incoming', 'IN'), ('outgoing', 'OUT'), ('internal', 'INT')) k(kind, prefix)`);
    for (const who of ['admin', 'lead', 'clerk'] as const) {
      token[who] = await t.login(`${who}@servicedesk.az`);
      const viewer = await folderViewer(t.app.deps, { id: await id(`${who}@servicedesk.az`), email: '', userTypeId: (await db.select({ t: users.userTypeId }).from(users).where(eq(users.email, `${who}@servicedesk.az`)))[0]!.t });
      readable[who] = readableSql(viewer, await folderLevels(db, viewer));
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const ids = async (where: SQL, columns: string, dir: string) =>
    executedRows<{ id: number }>(
      await t.app.deps.db.execute(sql`select id from documents where ${where} order by ${sql.raw(columns.split(', ').map((c) => `${c} ${dir}`).join(', '))}`),
    ).map((r) => Number(r.id));
  const walk = (who: Who, url: string, query: Record<string, unknown>) =>
    walkPages(async (after) => {
      const res = await t.as(token[who], { method: 'POST', url, payload: { ...query, take: TAKE, ...(after ? { after } : {}) } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as KeysetAnswer;
    }, TAKE);
  const columns = { updatedAt: 'updated_at, id', title: 'title, id', status: 'status, id' } as const;

  it.each(DOCUMENT_SORT_FIELDS.flatMap((sort) => (['desc', 'asc'] as const).map((sortDir) => ({ sort, sortDir }))))(
    'sorted by $sort $sortDir: each readable document once, in every list, for the admin, the lead and the clerk',
    async ({ sort, sortDir }) => {
      const since = sql`now() - ${DOCUMENT_JUST_FINISHED_DAYS} * interval '1 day'`;
      const lists: [string, Record<string, unknown>, SQL][] = [
        ['unfinished', { scope: 'unfinished' }, sql`status in ${sql.raw(UNFINISHED)}`],
        ['all', { scope: 'all' }, sql`true`],
        ['justFinished', { scope: 'justFinished' }, sql`status in ${sql.raw(FINISHED)} and finished_at >= ${since}`],
      ];
      for (const who of ['admin', 'lead', 'clerk'] as const) {
        for (const [name, query, where] of lists) {
          const expected = await ids(sql`${readable[who]} and ${where}`, columns[sort], sortDir);
          expect(expected.length, `${who} ${name}`).toBeGreaterThan(0);
          expectSameWalk(await walk(who, '/api/documents/grid', { ...query, sort, sortDir }), expected, `${who} ${name} by ${sort} ${sortDir}`);
        }
      }
      const inFolder = await ids(sql`${readable.lead} and folder_id = ${folderId}`, columns[sort], sortDir);
      expect(inFolder.length).toBeGreaterThan(TAKE);
      expectSameWalk(await walk('lead', '/api/documents/grid', { scope: 'folder', folderId, sort, sortDir }), inFolder, `a folder by ${sort} ${sortDir}`);
    },
  );

  it('the lead reads part of them: his folders, his own at the root, what is routed to him', async () => {
    const all = await ids(sql`deleted_at is null`, columns.updatedAt, 'desc');
    const his = await walk('lead', '/api/documents/grid', { scope: 'all' });
    expect(his.length).toBeGreaterThan(TAKE);
    expect(his.length).toBeLessThan(all.length / 2);
  });

  it.each(REGISTRY_SORT_FIELDS.flatMap((sort) => (['desc', 'asc'] as const).map((sortDir) => ({ sort, sortDir }))))('the registry by $sort $sortDir: each entry once', async ({ sort, sortDir }) => {
    const order = sort === 'number' ? ['year', 'kind', 'seq'] : ['created_at', 'id'];
    const expected = executedRows<{ id: number }>(
      await t.app.deps.db.execute(sql`select id from registry_entries order by ${sql.raw(order.map((c) => `${c} ${sortDir}`).join(', '))}`),
    ).map((r) => Number(r.id));
    expectSameWalk(await walk('clerk', '/api/documents/registry/grid', { sort, sortDir }), expected, `registry by ${sort} ${sortDir}`);
  });
});
