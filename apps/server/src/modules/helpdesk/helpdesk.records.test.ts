import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpdeskListResponse } from '@servicedesk/contracts';
import { users } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { helpdeskFixture, type HelpdeskFixture, type Persona } from './helpdesk.test-support';
import { helpdeskVisibility } from './helpdesk.visibility';
import * as repo from './helpdesk.repository';

/*
 * One visibility rule for the detail, the lists' SQL and record presence (issue #11): before it,
 * an @mentioned watcher could open a request but did not find it in their lists.
 */
describe.each(backends)('help desk on the record foundation (visibility, comment rule) on %s', (backend) => {
  let t: TestApp;
  let f: HelpdeskFixture;
  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await helpdeskFixture(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const involvedIds = async (as: Persona) => {
    const res = await t.as(f.token[as], { method: 'POST', url: '/api/helpdesk/requests/grid', payload: { scope: 'involved', take: 500 } });
    expect(res.statusCode).toBe(200);
    return helpdeskListResponse.parse(res.json()).rows.map((r) => r.id);
  };
  const picks = async (as: Persona, search: string) =>
    (await t.as(f.token[as], { method: 'GET', url: `/api/helpdesk/requests/list?search=${encodeURIComponent(search)}` })).json() as { id: number }[];

  it('shows a request to a watcher in the lists as well as on its page, and counts it on their dashboard', async () => {
    const request = await f.create('requester', { title: 'Proyektor işləmir, otaq 214' });
    const id = request.request.id;
    // Not mentioned yet: nowhere.
    expect((await t.as(f.token.other, { method: 'GET', url: `/api/helpdesk/requests/${id}` })).statusCode).toBe(403);
    expect(await involvedIds('other')).not.toContain(id);
    expect(await picks('other', request.request.number)).toEqual([]);
    const before = (await t.as(f.token.other, { method: 'GET', url: '/api/helpdesk/dashboard' })).json() as { byStatus: { status: string; count: number }[] };

    const comment = await t.as(f.token.requester, {
      method: 'POST',
      url: `/api/helpdesk/requests/${id}/comments`,
      payload: { text: '@Ləman Rzayeva, baxa bilərsiniz?', mentionedUserIds: [f.id.other] },
    });
    expect(comment.statusCode).toBe(200);

    // Mentioned: the page, the "involved" list, the select-search and the dashboard all agree.
    expect((await t.as(f.token.other, { method: 'GET', url: `/api/helpdesk/requests/${id}` })).statusCode).toBe(200);
    expect(await involvedIds('other')).toContain(id);
    expect((await picks('other', request.request.number)).map((p) => p.id)).toEqual([id]);
    const after = (await t.as(f.token.other, { method: 'GET', url: '/api/helpdesk/dashboard' })).json() as typeof before;
    const news = (d: typeof before) => d.byStatus.find((s) => s.status === 'NEW')?.count ?? 0;
    expect(news(after)).toBe(news(before) + 1);
  });

  it('tells a watcher of the request’s changes (record presence’s audience is the same rule)', async () => {
    const request = await f.create('requester', { description: '@Ləman Rzayeva bilsin', mentionedUserIds: [f.id.other] });
    const row = (await repo.findRequest(t.app.deps.db, request.request.id))!;
    const audience = await helpdeskVisibility.audience(t.app.deps.db, row);
    expect(audience).toEqual(expect.arrayContaining([f.id.requester, f.id.other, f.id.lead, f.id.executor]));
    expect(audience).not.toContain(f.id.admin);
    // The JS check and the SQL predicate give the same answer for each persona.
    for (const persona of ['requester', 'lead', 'executor', 'other', 'admin'] as const) {
      const [user] = await t.app.deps.db.select().from(users).where(eq(users.id, f.id[persona]));
      const viewer = await helpdeskVisibility.viewer(t.app.deps, user!);
      const seen = (await helpdeskVisibility.check(t.app.deps, user!, row)) !== null;
      const listed = (await repo.pickList(t.app.deps.db, viewer.seeAll ? {} : { participant: viewer }, request.request.number, 5)).some((r) => r.id === row.id);
      expect(listed, persona).toBe(seen);
    }
  });

  it('refuses a decision comment or solution shorter than 10 characters on the server (422 commentTooShort)', async () => {
    const fresh = await f.inStatus('NEW', false);
    const short = await f.act('lead', fresh.request.id, 'reject', { comment: 'Yox.' });
    expect(short).toMatchObject({ status: 422, json: { code: 'commentTooShort', details: { field: 'comment', min: 10 } } });
    expect((short.json as { message: string }).message).toMatch(/at least 10 characters/);
    // Counted after trimming.
    expect(await f.act('lead', fresh.request.id, 'reject', { comment: '   Olmaz.   ' })).toMatchObject({ status: 422, json: { code: 'commentTooShort' } });
    expect((await f.detail('requester', fresh.request.id)).request.status).toBe('NEW');
    const working = await f.inStatus('IN_PROGRESS', false);
    expect(await f.act('executor', working.request.id, 'resolve', { solution: 'Oldu' })).toMatchObject({ status: 422, json: { code: 'commentTooShort', details: { field: 'solution' } } });
    expect(await f.act('lead', fresh.request.id, 'reject', { comment: 'Təkrar sorğu' })).toMatchObject({ status: 200 });
  });
});
