import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scheduleMonth, type ScheduleMonth } from '@servicedesk/contracts';
import { createHandlers } from '@servicedesk/api/handlers';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => server.resetHandlers(...createHandlers()));
afterAll(() => server.close());

const base = 'http://api.test/api/schedules';
const post = (path: string, body: unknown) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const month = async (m: string): Promise<ScheduleMonth> => scheduleMonth.parse(await (await fetch(`${base}/month?groupId=1&month=${m}`)).json());

describe('schedules mocks (the server semantics in memory)', () => {
  it('builds any month with its weekends and holidays, and an empty grid', async () => {
    const feb = await month('2027-02');
    expect(feb.days).toHaveLength(28);
    expect(feb.days[5]).toEqual({ day: '2027-02-06', weekend: true, holiday: false });
    expect((await month('2027-01')).days[0]).toMatchObject({ day: '2027-01-01', holiday: true });
    expect(feb.entries).toEqual([]);
    expect(feb.coverage.every((c) => c === 0)).toBe(true);
  });

  it('paints and clears cells, counts work and remote as cover, copies a week onto the next', async () => {
    const work = { kind: 'work', startMinute: 540, endMinute: 1080 };
    expect((await post('/paint', { groupId: 1, cells: [{ userId: 3, day: '2027-02-01' }, { userId: 4, day: '2027-02-01' }], value: work })).status).toBe(200);
    await post('/paint', { groupId: 1, cells: [{ userId: 4, day: '2027-02-02' }], value: { kind: 'sick' } });
    let feb = await month('2027-02');
    expect(feb.coverage.slice(0, 2)).toEqual([2, 0]);
    await post('/paint', { groupId: 1, cells: [{ userId: 3, day: '2027-02-01' }], value: null });
    expect((await month('2027-02')).coverage[0]).toBe(1);
    expect(await (await post('/copyWeek', { groupId: 1, weekStart: '2027-02-01', weeks: 2 })).json()).toEqual({ changed: 28 });
    feb = await month('2027-02');
    expect(feb.entries.filter((e) => e.userId === 4 && e.kind === 'work').map((e) => e.day)).toEqual(['2027-02-01', '2027-02-08', '2027-02-15']);
  });

  it('refuses what the server refuses: a bad body (400), someone outside the group (422), another group (404), a week not from Monday (422)', async () => {
    const bad = await post('/paint', { groupId: 1, cells: [], value: null });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'validationError' });
    expect((await post('/paint', { groupId: 1, cells: [{ userId: 99, day: '2027-02-01' }], value: null })).status).toBe(422);
    expect((await fetch(`${base}/month?groupId=2&month=2027-02`)).status).toBe(404);
    expect(await (await post('/copyWeek', { groupId: 1, weekStart: '2027-02-02', weeks: 1 })).json()).toMatchObject({ code: 'notMonday' });
    expect((await post('/paint', { groupId: 1, cells: [{ userId: 3, day: '2027-02-01' }], value: { kind: 'work', startMinute: 600, endMinute: 540 } })).status).toBe(400);
  });

  it('takes a leave request in approval, lists it and shows the cover over its days', async () => {
    const created = await (await post('/leave', { groupId: 1, kind: 'vacation', startDay: '2027-02-03', endDay: '2027-02-05' })).json();
    expect(created).toMatchObject({ id: 1, days: 3, status: 'IN_APPROVAL' });
    expect(await (await post('/leave/list', { groupId: 1 })).json()).toHaveLength(1);
    const detail = await (await fetch(`${base}/leave/1`)).json();
    expect(detail.coverage.map((c: { day: string }) => c.day)).toEqual(['2027-02-03', '2027-02-04', '2027-02-05']);
  });
});
