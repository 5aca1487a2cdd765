import type { MyApprovalsQuery } from '@servicedesk/contracts';

/** Query keys of "my approvals" and delegation (issue #11; TkDodo's key factory). */
export const approvalsKeys = {
  all: ['approvals'] as const,
  mine: () => [...approvalsKeys.all, 'mine'] as const,
  minePage: (query: MyApprovalsQuery) => [...approvalsKeys.mine(), 'page', query] as const,
  mineCount: () => [...approvalsKeys.mine(), 'count'] as const,
  record: (recordKind: string, recordId: number) => [...approvalsKeys.all, 'record', recordKind, recordId] as const,
  delegations: () => [...approvalsKeys.all, 'delegations'] as const,
};
