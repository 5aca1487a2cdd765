import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryKey } from '@tanstack/react-query';
import type { ApprovalDecision } from '@servicedesk/contracts';
import { useApprovalState, useDecideApproval } from '@servicedesk/api/approvals/my-approvals';
import { DecisionBar } from '@servicedesk/ui/DecisionBar';
import { RecordSection } from '@servicedesk/ui/RecordPage';
import { toast } from '@servicedesk/ui/Toast';
import { ApprovalChain } from './ApprovalChain';
import { useDecisionBarBase } from './decision-bar-texts';
import { useRecordRefresh } from './use-record-refresh';

export interface RecordDecisionProps {
  /** The record kind on the approval engine (`contract`, `registryEntry`, …). */
  recordKind: string;
  recordId: number;
  /** The record's own query key: refetched with the chain after a decision (`useRecordRefresh`). */
  recordKey?: QueryKey;
  /** The record's version (its `updatedAt`): when it changes the chain is fetched again. Live changes (RecordChanged) and the kit's actions refresh the chain by themselves. */
  version?: string;
  /** The section's heading; default "Approval chain". */
  title?: string;
  /**
   * The module's own decision call (e.g. equipment's director callback with its budget override);
   * default POST /api/approvals/decide. Rejects with the server's refusal (shown in place by the bar).
   */
  decide?: (decision: ApprovalDecision, comment: string) => Promise<unknown>;
  /** Shown inside the bar above its buttons (e.g. a budget warning and override checkbox). */
  override?: ReactNode;
  /** A line above the bar (e.g. "you decide as X's substitute"). */
  note?: ReactNode;
  /** After the server took a decision and the record and chain were asked to refresh. */
  onDecided?: (decision: ApprovalDecision) => void;
  /** Render the bar only (the page shows the chain elsewhere). */
  chain?: boolean;
  /** The record's own answer of what the caller may decide (e.g. a registry entry's `allowedActions`): the bar offers only decisions both it and the engine allow. */
  allowed?: readonly string[];
}

/**
 * A record's decision section: its approval chain (the engine's steps) and, for the pending
 * step's approver or their active substitute, a DecisionBar with exactly the decisions the server
 * allows this user on this record now (`allowedDecisions` of GET /api/approvals/record/…: none for
 * the record's author, a bystander, or a closed record). After a decision the record's query and
 * the chain are refetched together and a toast says what happened; a refusal is explained in the
 * bar in the user's language, the comment kept.
 */
export function RecordDecision({ recordKind, recordId, recordKey, version, title, decide, override, note, onDecided, chain = true, allowed }: RecordDecisionProps) {
  const { t } = useTranslation();
  const state = useApprovalState(recordKind, recordId);
  const decideOnEngine = useDecideApproval();
  const refresh = useRecordRefresh(recordKind, recordId, recordKey);
  const base = useDecisionBarBase(state);
  const bar = allowed ? { ...base, decisions: base.decisions.filter((d) => allowed.includes(d)) } : base;
  const showBar = bar.decisions.length > 0 && state.data?.status === 'IN_APPROVAL';
  if (!chain && !showBar) return null;
  return (
    <RecordSection title={title ?? t('record.decision.title')}>
      {chain ? <ApprovalChain recordKind={recordKind} recordId={recordId} version={version} /> : null}
      {showBar ? (
        <>
          {note}
          <DecisionBar
            {...bar}
            override={override}
            onDecide={async (decision, comment) => {
              if (decide) await decide(decision, comment);
              else await decideOnEngine.mutateAsync({ recordKind, recordId, decision, comment: comment || undefined });
              await refresh();
              toast.show({ title: t(`record.decision.done.${decision}`), variant: 'success' });
              onDecided?.(decision);
            }}
          />
        </>
      ) : null}
    </RecordSection>
  );
}
