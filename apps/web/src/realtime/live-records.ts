import { useEffect } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { RecordKind } from '@servicedesk/contracts';
import { approvalsKeys } from '@servicedesk/api/approvals/approvals-keys';
import { documentsKeys } from '@servicedesk/api/documents/documents-keys';
import { helpdeskKeys } from '@servicedesk/api/helpdesk/helpdesk-keys';
import { financeKeys } from '@servicedesk/api/finance/finance-keys';
import { equipmentKeys } from '@servicedesk/api/equipment/equipment-keys';
import { stockKeys } from '@servicedesk/api/stock/stock-keys';
import { contractKeys } from '@servicedesk/api/contracts/contracts-keys';
import { debtKeys } from '@servicedesk/api/debts/debts-keys';
import { newsKeys } from '@servicedesk/api/news/news-keys';
import { schedulesKeys } from '@servicedesk/api/schedules/schedules-keys';
import type { HubClient } from '@servicedesk/realtime/connection';
import { useRealtimeHub } from './RealtimeProvider';

/**
 * What a change of a record refetches, per record kind (contracts RECORD_KINDS — a kind declared
 * there and missing here fails the typecheck): the query keys the server's
 * RecordChanged(kind, id) invalidates. Help desk: every help-desk answer (lists, details, the
 * dashboard figures) — only the mounted ones refetch.
 */
export const LIVE_RECORD_QUERIES: Record<RecordKind, (id: number) => QueryKey> = {
  helpdeskRequest: () => helpdeskKeys.all,
  vendorInvoice: () => financeKeys.all,
  equipmentRequest: () => equipmentKeys.all,
  inventory: () => stockKeys.all,
  contract: () => contractKeys.all,
  debtReport: (id) => debtKeys.report(id),
  document: () => documentsKeys.all,
  registryEntry: () => documentsKeys.all,
  newsPost: () => newsKeys.all,
  leaveRequest: () => schedulesKeys.all,
  stockCount: (id) => stockKeys.count(id),
};

/** One RecordChanged subscription per (hub connection, query cache), shared by every mounted caller. */
const subscriptions = new WeakMap<HubClient, Map<QueryClient, { holders: number; off: () => void }>>();

/**
 * Live records (issue #11 "one change reaches a browser once"): while mounted, the server's
 * RecordChanged(kind, id) — the one event of a change, sent to the record's viewers and to
 * everyone whose lists hold it (the kind's visibility rule on the server) — invalidates the
 * kind's queries ({@link LIVE_RECORD_QUERIES}) and the record's approval chain ONCE, however many components call this hook (the
 * shell, a list, a detail page share one subscription). Notifications (ReceiveNotification)
 * refresh the bell only; they never refetch records, so a change is not fetched twice.
 */
export function useLiveRecords(): void {
  const hub = useRealtimeHub();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!hub) return undefined;
    let byCache = subscriptions.get(hub);
    if (!byCache) subscriptions.set(hub, (byCache = new Map()));
    let subscription = byCache.get(queryClient);
    if (!subscription) {
      const off = hub.on('RecordChanged', (kind, id) => {
        const queryKey = Object.hasOwn(LIVE_RECORD_QUERIES, kind) ? LIVE_RECORD_QUERIES[kind as RecordKind](id) : null;
        if (queryKey) void queryClient.invalidateQueries({ queryKey });
        // The record's approval chain moves with it (a step decided changes no field of the record itself).
        void queryClient.invalidateQueries({ queryKey: approvalsKeys.record(kind, id) });
      });
      subscription = { holders: 0, off };
      byCache.set(queryClient, subscription);
    }
    subscription.holders++;
    const held = subscription;
    const cache = byCache;
    return () => {
      held.holders--;
      if (held.holders > 0) return;
      held.off();
      cache.delete(queryClient);
    };
  }, [hub, queryClient]);
}
