import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, between, eq, inArray } from 'drizzle-orm';
import { leaveRequestDetail, scheduleMonth, type Holiday, type LeaveBalance, type ScheduleMonth } from '@servicedesk/contracts';
import { groups, leaveRequests, notifications, users } from '../../db/schema';
import { IT_SUPPORT_GROUP } from '../../seed/catalog';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { addDays, daysOfMonth, weekdayOf } from '../../lib/calendar-days';

/*
 * Staff schedules and leave requests (issue #18): painting, copying a week, patterns, coverage
 * totals, who may edit, and a leave request approved by the group's lead on the approval engine
 * landing in the grid.
 * IT support: the lead (Günel) and the executor (Elvin); the employee is in no group; the
 * warehouse keeper leads another group.
 */
const PEOPLE = {
  lead: 'lead@servicedesk.az',
  member: 'executor@servicedesk.az',
  outsider: 'employee@servicedesk.az',
  otherLead: 'warehouse@servicedesk.az',
  admin: 'admin@servicedesk.az',
} as const;
type Who = keyof typeof PEOPLE;
const MONTH = '2027-02';

describe.each(backends)('staff schedules on %s', (backend) => {
  let t: TestApp;
  const token = {} as Record<Who, string>;
  const id = {} as Record<Who, number>;
  let it_ = 0;

  beforeAll(async () => {
    t = await createTestApp(backend);
    for (const who of Object.keys(PEOPLE) as Who[]) token[who] = await t.login(PEOPLE[who]);
    const rows = await t.app.deps.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, Object.values(PEOPLE)));
    for (const who of Object.keys(PEOPLE) as Who[]) id[who] = rows.find((r) => r.email === PEOPLE[who])!.id;
    it_ = (await t.app.deps.db.select({ id: groups.id }).from(groups).where(eq(groups.name, IT_SUPPORT_GROUP)))[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const month = async (as: Who, m = MONTH): Promise<ScheduleMonth> => {
    const res = await t.as(token[as], { method: 'GET', url: `/api/schedules/month?groupId=${it_}&month=${m}` });
    if (res.statusCode !== 200) throw new Error(`month ${res.statusCode} ${res.body}`);
    return scheduleMonth.parse(res.json());
  };
  const post = (as: Who, url: string, payload: Record<string, unknown>) => t.as(token[as], { method: 'POST', url: `/api/schedules/${url}`, payload });
  const cell = (m: ScheduleMonth, userId: number, day: string) => m.entries.find((e) => e.userId === userId && e.day === day);

  it('lays out the month with Monday-first weeks, weekends and holidays, the lead first', async () => {
    const m = await month('member');
    expect(m.days).toHaveLength(28);
    expect(m.days[0]).toEqual({ day: '2027-02-01', weekend: false, holiday: false });
    expect(weekdayOf('2027-02-01')).toBe(0);
    expect(m.days.find((d) => d.day === '2027-02-06')?.weekend).toBe(true);
    const january = await month('member', '2027-01');
    expect(january.days.find((d) => d.day === '2027-01-01')?.holiday).toBe(true);
    // Saturday's New Year rest day moves to Monday 4 January (Labour Code Art. 105.5); 20 January is a memorial day, not a day off.
    expect(january.days.find((d) => d.day === '2027-01-04')?.holiday).toBe(true);
    expect(january.days.find((d) => d.day === '2027-01-20')?.holiday).toBe(false);
    expect(january.holidays.find((h) => h.day === '2027-01-01')).toEqual({ day: '2027-01-01', kind: 'newYear', name: null, dayOff: true });
    expect(m.people.map((p) => p.id)).toEqual([id.lead, id.member]);
    expect(m.canEdit).toBe(false);
    expect((await month('lead')).canEdit).toBe(true);
    expect(daysOfMonth('2028-02')).toHaveLength(29);
  });

  it('lets only the group lead paint: a member, an outsider and another group’s lead are refused', async () => {
    const cells = [{ userId: id.member, day: '2027-02-01' }];
    const value = { kind: 'work', startMinute: 540, endMinute: 1080 };
    expect((await post('member', 'paint', { groupId: it_, cells, value })).statusCode).toBe(403);
    // The admin (schedules.edit, admin.org) may; a holder of schedules.edit who does not lead the group may not.
    expect((await post('admin', 'paint', { groupId: it_, cells, value: null })).statusCode).toBe(200);
    const maliyye = (await t.app.deps.db.select({ id: groups.id }).from(groups).where(eq(groups.name, 'Maliyyə')))[0]!.id;
    const foreign = await post('lead', 'paint', { groupId: maliyye, cells: [{ userId: id.lead, day: '2027-02-01' }], value });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ details: { rule: 'notGroupEditor' } });
    const other = await post('otherLead', 'paint', { groupId: it_, cells, value });
    expect(other.statusCode).toBe(403);
    expect((await t.as(token.outsider, { method: 'GET', url: `/api/schedules/month?groupId=${it_}&month=${MONTH}` })).statusCode).toBe(403);
    const res = await post('lead', 'paint', { groupId: it_, cells, value });
    expect(res.json()).toEqual({ changed: 1 });
    // Someone outside the group cannot be painted; an incomplete shift is a validation error.
    expect((await post('lead', 'paint', { groupId: it_, cells: [{ userId: id.outsider, day: '2027-02-01' }], value })).json()).toMatchObject({ code: 'notGroupMember' });
    expect((await post('lead', 'paint', { groupId: it_, cells, value: { kind: 'work', startMinute: 540 } })).statusCode).toBe(400);
    expect(cell(await month('member'), id.member, '2027-02-01')).toMatchObject({ kind: 'work', startMinute: 540, endMinute: 1080 });
  });

  it('paints a week, copies it to the following weeks and counts the coverage per day against the minimum', async () => {
    const week = Array.from({ length: 5 }, (_, i) => addDays('2027-02-01', i));
    const cells = week.flatMap((day) => [id.lead, id.member].map((userId) => ({ userId, day })));
    await post('lead', 'paint', { groupId: it_, cells, value: { kind: 'work', startMinute: 540, endMinute: 1080 } });
    await post('lead', 'paint', { groupId: it_, cells: [{ userId: id.member, day: '2027-02-03' }], value: { kind: 'remote' } });
    await post('lead', 'paint', { groupId: it_, cells: [{ userId: id.member, day: '2027-02-05' }], value: null });
    expect((await post('lead', 'copyWeek', { groupId: it_, weekStart: '2027-02-02', weeks: 1 })).json()).toMatchObject({ code: 'notMonday' });
    const copied = await post('lead', 'copyWeek', { groupId: it_, weekStart: '2027-02-01', weeks: 3 });
    expect(copied.statusCode).toBe(200);
    await post('lead', 'settings', { groupId: it_, minCoverage: 2 });
    const m = await month('member');
    for (const w of [0, 1, 2, 3]) {
      expect(cell(m, id.member, addDays('2027-02-03', 7 * w))?.kind).toBe('remote');
      expect(cell(m, id.member, addDays('2027-02-05', 7 * w))).toBeUndefined();
      expect(cell(m, id.lead, addDays('2027-02-05', 7 * w))?.kind).toBe('work');
    }
    const coverage = (day: string) => m.coverage[m.days.findIndex((d) => d.day === day)];
    expect(m.minCoverage).toBe(2);
    expect(coverage('2027-02-03')).toBe(2);
    expect(coverage('2027-02-12')).toBe(1);
    expect(coverage('2027-02-13')).toBe(0);
  });

  it('repeats a pattern (2 on, 2 off) over a range', async () => {
    const on = { kind: 'work', startMinute: 480, endMinute: 1200 };
    const res = await post('lead', 'pattern', { groupId: it_, userIds: [id.member], from: '2027-03-01', to: '2027-03-08', pattern: [on, on, { kind: 'dayOff' }, { kind: 'dayOff' }] });
    expect(res.json()).toEqual({ changed: 8 });
    const m = await month('member', '2027-03');
    expect(['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04', '2027-03-05'].map((d) => cell(m, id.member, d)?.kind)).toEqual(['work', 'work', 'dayOff', 'dayOff', 'work']);
    expect((await post('lead', 'pattern', { groupId: it_, userIds: [id.member], from: '2027-03-08', to: '2027-03-01', pattern: [on] })).json()).toMatchObject({ code: 'invalidRange' });
  });

  it('sends a leave request to the group lead, shows the coverage while deciding, and writes the approved days into the grid', async () => {
    const res = await post('member', 'leave', { groupId: it_, kind: 'vacation', startDay: '2027-02-08', endDay: '2027-02-10', reason: 'Ailə səfəri' });
    expect(res.statusCode).toBe(200);
    const leave = res.json() as { id: number; status: string; days: number };
    expect(leave).toMatchObject({ status: 'IN_APPROVAL', days: 3 });
    // The outsider cannot ask for leave in a group that is not theirs.
    expect((await post('outsider', 'leave', { groupId: it_, kind: 'vacation', startDay: '2027-02-08', endDay: '2027-02-08' })).statusCode).toBe(403);
    // The lead got the engine's notification and sees the request in My approvals.
    const notes = await t.app.deps.db.select().from(notifications).where(eq(notifications.userId, id.lead));
    expect(notes.some((n) => n.redirectUrl === `/home/schedules/leave/${leave.id}`)).toBe(true);
    const mine = (await t.as(token.lead, { method: 'POST', url: '/api/approvals/mine', payload: { skip: 0, take: 50 } })).json() as { rows: { recordKind: string; recordId: number }[] };
    expect(mine.rows.some((r) => r.recordKind === 'leaveRequest' && r.recordId === leave.id)).toBe(true);
    // While deciding: the team's coverage on those days, with and without the requester.
    const detail = leaveRequestDetail.parse((await t.as(token.lead, { method: 'GET', url: `/api/schedules/leave/${leave.id}` })).json());
    expect(detail.coverage[0]).toEqual({ day: '2027-02-08', present: 2, minCoverage: 2, withoutRequester: 1 });
    expect((await t.as(token.outsider, { method: 'GET', url: `/api/schedules/leave/${leave.id}` })).statusCode).toBe(403);
    // The requester cannot approve their own leave; the lead approves.
    expect((await t.as(token.member, { method: 'POST', url: '/api/approvals/decide', payload: { recordKind: 'leaveRequest', recordId: leave.id, decision: 'approve' } })).statusCode).toBe(403);
    const decided = await t.as(token.lead, { method: 'POST', url: '/api/approvals/decide', payload: { recordKind: 'leaveRequest', recordId: leave.id, decision: 'approve' } });
    expect(decided.statusCode).toBe(200);
    const m = await month('member');
    for (const day of ['2027-02-08', '2027-02-09', '2027-02-10']) expect(cell(m, id.member, day)).toMatchObject({ kind: 'vacation', leaveRequestId: leave.id });
    const list = (await post('member', 'leave/list', {})).json() as { id: number; status: string }[];
    expect(list.find((l) => l.id === leave.id)?.status).toBe('APPROVED');
  });

  it('keeps a rejected leave out of the grid', async () => {
    const leave = (await post('member', 'leave', { groupId: it_, kind: 'dayOff', startDay: '2027-02-15', endDay: '2027-02-15' })).json() as { id: number };
    const rejected = await t.as(token.lead, {
      method: 'POST',
      url: '/api/approvals/decide',
      payload: { recordKind: 'leaveRequest', recordId: leave.id, decision: 'reject', comment: 'Həmin gün növbətçisiniz' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(cell(await month('member'), id.member, '2027-02-15')?.kind).toBe('work');
  });
});

describe.each(backends)('leave overlaps, balances, holidays and templates on %s (issue #41)', (backend) => {
  let t: TestApp;
  const token = {} as Record<Who, string>;
  const id = {} as Record<Who, number>;
  let it_ = 0;
  beforeAll(async () => {
    t = await createTestApp(backend);
    for (const who of Object.keys(PEOPLE) as Who[]) token[who] = await t.login(PEOPLE[who]);
    const rows = await t.app.deps.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, Object.values(PEOPLE)));
    for (const who of Object.keys(PEOPLE) as Who[]) id[who] = rows.find((r) => r.email === PEOPLE[who])!.id;
    it_ = (await t.app.deps.db.select({ id: groups.id }).from(groups).where(eq(groups.name, IT_SUPPORT_GROUP)))[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });
  const post = (as: Who, url: string, payload: Record<string, unknown>) => t.as(token[as], { method: 'POST', url: `/api/schedules/${url}`, payload });
  const ask = (startDay: string, endDay: string, kind = 'vacation') => post('member', 'leave', { groupId: it_, kind, startDay, endDay });
  const decide = (recordId: number, decision: 'approve' | 'reject' = 'approve') =>
    t.as(token.lead, { method: 'POST', url: '/api/approvals/decide', payload: { recordKind: 'leaveRequest', recordId, decision, ...(decision === 'reject' ? { comment: 'Həmin gün növbətçisiniz' } : {}) } });
  const balance = async (year: number) => ((await post('member', 'balances', { year })).json() as LeaveBalance[])[0]!;

  it('refuses leave overlapping an approved one, naming its days and status', async () => {
    const first = (await ask('2027-12-15', '2027-12-17')).json() as { id: number };
    expect((await decide(first.id)).statusCode).toBe(200);
    const res = await ask('2027-12-14', '2027-12-18');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'leaveOverlap', details: { clash: { id: first.id, startDay: '2027-12-15', endDay: '2027-12-17', status: 'APPROVED', kind: 'vacation' } } });
    // One waiting for a decision holds its days too; a rejected one frees them.
    const waiting = (await ask('2027-12-20', '2027-12-21')).json() as { id: number };
    expect((await ask('2027-12-21', '2027-12-22', 'dayOff')).json()).toMatchObject({ code: 'leaveOverlap', details: { clash: { id: waiting.id, status: 'IN_APPROVAL' } } });
    expect((await decide(waiting.id, 'reject')).statusCode).toBe(200);
    expect((await ask('2027-12-21', '2027-12-21', 'dayOff')).statusCode).toBe(200);
  });

  it('refuses on approving a leave whose days were approved meanwhile', async () => {
    // Two overlapping requests from before the rule (written straight into the table and the engine): approving the second is refused.
    const a = (await ask('2027-11-01', '2027-11-03')).json() as { id: number };
    await t.app.deps.db.update(leaveRequests).set({ status: 'DRAFT' }).where(eq(leaveRequests.id, a.id));
    const b = (await ask('2027-11-02', '2027-11-04')).json() as { id: number };
    await t.app.deps.db.update(leaveRequests).set({ status: 'IN_APPROVAL' }).where(eq(leaveRequests.id, a.id));
    expect((await decide(b.id)).statusCode).toBe(200);
    const refused = await decide(a.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'leaveOverlap', details: { clash: { id: b.id, startDay: '2027-11-02', endDay: '2027-11-04', status: 'APPROVED' } } });
    expect((await t.app.deps.db.select().from(leaveRequests).where(eq(leaveRequests.id, a.id)))[0]!.status).toBe('IN_APPROVAL');
  });

  it('lets only one of two overlapping requests saved at once through', async () => {
    const [x, y] = await Promise.all([ask('2027-10-04', '2027-10-06'), ask('2027-10-05', '2027-10-07')]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 422]);
    expect([x, y].find((r) => r.statusCode === 422)!.json()).toMatchObject({ code: 'leaveOverlap' });
    const held = await t.app.deps.db.select().from(leaveRequests).where(and(eq(leaveRequests.userId, id.member), between(leaveRequests.startDay, '2027-10-01', '2027-10-31')));
    expect(held).toHaveLength(1);
  });

  it('does not count holidays as leave days and keeps a balance per year', async () => {
    // Leave is counted in calendar days (Labour Code Art. 114) less the calendar's days off: 2027-03-22…31 is ten days,
    // Novruz (22–24) and its moved rest days (25–26) are not leave days — five are.
    const before = await balance(2027);
    expect(before.allowance).toBe(21);
    const novruz = (await ask('2027-03-22', '2027-03-31')).json() as { id: number; days: number };
    expect(novruz.days).toBe(5);
    const after = await balance(2027);
    expect(after.planned - before.planned).toBe(5);
    expect(after.left).toBe(after.allowance - after.taken - after.planned);
    // Approved days already past are taken; the lead sees the team's balances.
    const past = (await ask('2026-02-02', '2026-02-06')).json() as { id: number; days: number };
    expect(past.days).toBe(5);
    await decide(past.id);
    const team = (await post('lead', 'balances', { year: 2026, groupId: it_ })).json() as LeaveBalance[];
    // (The demo seed's approved vacation of this month is still planned, or taken once its days are past.)
    const member = team.find((b) => b.userId === id.member)!;
    expect(member.taken).toBeGreaterThanOrEqual(5);
    expect(member).toMatchObject({ allowance: 21, left: 21 - member.taken - member.planned });
    expect(team.find((b) => b.userId === id.lead)).toMatchObject({ allowance: 21, taken: 0, planned: 0, left: 21 });
    expect((await post('member', 'balances', { year: 2026, groupId: it_ })).statusCode).toBe(403);
  });

  it('refuses a vacation longer than what is left, translated with the figures', async () => {
    expect((await post('lead', 'allowance', { groupId: it_, userId: id.member, year: 2028, days: 4 })).statusCode).toBe(200);
    const res = await ask('2028-02-07', '2028-02-11');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'leaveBalanceExceeded', details: { year: 2028, asked: 5, left: 4 } });
    expect((await ask('2028-02-07', '2028-02-10')).statusCode).toBe(200);
    // A day off does not use the allowance.
    expect((await ask('2028-02-14', '2028-02-14', 'dayOff')).statusCode).toBe(200);
    expect((await post('member', 'allowance', { groupId: it_, userId: id.member, year: 2028, days: 40 })).statusCode).toBe(403);
  });

  it('lets an organisation admin edit the holiday calendar, seeded with Azerbaijan’s 2026 and 2027', async () => {
    const year = async (y: number) => (await t.as(token.member, { method: 'GET', url: `/api/schedules/holidays?year=${y}` })).json() as Holiday[];
    const y2026 = await year(2026);
    expect(y2026.filter((h) => h.kind === 'novruz').map((h) => h.day)).toEqual(['2026-03-20', '2026-03-21', '2026-03-22', '2026-03-23', '2026-03-24']);
    expect(y2026.find((h) => h.day === '2026-05-27')?.kind).toBe('gurban');
    expect(y2026.find((h) => h.day === '2026-11-12')).toMatchObject({ kind: 'constitution', dayOff: false });
    expect((await year(2027)).find((h) => h.day === '2027-03-10')?.kind).toBe('ramazan');
    const add = { day: '2027-04-05', kind: 'other', name: 'Şirkətin günü', dayOff: true };
    expect((await post('lead', 'holidays', add)).statusCode).toBe(403);
    expect((await post('admin', 'holidays', add)).json()).toEqual(add);
    expect((await ask('2027-04-05', '2027-04-06')).json()).toMatchObject({ days: 1 });
    expect((await t.as(token.admin, { method: 'DELETE', url: '/api/schedules/holidays/2027-04-05' })).statusCode).toBe(200);
    expect((await t.as(token.admin, { method: 'DELETE', url: '/api/schedules/holidays/2027-04-05' })).statusCode).toBe(404);
  });

  it('applies a shift template to a week', async () => {
    const shift = { kind: 'work', startMinute: 480, endMinute: 1020 };
    const created = await post('lead', 'templates', { groupId: it_, name: 'Səhər növbəsi', days: [shift, shift, shift, shift, { kind: 'remote' }, null, null] });
    expect(created.statusCode).toBe(200);
    const template = created.json() as { id: number };
    expect((await post('member', 'templates', { groupId: it_, name: 'x', days: [null, null, null, null, null, null, null] })).statusCode).toBe(403);
    expect((await post('lead', 'templates/apply', { groupId: it_, templateId: template.id, weekStart: '2027-09-07', userIds: [id.member] })).json()).toMatchObject({ code: 'notMonday' });
    expect((await post('lead', 'templates/apply', { groupId: it_, templateId: template.id, weekStart: '2027-09-06', userIds: [id.member, id.lead] })).json()).toEqual({ changed: 10 });
    const m = scheduleMonth.parse((await t.as(token.member, { method: 'GET', url: `/api/schedules/month?groupId=${it_}&month=2027-09` })).json());
    expect(m.entries.find((e) => e.userId === id.member && e.day === '2027-09-06')).toMatchObject({ kind: 'work', startMinute: 480, endMinute: 1020 });
    expect(m.entries.find((e) => e.userId === id.lead && e.day === '2027-09-10')?.kind).toBe('remote');
    expect(m.entries.find((e) => e.userId === id.lead && e.day === '2027-09-11')).toBeUndefined();
    const list = (await t.as(token.member, { method: 'GET', url: `/api/schedules/templates?groupId=${it_}` })).json() as { name: string }[];
    expect(list.map((x) => x.name)).toEqual(['Səhər növbəsi']);
  });
});

describe('schedules demo seed', () => {
  it('fills IT support’s month and leaves a leave request waiting for the lead', async () => {
    const t = await createTestApp('pglite');
    try {
      const lead = await t.login(PEOPLE.lead);
      const [group] = await t.app.deps.db.select({ id: groups.id }).from(groups).where(eq(groups.name, IT_SUPPORT_GROUP));
      const m = scheduleMonth.parse((await t.as(lead, { method: 'GET', url: `/api/schedules/month?groupId=${group!.id}&month=${new Date().toISOString().slice(0, 7)}` })).json());
      expect(m.entries.some((e) => e.kind === 'work')).toBe(true);
      expect(m.entries.some((e) => e.kind === 'vacation' && e.leaveRequestId !== null)).toBe(true);
      const mine = (await t.as(lead, { method: 'POST', url: '/api/approvals/mine', payload: { skip: 0, take: 50 } })).json() as { rows: { recordKind: string }[] };
      expect(mine.rows.some((r) => r.recordKind === 'leaveRequest')).toBe(true);
    } finally {
      await t.close();
    }
  });
});
