import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  HolidayInput,
  ShiftTemplateApplyInput,
  ShiftTemplateInput,
  LeaveRequestInput,
  ScheduleCopyWeekInput,
  SchedulePaintInput,
  SchedulePatternInput,
} from '@servicedesk/contracts';
import { encodePath } from '../client';
import { useApiClient } from '../provider';
import { schedulesKeys } from './schedules-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const errorsContracts = () => import('@servicedesk/contracts/errors');
const schedulesContracts = () => import('@servicedesk/contracts/schedules');

/*
 * Staff schedules and leave requests (issue #18; SPEC §7 "staff schedules and positions").
 * Leave decisions go through the approval engine (approvals/decide).
 */

/** GET /api/schedules/groups: the groups whose month the caller may open. */
export function useScheduleGroups() {
  const client = useApiClient();
  return useQuery({ queryKey: schedulesKeys.groups(), queryFn: ({ signal }) => client.request({ method: 'GET', path: '/schedules/groups', schema: () => schedulesContracts().then((m) => m.scheduleGroupsResponse), signal }) });
}

/** GET /api/schedules/month: a group's month; idle while `groupId` is null. */
export function useScheduleMonth(groupId: number | null, month: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: schedulesKeys.month(groupId ?? 0, month),
    queryFn: ({ signal }) => client.request({ method: 'GET', path: `/schedules/month?groupId=${groupId ?? 0}&month=${encodeURIComponent(month)}`, schema: () => schedulesContracts().then((m) => m.scheduleMonth), signal }),
    enabled: groupId !== null,
    placeholderData: (previous) => previous,
  });
}

/** The editing calls (paint, copy a week, pattern, minimum): each refreshes the schedule answers. */
export function useScheduleEdits() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: schedulesKeys.all });
  const paint = useMutation({
    mutationFn: (input: SchedulePaintInput) => client.request({ method: 'POST', path: '/schedules/paint', body: input, schema: () => schedulesContracts().then((m) => m.schedulePaintResponse) }),
    onSuccess: done,
  });
  const copyWeek = useMutation({
    mutationFn: (input: ScheduleCopyWeekInput) => client.request({ method: 'POST', path: '/schedules/copyWeek', body: input, schema: () => schedulesContracts().then((m) => m.schedulePaintResponse) }),
    onSuccess: done,
  });
  const pattern = useMutation({
    mutationFn: (input: SchedulePatternInput) => client.request({ method: 'POST', path: '/schedules/pattern', body: input, schema: () => schedulesContracts().then((m) => m.schedulePaintResponse) }),
    onSuccess: done,
  });
  const settings = useMutation({
    mutationFn: (input: { groupId: number; minCoverage: number }) => client.request({ method: 'POST', path: '/schedules/settings', body: input, schema: () => errorsContracts().then((m) => m.okResponse) }),
    onSuccess: done,
  });
  return { paint, copyWeek, pattern, settings };
}

/** POST /api/schedules/leave/list: mine (groupId null) or a group's (its lead). */
export function useLeaveList(groupId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: schedulesKeys.leaveList(groupId),
    queryFn: ({ signal }) => client.request({ method: 'POST', path: '/schedules/leave/list', body: groupId === null ? {} : { groupId }, schema: () => schedulesContracts().then((m) => m.leaveListResponse), signal }),
  });
}

/** GET /api/schedules/leave/{id}: the request and the group's coverage on its days. */
export function useLeaveRequest(id: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: schedulesKeys.leave(id ?? 0),
    queryFn: ({ signal }) => client.request({ method: 'GET', path: encodePath`/schedules/leave/${id ?? 0}`, schema: () => schedulesContracts().then((m) => m.leaveRequestDetail), signal }),
    enabled: id !== null,
    retry: false,
  });
}

/** POST /api/schedules/leave: ask for leave (submitted to the group's lead). */
export function useRequestLeave() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LeaveRequestInput) => client.request({ method: 'POST', path: '/schedules/leave', body: input, schema: () => schedulesContracts().then((m) => m.leaveRequest) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesKeys.all }),
  });
}

/** POST /api/schedules/balances: the caller's leave balance for `year` (groupId null), or each member's of a group (its lead). */
export function useLeaveBalances(year: number, groupId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: schedulesKeys.balances(year, groupId),
    queryFn: ({ signal }) =>
      client.request({ method: 'POST', path: '/schedules/balances', body: groupId === null ? { year } : { year, groupId }, schema: () => schedulesContracts().then((m) => m.leaveBalancesResponse), signal }),
  });
}

/** GET /api/schedules/holidays?year=: the holiday calendar of the year. */
export function useHolidays(year: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: schedulesKeys.holidays(year),
    queryFn: ({ signal }) => client.request({ method: 'GET', path: `/schedules/holidays?year=${year}`, schema: () => schedulesContracts().then((m) => m.holidaysResponse), signal }),
  });
}

/** The holiday calendar's edits (an organisation admin): add or replace a day, remove one. */
export function useHolidayEdits() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: schedulesKeys.all });
  const save = useMutation({
    mutationFn: (input: HolidayInput) => client.request({ method: 'POST', path: '/schedules/holidays', body: input, schema: () => schedulesContracts().then((m) => m.holiday) }),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (day: string) => client.request({ method: 'DELETE', path: encodePath`/schedules/holidays/${day}`, schema: () => errorsContracts().then((m) => m.okResponse) }),
    onSuccess: done,
  });
  return { save, remove };
}

/** GET /api/schedules/templates?groupId=: the group's shift templates. */
export function useShiftTemplates(groupId: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: schedulesKeys.templates(groupId),
    queryFn: ({ signal }) => client.request({ method: 'GET', path: `/schedules/templates?groupId=${groupId}`, schema: () => schedulesContracts().then((m) => m.shiftTemplatesResponse), signal }),
  });
}

/** Shift templates' edits (the group's lead): create, apply to a week, delete. */
export function useShiftTemplateEdits() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: schedulesKeys.all });
  const create = useMutation({
    mutationFn: (input: ShiftTemplateInput) => client.request({ method: 'POST', path: '/schedules/templates', body: input, schema: () => schedulesContracts().then((m) => m.shiftTemplate) }),
    onSuccess: done,
  });
  const apply = useMutation({
    mutationFn: (input: ShiftTemplateApplyInput) => client.request({ method: 'POST', path: '/schedules/templates/apply', body: input, schema: () => schedulesContracts().then((m) => m.schedulePaintResponse) }),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (id: number) => client.request({ method: 'DELETE', path: encodePath`/schedules/templates/${id}`, schema: () => errorsContracts().then((m) => m.okResponse) }),
    onSuccess: done,
  });
  return { create, apply, remove };
}
