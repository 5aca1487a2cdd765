import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { helpdeskKeys } from '@servicedesk/api/helpdesk/helpdesk-keys';
import { useRealtime } from '../../../realtime/RealtimeProvider';
import { useLiveRecords } from '../../../realtime/live-records';

/**
 * Keeps a help-desk request's page live (issue #6 "every user sees each step without a
 * reload"): its changes arrive through the live records (realtime/live-records.ts — one
 * RecordChanged, one refetch); a (re)connection of the hub, which may have missed events
 * meanwhile, refetches the detail.
 */
export function useHelpdeskRecordRefresh(id: number | null): void {
  const queryClient = useQueryClient();
  const { state } = useRealtime();
  useLiveRecords();
  // A reconnection may have missed events: refetch then (not on the first connection).
  const connectedBefore = useRef(false);
  useEffect(() => {
    if (state !== 'connected') return;
    if (connectedBefore.current && id !== null) void queryClient.invalidateQueries({ queryKey: helpdeskKeys.detail(id) });
    connectedBefore.current = true;
  }, [state, id, queryClient]);
}
