import { useCallback } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { approvalsKeys } from '@servicedesk/api/approvals/approvals-keys';

/**
 * Refreshes what a record page shows after something changed the record (a decision, a module
 * action): the record's own query (`recordKey`, e.g. `contractKeys.detail(id)`) and its approval
 * chain (GET /api/approvals/record/…) together, and "my approvals" with it. A module action that
 * decides a step (a contract's visa, an equipment director's callback) moves the chain without
 * necessarily changing the record's own fields, so the chain is never left to notice by itself.
 */
export function useRecordRefresh(recordKind: string, recordId: number, recordKey?: QueryKey): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      recordKey ? queryClient.invalidateQueries({ queryKey: recordKey }) : undefined,
      queryClient.invalidateQueries({ queryKey: approvalsKeys.record(recordKind, recordId) }),
      queryClient.invalidateQueries({ queryKey: approvalsKeys.mine() }),
    ]);
  }, [queryClient, recordKind, recordId, recordKey]);
}
