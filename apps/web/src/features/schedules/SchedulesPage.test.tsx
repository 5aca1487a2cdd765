import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScheduleMonth } from '@servicedesk/contracts';
import { mockServerForFile, renderApp, signIn } from '../../../test/render-app';
import { mondayOf, paintValue, parseMinutes, selectionSummary, shiftMonth, shiftShort, weeksAfter } from './schedule-model';

/*
 * The schedule page against the schedules mock handlers (packages/api, the server's semantics in
 * memory): the lead's month of IT support (two people, February 2027), painting by keyboard, the
 * coverage warning.
 */

const server = mockServerForFile();

function february(): ScheduleMonth {
  const days = Array.from({ length: 28 }, (_, i) => {
    const day = `2027-02-${String(i + 1).padStart(2, '0')}`;
    return { day, weekend: i % 7 >= 5, holiday: false };
  });
  return {
    groupId: 1,
    groupName: 'İT dəstəyi',
    month: '2027-02',
    days,
    holidays: [],
    people: [
      { id: 3, name: 'Günel Hüseynova', positionName: 'Qrup rəhbəri', isLead: true },
      { id: 4, name: 'Elvin Quliyev', positionName: 'İT mühəndisi', isLead: false },
    ],
    entries: [{ userId: 4, day: '2027-02-01', kind: 'sick', startMinute: null, endMinute: null, leaveRequestId: null }],
    minCoverage: 1,
    coverage: days.map(() => 0),
    canEdit: true,
  };
}

/** Every paint body the page sent; the schedules mock handlers (packages/api) apply them. */
function recordPaints() {
  const painted: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === '/api/schedules/paint') void request.clone().json().then((b: unknown) => painted.push(b));
  });
  return painted;
}

describe('schedule page', () => {
  it("paints the lead's selection by keyboard (Shift+arrows, Enter) and shows it in the grid and the coverage", async () => {
    // The page opens on the current month: today is 10 February 2027 for this test (Date alone).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-02-10T09:00:00Z') });
    const user = userEvent.setup();
    const painted = recordPaints();
    signIn();
    renderApp('/home/schedules');
    const grid = await screen.findByRole('grid', { name: /İT dəstəyi/ });
    expect(screen.getByTestId('coverage-warning')).toHaveTextContent('20 working days are under the minimum of 1.');
    const first = within(grid).getByRole('gridcell', { name: /^Günel Hüseynova, Monday, February 1:/ });
    await user.click(first);
    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowDown}{/Shift}{Enter}');
    await waitFor(() => expect(painted).toHaveLength(1));
    expect(painted[0]).toMatchObject({ groupId: 1, value: { kind: 'work', startMinute: 540, endMinute: 1080 } });
    expect((painted[0] as { cells: unknown[] }).cells).toHaveLength(10);
    await waitFor(() => expect(within(grid).getByRole('gridcell', { name: /^Elvin Quliyev, Friday, February 5: 9–18, Work 09:00–18:00/ })).toBeInTheDocument());
    expect(screen.getByTestId('coverage-2027-02-03')).toHaveTextContent('2');
  });
  afterEach(() => vi.useRealTimers());
});

describe('schedule model', () => {
  it('reads times, builds the painted value and names shifts', () => {
    expect(parseMinutes('09:30')).toBe(570);
    expect(parseMinutes('25:99')).toBeNull();
    expect(paintValue('work', '09:00', '18:00')).toEqual({ kind: 'work', startMinute: 540, endMinute: 1080 });
    expect(paintValue('vacation', '09:00', '18:00')).toEqual({ kind: 'vacation', startMinute: null, endMinute: null });
    expect(paintValue('work', '18:00', '09:00')).toEqual({ kind: 'work', startMinute: null, endMinute: null });
    expect(shiftShort(510, 1020)).toBe('8:30–17');
  });

  it('finds Mondays, months and the weeks left to copy to', () => {
    expect(mondayOf('2027-02-07')).toBe('2027-02-01');
    expect(mondayOf('2027-02-01')).toBe('2027-02-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(weeksAfter('2027-02-01', february())).toBe(3);
    expect(selectionSummary([{ personId: 4, day: '2027-02-03' }, { personId: 3, day: '2027-02-02' }, { personId: 4, day: '2027-02-02' }])).toEqual({ userIds: [4, 3], from: '2027-02-02' });
  });
});
