import { http, HttpResponse } from 'msw';
import {
  COVERAGE_KINDS,
  isHoliday,
  leaveListQuery,
  leaveListResponse,
  leaveRequest,
  leaveRequestDetail,
  leaveRequestInput,
  holidayInput,
  holidaysResponse,
  leaveBalancesQuery,
  shiftTemplateApplyInput,
  shiftTemplateInput,
  type Holiday,
  type ShiftTemplate,
  scheduleCopyWeekInput,
  scheduleGroupsResponse,
  scheduleMonth,
  scheduleMonthQuery,
  schedulePaintInput,
  schedulePatternInput,
  scheduleSettingsInput,
  type LeaveRequest,
  type ScheduleEntry,
  type ScheduleMonth,
} from '@servicedesk/contracts';
import { apiPath, errorResponse, validationErrorResponse } from '../mock-utils';

/** The mocks' group: IT support with its lead and one engineer (the seed's demo users 3 and 4). */
export const scheduleGroupFixture = {
  id: 1,
  name: 'İT dəstəyi',
  people: [
    { id: 3, name: 'Günel Hüseynova', positionName: 'Qrup rəhbəri', isLead: true },
    { id: 4, name: 'Elvin Quliyev', positionName: 'İT mühəndisi', isLead: false },
  ],
  minCoverage: 1,
};

/** Every day of `month` (YYYY-MM) with the server's weekend (Saturday, Sunday) and holiday flags. */
function daysOf(month: string): ScheduleMonth['days'] {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => {
    const day = `${month}-${String(i + 1).padStart(2, '0')}`;
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    return { day, weekend: weekday === 0 || weekday === 6, holiday: isHoliday(day) };
  });
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * MSW handlers of /api/schedules with the server's semantics in memory: one group (IT support,
 * editable by the caller), its months built for any `month` asked, painting and clearing cells,
 * copying a week onto the next weeks, repeating a pattern, the minimum cover, leave requests (submitted at once, as
 * the server does). Bodies are checked by the contract's input schemas (400 `validationError`);
 * a person outside the group answers 422 `notInGroup`, another group 404. `entries` seeds filled
 * cells (a test's month).
 */
export function createSchedulesHandlers(entries: ScheduleEntry[] = []) {
  const group = { ...scheduleGroupFixture, people: [...scheduleGroupFixture.people] };
  let cells = entries.map((e) => ({ ...e }));
  const leaves: LeaveRequest[] = [];
  const inGroup = (userId: number) => group.people.some((p) => p.id === userId);

  function monthOf(month: string): ScheduleMonth {
    const days = daysOf(month);
    const own = cells.filter((e) => e.day.startsWith(`${month}-`));
    return scheduleMonth.parse({
      groupId: group.id,
      groupName: group.name,
      month,
      days,
      people: group.people,
      entries: own,
      minCoverage: group.minCoverage,
      coverage: days.map((d) => own.filter((e) => e.day === d.day && COVERAGE_KINDS.includes(e.kind)).length),
      canEdit: true,
    });
  }

  function paint(userId: number, day: string, value: { kind: ScheduleEntry['kind']; startMinute: number | null; endMinute: number | null } | null) {
    cells = cells.filter((e) => !(e.userId === userId && e.day === day));
    if (value) cells.push({ userId, day, kind: value.kind, startMinute: value.startMinute, endMinute: value.endMinute, leaveRequestId: null });
  }

  let holidays: Holiday[] = [
    { day: '2026-01-01', kind: 'newYear', name: null, dayOff: true },
    { day: '2026-01-02', kind: 'newYear', name: null, dayOff: true },
  ];
  const templates: ShiftTemplate[] = [];

  return [
    http.post(apiPath('/schedules/balances'), async ({ request }) => {
      const parsed = leaveBalancesQuery.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const people = parsed.data.groupId === undefined ? [group.people[1]!] : group.people;
      return HttpResponse.json(people.map((p) => ({ userId: p.id, name: p.name, year: parsed.data.year, allowance: 21, taken: 0, planned: 0, left: 21 })));
    }),
    http.get(apiPath('/schedules/holidays'), ({ request }) => {
      const year = new URL(request.url).searchParams.get('year') ?? '';
      return HttpResponse.json(holidaysResponse.parse(holidays.filter((h) => h.day.startsWith(`${year}-`))));
    }),
    http.post(apiPath('/schedules/holidays'), async ({ request }) => {
      const parsed = holidayInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      holidays = [...holidays.filter((h) => h.day !== parsed.data.day), parsed.data].sort((a, b) => a.day.localeCompare(b.day));
      return HttpResponse.json(parsed.data);
    }),
    http.delete(apiPath('/schedules/holidays/:day'), ({ params }) => {
      if (!holidays.some((h) => h.day === params.day)) return errorResponse(404, 'notFound', 'No such holiday.');
      holidays = holidays.filter((h) => h.day !== params.day);
      return HttpResponse.json({ ok: true });
    }),
    http.get(apiPath('/schedules/templates'), () => HttpResponse.json(templates)),
    http.post(apiPath('/schedules/templates'), async ({ request }) => {
      const parsed = shiftTemplateInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const created = { id: templates.length + 1, ...parsed.data };
      templates.push(created);
      return HttpResponse.json(created);
    }),
    http.post(apiPath('/schedules/templates/apply'), async ({ request }) => {
      const parsed = shiftTemplateApplyInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const template = templates.find((x) => x.id === parsed.data.templateId);
      if (!template) return errorResponse(404, 'notFound', 'No such template.');
      let changed = 0;
      for (const userId of parsed.data.userIds) {
        template.days.forEach((value, i) => {
          if (value === null) return;
          paint(userId, addDays(parsed.data.weekStart, i), value);
          changed++;
        });
      }
      return HttpResponse.json({ changed });
    }),
    http.get(apiPath('/schedules/groups'), () => HttpResponse.json(scheduleGroupsResponse.parse([{ id: group.id, name: group.name, canEdit: true }]))),
    http.get(apiPath('/schedules/month'), ({ request }) => {
      const parsed = scheduleMonthQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      if (parsed.data.groupId !== group.id) return errorResponse(404, 'notFound', 'No such group.');
      return HttpResponse.json(monthOf(parsed.data.month));
    }),
    http.post(apiPath('/schedules/paint'), async ({ request }) => {
      const parsed = schedulePaintInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const { groupId, cells: targets, value } = parsed.data;
      if (groupId !== group.id) return errorResponse(404, 'notFound', 'No such group.');
      if (!targets.every((c) => inGroup(c.userId))) return errorResponse(422, 'notInGroup', 'Someone is not in the group.');
      for (const c of targets) paint(c.userId, c.day, value);
      return HttpResponse.json({ changed: targets.length });
    }),
    http.post(apiPath('/schedules/copyWeek'), async ({ request }) => {
      const parsed = scheduleCopyWeekInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const { weekStart, weeks } = parsed.data;
      if (new Date(`${weekStart}T00:00:00Z`).getUTCDay() !== 1) return errorResponse(422, 'notMonday', 'A week starts on Monday.');
      const week = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
      const source = cells.filter((e) => week.includes(e.day));
      let changed = 0;
      for (let w = 1; w <= weeks; w++) {
        for (const [i, day] of week.entries()) {
          for (const person of group.people) {
            const from = source.find((e) => e.userId === person.id && e.day === day);
            paint(person.id, addDays(week[0]!, w * 7 + i), from ?? null);
            changed++;
          }
        }
      }
      return HttpResponse.json({ changed });
    }),
    http.post(apiPath('/schedules/pattern'), async ({ request }) => {
      const parsed = schedulePatternInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const { groupId, userIds, from, to, pattern } = parsed.data;
      if (groupId !== group.id) return errorResponse(404, 'notFound', 'No such group.');
      if (!userIds.every(inGroup)) return errorResponse(422, 'notInGroup', 'Someone is not in the group.');
      const length = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
      if (length < 1 || length > 62) return errorResponse(422, 'invalidRange', 'Choose 1 to 62 days.');
      let changed = 0;
      for (let day = from, i = 0; day <= to; day = addDays(day, 1), i++) {
        for (const userId of userIds) {
          paint(userId, day, pattern[i % pattern.length] ?? null);
          changed++;
        }
      }
      return HttpResponse.json({ changed });
    }),
    http.post(apiPath('/schedules/settings'), async ({ request }) => {
      const parsed = scheduleSettingsInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      group.minCoverage = parsed.data.minCoverage;
      return HttpResponse.json({ ok: true });
    }),
    http.post(apiPath('/schedules/leave/list'), async ({ request }) => {
      const parsed = leaveListQuery.safeParse(await request.json().catch(() => ({})));
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      return HttpResponse.json(leaveListResponse.parse(leaves.filter((l) => parsed.data.groupId === undefined || l.groupId === parsed.data.groupId)));
    }),
    http.post(apiPath('/schedules/leave'), async ({ request }) => {
      const parsed = leaveRequestInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const { groupId, kind, startDay, endDay, reason } = parsed.data;
      if (groupId !== group.id) return errorResponse(404, 'notFound', 'No such group.');
      if (endDay < startDay) return validationErrorResponse([{ path: ['endDay'], message: 'invalidRange' }]);
      const days = Math.round((Date.parse(endDay) - Date.parse(startDay)) / 86_400_000) + 1;
      const created = leaveRequest.parse({
        id: leaves.length + 1,
        user: { id: group.people[1]!.id, name: group.people[1]!.name },
        groupId,
        groupName: group.name,
        kind,
        startDay,
        endDay,
        days,
        reason,
        status: 'IN_APPROVAL',
        createdAt: new Date().toISOString(),
      });
      leaves.push(created);
      return HttpResponse.json(created);
    }),
    http.get(apiPath('/schedules/leave/:id'), ({ params }) => {
      const found = leaves.find((l) => l.id === Number(params.id));
      if (!found) return errorResponse(404, 'notFound', 'No such leave request.');
      const coverage = Array.from({ length: found.days }, (_, i) => {
        const day = addDays(found.startDay, i);
        const present = cells.filter((e) => e.day === day && COVERAGE_KINDS.includes(e.kind)).length;
        const requesterPresent = cells.some((e) => e.day === day && e.userId === found.user.id && COVERAGE_KINDS.includes(e.kind));
        return { day, present, minCoverage: group.minCoverage, withoutRequester: present - (requesterPresent ? 1 : 0) };
      });
      return HttpResponse.json(leaveRequestDetail.parse({ request: found, coverage }));
    }),
  ];
}
