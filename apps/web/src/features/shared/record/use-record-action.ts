import { useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { toast } from '@servicedesk/ui/Toast';
import { useRefusalText, type RefusalTexts } from './refusal';
import { useRecordRefresh } from './use-record-refresh';

/** What {@link useRecordAction} needs to know about the record. */
export interface RecordActionTarget {
  /** The record kind on the engine and the hub (`contract`, `helpdeskRequest`, …). */
  recordKind: string;
  recordId: number;
  /** The record's own query key, refetched with its approval chain after every action. */
  recordKey?: QueryKey;
  /** The module's own refusal sentences (refusal.ts). */
  refusal?: RefusalTexts;
}

/**
 * Runs a record page's actions the same way on every page: one at a time (`running` names the one
 * in flight, for the buttons' pending and disabled states), then the record and its approval
 * chain refetched together ({@link useRecordRefresh}: a decision shows in the chain without a
 * reload) and a toast saying what happened; a refusal as a toast in the user's language, and the
 * promise rejects so a dialog that asked for a comment stays open with it.
 */
export function useRecordAction<A extends string>(target: RecordActionTarget) {
  const [running, setRunning] = useState<A | null>(null);
  const refresh = useRecordRefresh(target.recordKind, target.recordId, target.recordKey);
  const explain = useRefusalText(target.refusal);
  const run = async <T>(action: A, call: () => Promise<T>, doneText: string): Promise<T> => {
    setRunning(action);
    try {
      const result = await call();
      await refresh();
      toast.show({ title: doneText, variant: 'success' });
      return result;
    } catch (error) {
      toast.show({ title: explain(error), variant: 'error' });
      throw error;
    } finally {
      setRunning(null);
    }
  };
  return { running, run, explain };
}
