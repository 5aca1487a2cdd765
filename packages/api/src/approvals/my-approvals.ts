import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type {
  ApprovalBulkInput,
  ApprovalBulkResponse,
  ApprovalDecideInput,
  ApprovalState,
  MyApprovalsCount,
  MyApprovalsQuery,
  MyApprovalsResponse,
} from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';
import { approvalsKeys } from './approvals-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const approvalsContracts = () => import('@servicedesk/contracts/approvals');

/**
 * POST /api/approvals/mine { skip, take, recordKind? } → { total, rows }: what waits for the
 * caller's decision — as an approver or as the active substitute of one (`onBehalfOf`) — across
 * every record kind on the approval engine, newest first (issue #11).
 */
export function getMyApprovals(client: ApiClient, query: MyApprovalsQuery, signal?: AbortSignal): Promise<MyApprovalsResponse> {
  return client.request({ method: 'POST', path: '/approvals/mine', body: query, schema: () => approvalsContracts().then((m) => m.myApprovalsResponse), signal });
}

/** One page of my approvals (the previous page stays shown while the next loads). */
export function useMyApprovals(query: MyApprovalsQuery) {
  const client = useApiClient();
  return useQuery(
    queryOptions({ queryKey: approvalsKeys.minePage(query), queryFn: ({ signal }) => getMyApprovals(client, query, signal), placeholderData: keepPreviousData }),
  );
}

/** GET /api/approvals/mine/count → { pending }: the dashboard figure. */
export function getMyApprovalsCount(client: ApiClient, signal?: AbortSignal): Promise<MyApprovalsCount> {
  return client.request({ method: 'GET', path: '/approvals/mine/count', schema: () => approvalsContracts().then((m) => m.myApprovalsCount), signal });
}

/** How many decisions wait for the caller (fresh for 30 s; a decision refreshes it). */
export function useMyApprovalsCount(options: { enabled?: boolean } = {}) {
  const client = useApiClient();
  return useQuery({ queryKey: approvalsKeys.mineCount(), queryFn: ({ signal }) => getMyApprovalsCount(client, signal), staleTime: 30_000, ...options });
}

/** GET /api/approvals/record/{recordKind}/{recordId} → ApprovalState (steps, who decided, the caller's decisions). */
export function getApprovalState(client: ApiClient, recordKind: string, recordId: number, signal?: AbortSignal): Promise<ApprovalState> {
  return client.request({ method: 'GET', path: encodePath`/approvals/record/${recordKind}/${recordId}`, schema: () => approvalsContracts().then((m) => m.approvalState), signal });
}

/**
 * A record's approval (for the ApprovalTimeline and the DecisionBar), fresh for 30 s: the parts of
 * a record page that read it load as chunks of their own and mount moments apart (the equipment
 * request's decision section, then its chain); each mount refetching a stale answer fetched it
 * twice and disabled the bar (`isFetching`) under the user's pointer, swallowing a press. What
 * changes an approval refreshes it without waiting: the app's decisions and actions invalidate
 * `approvalsKeys`, others' decisions arrive as RecordChanged (useLiveRecords), a record's new
 * `version` refetches its chain.
 */
export function useApprovalState(recordKind: string, recordId: number, options: { enabled?: boolean } = {}) {
  const client = useApiClient();
  return useQuery({ queryKey: approvalsKeys.record(recordKind, recordId), queryFn: ({ signal }) => getApprovalState(client, recordKind, recordId, signal), staleTime: 30_000, ...options });
}

/**
 * POST /api/approvals/decide { recordKind, recordId, decision, comment? } → the record's
 * ApprovalState. Errors: 403 `forbidden` (rule `ownRecord`, `notApprover`), 422
 * `invalidTransition`, `commentRequired`, `commentTooShort`, 409 `approvalChanged`, 404.
 */
export function decideApproval(client: ApiClient, input: ApprovalDecideInput): Promise<ApprovalState> {
  return client.request({ method: 'POST', path: '/approvals/decide', body: input, schema: () => approvalsContracts().then((m) => m.approvalState) });
}

/**
 * POST /api/approvals/bulkApprove { items, comment? } → { results, approved, failed }: each record
 * approved on its own; refusals are reported per record, never thrown.
 */
export function bulkApprove(client: ApiClient, input: ApprovalBulkInput): Promise<ApprovalBulkResponse> {
  return client.request({ method: 'POST', path: '/approvals/bulkApprove', body: input, schema: () => approvalsContracts().then((m) => m.approvalBulkResponse) });
}

/** Refreshes my approvals (list and count) and the record's state after a decision (also after a 409). */
function useRefreshAfterDecision() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: approvalsKeys.all });
}

/** Mutation for {@link decideApproval}. */
export function useDecideApproval(options?: Omit<UseMutationOptions<ApprovalState, ApiRequestError, ApprovalDecideInput>, 'mutationFn'>) {
  const client = useApiClient();
  const refresh = useRefreshAfterDecision();
  return useMutation({
    ...options,
    mutationFn: (input: ApprovalDecideInput) => decideApproval(client, input),
    onSettled: async (...args) => {
      await refresh();
      return options?.onSettled?.(...args);
    },
  });
}

/** Mutation for {@link bulkApprove}. */
export function useBulkApprove(options?: Omit<UseMutationOptions<ApprovalBulkResponse, ApiRequestError, ApprovalBulkInput>, 'mutationFn'>) {
  const client = useApiClient();
  const refresh = useRefreshAfterDecision();
  return useMutation({
    ...options,
    mutationFn: (input: ApprovalBulkInput) => bulkApprove(client, input),
    onSettled: async (...args) => {
      await refresh();
      return options?.onSettled?.(...args);
    },
  });
}
