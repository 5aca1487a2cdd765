import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { helpdeskKeys } from '@servicedesk/api/helpdesk/helpdesk-keys';
import { useHubEvent, useRealtime } from '../../../realtime/RealtimeProvider';
import { useLiveRecords } from '../../../realtime/live-records';

/**
 * Presence on a record over the hub (issue #6 "who is viewing the request right now"): while the
 * page is mounted and the tab's hub is connected, JoinRecord(kind, id) — again after every
 * reconnect — and LeaveRecord when it unmounts or the id changes. Answers the user ids viewing
 * it now (the caller included), kept by the server's RecordViewers events; `[]` until the first
 * answer or while the hub is away (a refused join — a record the user may not see — leaves it so).
 */
export function useRecordViewers(kind: string, id: number | null): number[] {
  const { hub, state } = useRealtime();
  const [viewers, setViewers] = useState<number[]>([]);

  useEffect(() => {
    if (!hub || state !== 'connected' || id === null) {
      setViewers([]);
      return undefined;
    }
    let active = true;
    void hub.invoke('JoinRecord', kind, id).then((ids) => {
      if (active && Array.isArray(ids)) setViewers(ids);
    });
    return () => {
      active = false;
      if (hub.state === 'connected') void hub.invoke('LeaveRecord', kind, id);
    };
  }, [hub, state, kind, id]);

  useHubEvent('RecordViewers', (eventKind, eventId, ids) => {
    if (eventKind === kind && eventId === id && Array.isArray(ids)) setViewers(ids);
  });

  return viewers;
}

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
