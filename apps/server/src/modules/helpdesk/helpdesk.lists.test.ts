import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { HELPDESK_COUNT_CAP, helpdeskDashboard, helpdeskListResponse, helpdeskReference, type HelpdeskListQuery } from '@servicedesk/contracts';
import { groups, helpdeskRequests } from '../../db/schema';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { generateRequests } from './helpdesk.generator';
import { PERSONA_NAMES, bodyFor, helpdeskFixture, type HelpdeskFixture, type Persona } from './helpdesk.test-support';

describe.each(backends)('help-desk lists, detail visibility and dashboard on %s', (backend) => {
  let t: TestApp;
  let f: HelpdeskFixture;
  let itGroup: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await helpdeskFixture(t);
    const [row] = await t.app.deps.db.select({ id: groups.id }).from(groups).where(eq(groups.name, 'İT dəstəyi'));
    itGroup = row!.id;
    // Some requests of our own on top of the demo set: one per status for the employee, one for the clerk.
    for (const status of ['NEW', 'IN_PROGRESS', 'RESOLVED'] as const) await f.inStatus(status, false);
    await f.create('other', { title: 'Hüquq şöbəsində printer', priority: 'critical' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const grid = async (as: Persona, query: HelpdeskListQuery) => {
    const res = await t.as(f.token[as], { method: 'POST', url: '/api/helpdesk/requests/grid', payload: query });
    return { status: res.statusCode, body: res.statusCode === 200 ? helpdeskListResponse.parse(res.json()) : res.json() };
  };
  const rowsOf = async (as: Persona, query: HelpdeskListQuery) => {
    const { status, body } = await grid(as, { take: 500, ...query });
    expect(status).toBe(200);
    return (body as ReturnType<typeof helpdeskListResponse.parse>).rows;
  };

  it('shows a user only their own requests under "mine", and "all" only with helpdesk.requests.viewAll', async () => {
    for (const persona of PERSONA_NAMES) {
      const rows = await rowsOf(persona, { scope: 'mine' });
      expect(rows.every((r) => r.requesterId === f.id[persona]), persona).toBe(true);
    }
    expect((await rowsOf('requester', { scope: 'mine' })).length).toBeGreaterThan(3);
    for (const persona of ['requester', 'lead', 'executor', 'other'] as const) {
      expect((await grid(persona, { scope: 'all' })).status, persona).toBe(403);
    }
    const all = await grid('admin', { scope: 'all', take: 10 });
    const [total] = await t.app.deps.db.select({ n: count() }).from(helpdeskRequests);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: total!.n, totalCapped: false });
  });

  it('shows the group’s queue to its members only, and the assigned ones to the assignee', async () => {
    const queue = await rowsOf('lead', { scope: 'queue' });
    expect(queue.length).toBeGreaterThan(0);
    expect(queue.every((r) => r.groupId === itGroup)).toBe(true);
    expect(await rowsOf('executor', { scope: 'queue' })).toHaveLength(queue.length);
    expect((await rowsOf('other', { scope: 'queue' })).some((r) => r.groupId === itGroup)).toBe(false);
    expect((await rowsOf('requester', { scope: 'queue' }))).toEqual([]);
    const assigned = await rowsOf('executor', { scope: 'assigned' });
    expect(assigned.length).toBeGreaterThan(0);
    expect(assigned.every((r) => r.assigneeId === f.id.executor)).toBe(true);
  });

  it('shows under "involved" exactly the requests the caller has a part in: own, assigned, or of their groups', async () => {
    for (const persona of ['executor', 'requester', 'other'] as const) {
      const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
      const parts = await Promise.all((['mine', 'assigned', 'queue'] as const).map((scope) => rowsOf(persona, { scope })));
      const union = [...new Set(parts.flat().map((r) => r.id))].sort((a, b) => a - b);
      const involved = await rowsOf(persona, { scope: 'involved' });
      expect(ids(involved), persona).toEqual(union);
      const { body } = await grid(persona, { scope: 'involved', take: 1 });
      expect((body as { total: number }).total, persona).toBe(union.length);
    }
    expect((await rowsOf('executor', { scope: 'involved' })).length).toBeGreaterThan((await rowsOf('executor', { scope: 'mine' })).length);
  });

  it('never opens another person’s request without a part in it or viewAll (403), and answers 404 for an unknown one', async () => {
    const own = await f.create();
    const open = async (as: Persona) => (await t.as(f.token[as], { method: 'GET', url: `/api/helpdesk/requests/${own.request.id}` })).statusCode;
    expect(await open('requester')).toBe(200);
    expect(await open('lead')).toBe(200);
    expect(await open('executor')).toBe(200);
    expect(await open('admin')).toBe(200);
    const refused = await t.as(f.token.other, { method: 'GET', url: `/api/helpdesk/requests/${own.request.id}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden', details: { rule: 'notRecordParticipant' } });
    expect((await t.as(f.token.requester, { method: 'GET', url: '/api/helpdesk/requests/99999999' })).statusCode).toBe(404);
    // The select-search list holds only what the caller may see.
    const picks = (await t.as(f.token.other, { method: 'GET', url: `/api/helpdesk/requests/list?search=${own.request.number}` })).json();
    expect(picks).toEqual([]);
    const mine = (await t.as(f.token.requester, { method: 'GET', url: `/api/helpdesk/requests/list?search=${own.request.number}` })).json();
    expect(mine).toEqual([{ id: own.request.id, name: `${own.request.number} ${own.request.title}` }]);
  });

  it('filters by status, priority, category, assignee, requester, dates and text, and sorts and pages', async () => {
    const all = await rowsOf('admin', { scope: 'all' });
    const byStatus = await rowsOf('admin', { scope: 'all', status: ['NEW', 'ON_HOLD'] });
    expect(byStatus.length).toBe(all.filter((r) => r.status === 'NEW' || r.status === 'ON_HOLD').length);
    expect(byStatus.length).toBeGreaterThan(0);
    const critical = await rowsOf('admin', { scope: 'all', priority: ['critical'] });
    expect(critical.length).toBe(all.filter((r) => r.priority === 'critical').length);
    const assigned = await rowsOf('admin', { scope: 'all', assigneeId: f.id.executor });
    expect(assigned.length).toBe(all.filter((r) => r.assigneeId === f.id.executor).length);
    const byRequester = await rowsOf('admin', { scope: 'all', requesterId: f.id.other });
    expect(byRequester.length).toBe(all.filter((r) => r.requesterId === f.id.other).length);
    const ref = helpdeskReference.parse((await t.as(f.token.admin, { method: 'GET', url: '/api/helpdesk/reference', headers: { 'accept-language': 'en' } })).json());
    expect(ref.components.find((c) => c.names.az === 'Noutbuk')?.name).toBe('Laptop');
    const hardware = ref.categories.find((c) => c.name === 'Hardware')!;
    const hardwareRows = all.filter((r) => ref.components.some((c) => c.categoryId === hardware.id && c.names.az === r.componentName));
    expect(hardwareRows.length).toBeGreaterThan(0);
    const byCategory = await rowsOf('admin', { scope: 'all', categoryId: hardware.id });
    expect(byCategory.map((r) => r.id)).toEqual(hardwareRows.map((r) => r.id));

    const search = await rowsOf('admin', { scope: 'all', search: 'hüquq şöbəsində' });
    expect(search.map((r) => r.title)).toContain('Hüquq şöbəsində printer');
    const byName = await rowsOf('admin', { scope: 'all', search: 'Rzayeva' });
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((r) => r.requesterName.includes('Rzayeva') || r.title.includes('Rzayeva'))).toBe(true);
    // A part of a number (with a digit) finds it; "hd" is in every number, so it searches titles and names only.
    const target = all.at(-1)!;
    expect((await rowsOf('admin', { scope: 'all', search: target.number.slice(3).toLowerCase() })).map((r) => r.id)).toContain(target.id);
    const hd = await rowsOf('admin', { scope: 'all', search: 'hd' });
    expect(hd.length).toBeLessThan(all.length);
    expect(hd.every((r) => /hd/i.test(r.title) || /hd/i.test(r.requesterName))).toBe(true);

    const newest = all[0]!;
    const since = await rowsOf('admin', { scope: 'all', dateFrom: newest.createdAt });
    expect(since.every((r) => r.createdAt >= newest.createdAt)).toBe(true);
    const before = await rowsOf('admin', { scope: 'all', dateTo: new Date(Date.parse(newest.createdAt) - 1).toISOString() });
    expect(before.length + since.length).toBe(all.length);

    const dueSorted = await rowsOf('admin', { scope: 'all', sort: 'dueAt', sortDir: 'asc' });
    expect(dueSorted.map((r) => r.dueAt)).toEqual([...dueSorted.map((r) => r.dueAt)].sort());
    const byPriority = await rowsOf('admin', { scope: 'all', sort: 'priority', sortDir: 'desc' });
    expect(byPriority[0]?.priority).toBe('critical');
    expect(byPriority.at(-1)?.priority).toBe('low');

    const page1 = await grid('admin', { scope: 'all', take: 5, skip: 0 });
    const page2 = await grid('admin', { scope: 'all', take: 5, skip: 5 });
    const ids1 = (page1.body as { rows: { id: number }[] }).rows.map((r) => r.id);
    const ids2 = (page2.body as { rows: { id: number }[] }).rows.map((r) => r.id);
    expect(ids1).toEqual(all.slice(0, 5).map((r) => r.id));
    expect(ids2).toEqual(all.slice(5, 10).map((r) => r.id));
    expect(page2.body).toMatchObject({ total: all.length, totalCapped: false });
    // A page past the end has no rows but still tells how many there are.
    const past = await grid('admin', { scope: 'all', take: 5, skip: all.length + 5 });
    expect(past.body).toMatchObject({ rows: [], total: all.length, totalCapped: false });
    const none = await grid('admin', { scope: 'all', search: 'no request has this text' });
    expect(none.body).toMatchObject({ rows: [], total: 0 });
  });

  it('names the category, component and group in the caller’s language (az when none is asked)', async () => {
    const ref = helpdeskReference.parse((await t.as(f.token.admin, { method: 'GET', url: '/api/helpdesk/reference' })).json());
    const inEnglish = await t.as(f.token.admin, { method: 'POST', url: '/api/helpdesk/requests/grid', payload: { scope: 'all', take: 500 }, headers: { 'accept-language': 'en' } });
    const enRows = helpdeskListResponse.parse(inEnglish.json()).rows;
    const azRows = await rowsOf('admin', { scope: 'all' });
    expect(enRows.length).toBeGreaterThan(0);
    for (const [en, az] of enRows.map((row, i) => [row, azRows[i]!] as const)) {
      const component = ref.components.find((c) => c.names.en === en.componentName);
      expect(component, en.componentName).toBeDefined();
      expect(az.componentName).toBe(component!.names.az);
      expect(ref.categories.find((c) => c.id === component!.categoryId)?.names.en).toBe(en.categoryName);
      expect(en.groupName).toBe(component!.groupName);
      expect(en.groupName).not.toBe('');
    }
  });

  it('counts the dashboard figures over what the caller may see', async () => {
    const res = await t.as(f.token.requester, { method: 'GET', url: '/api/helpdesk/dashboard' });
    expect(res.statusCode).toBe(200);
    const figures = helpdeskDashboard.parse(res.json());
    const mine = await rowsOf('requester', { scope: 'mine' });
    expect(figures.myOpen).toBe(mine.filter((r) => ['NEW', 'APPROVED', 'IN_PROGRESS', 'ON_HOLD'].includes(r.status)).length);
    expect(figures.byStatus.reduce((a, s) => a + s.count, 0)).toBe(mine.length);
    expect(figures.myGroupQueue).toBe(0);
    const lead = helpdeskDashboard.parse((await t.as(f.token.lead, { method: 'GET', url: '/api/helpdesk/dashboard' })).json());
    const queue = await rowsOf('lead', { scope: 'queue', status: ['NEW', 'APPROVED'] });
    expect(lead.myGroupQueue).toBe(queue.length);
  });

  it('shows a change in the very next list call, though pages are kept for a few seconds', async () => {
    const created = await f.create('requester', { title: 'Siyahı dərhal yenilənir' });
    const statusIn = (rows: { id: number; status: string }[]) => rows.find((r) => r.id === created.request.id)?.status;
    const before = await rowsOf('requester', { scope: 'mine' });
    expect(statusIn(before)).toBe('NEW');
    expect(await rowsOf('requester', { scope: 'mine' })).toEqual(before);
    const cancelled = await f.act('requester', created.request.id, 'cancel', bodyFor('cancel', f.id.executor));
    expect(cancelled.status).toBe(200);
    expect(statusIn(await rowsOf('requester', { scope: 'mine' }))).toBe('CANCELLED');
    // Someone else's view of the same page (every request) too.
    expect(statusIn(await rowsOf('admin', { scope: 'all' }))).toBe('CANCELLED');
  });

  // Last: it adds 1,200 generated requests to this file's database.
  it('counts at most HELPDESK_COUNT_CAP matches exactly and says when there are more', async () => {
    const before = await grid('admin', { scope: 'all', take: 1 });
    await generateRequests(t.app.deps.db, 1200, { extraUsers: 5 });
    const after = await grid('admin', { scope: 'all', take: 100 });
    expect(before.body).toMatchObject({ totalCapped: false });
    expect(after.body).toMatchObject({ total: HELPDESK_COUNT_CAP, totalCapped: true });
    expect((after.body as { rows: unknown[] }).rows).toHaveLength(100);
    const few = await grid('admin', { scope: 'all', priority: ['critical'], status: ['NEW'], take: 500 });
    expect(few.body).toMatchObject({ totalCapped: false });
    expect((few.body as { total: number; rows: unknown[] }).total).toBe((few.body as { rows: unknown[] }).rows.length);
  });
});
