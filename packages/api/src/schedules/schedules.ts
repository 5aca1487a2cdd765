import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
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
