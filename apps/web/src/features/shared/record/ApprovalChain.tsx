import { useEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  type ApprovalDecision as Decision,
  type ApprovalState,
  type ApprovalStepStatus,
} from '@servicedesk/contracts';
import { approvalsKeys } from '@servicedesk/api/approvals/approvals-keys';
import { useApprovalState, useDecideApproval } from '@servicedesk/api/approvals/my-approvals';
import { isApiRequestError } from '@servicedesk/api/errors';
import { formatDateTime } from '@servicedesk/i18n';
import {
  ApprovalTimeline,
  type ApprovalDecision,
  type ApprovalOutcome,
  type ApprovalStep,
  type ApprovalStepState,
  type ApprovalTimelineTexts,
} from '@servicedesk/ui/ApprovalTimeline';
import { DecisionBar } from '@servicedesk/ui/DecisionBar';
import { numericDateTime } from '../format';
import * as p from '../page.css';
import { useDecisionBarBase, useDecisionBarTexts } from './decision-bar-texts';

export { useDecisionBarTexts };

const stepState: Record<ApprovalStepStatus, ApprovalStepState> = {
  WAITING: 'waiting',
  PENDING: 'pending',
  APPROVED: 'approved',
  REJECTED: 'rejected',
  DELEGATED: 'delegated',
  RETURNED: 'returned',
  SKIPPED: 'skipped',
};

const outcomeOf: Record<Decision, ApprovalOutcome> = {
  approve: 'approved',
  reject: 'rejected',
  return: 'returned',
};

/**
 * The engine's approval (GET /api/approvals/record/…, contracts `approvalState`) as the
 * ApprovalTimeline's steps: a step is named by its role (else "Step n"), is `single` when it has
 * one approver, and lists each approver's decision oldest first — "by X on behalf of Y" when the
 * one who pressed the button (`decidedBy`) is not the step's approver (a substitute, issue #11).
 */
export function toTimelineSteps(state: Pick<ApprovalState, 'steps'>, t: TFunction): ApprovalStep[] {
  return state.steps.map((step) => {
    const decisions: ApprovalDecision[] = step.approvers
      .filter((a) => a.decision !== null && a.decidedAt !== null)
      .sort((a, b) => Date.parse(a.decidedAt!) - Date.parse(b.decidedAt!))
      .map((a) => {
        const by = a.decidedBy ?? a.approver;
        return {
          id: `${step.id}-${a.approver.id}`,
          by,
          onBehalfOf: by.id !== a.approver.id ? a.approver : null,
          at: a.decidedAt!,
          outcome: outcomeOf[a.decision!],
          comment: a.comment,
        };
      });
    return {
      id: step.id,
      label: step.role
        ? t(`approvals.roles.${step.role}`)
        : t('approvals.chain.step', { position: step.position }),
      mode: step.approvers.length > 1 ? step.mode : 'single',
      state: stepState[step.status],
      approvers: step.approvers.map((a) => a.approver),
      decisions,
    };
  });
}

/** The ApprovalTimeline's texts in the current language; the decision sentence keeps each language's word order. */
export function useApprovalTimelineTexts(): ApprovalTimelineTexts {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      states: {
        waiting: t('approvals.chain.states.waiting'),
        pending: t('approvals.chain.states.pending'),
        approved: t('approvals.chain.states.approved'),
        rejected: t('approvals.chain.states.rejected'),
        returned: t('approvals.chain.states.returned'),
        delegated: t('approvals.chain.states.delegated'),
        skipped: t('approvals.chain.states.skipped'),
      },
      modes: { all: t('approvals.chain.modes.all'), any: t('approvals.chain.modes.any') },
      approvers: t('approvals.chain.approvers'),
      currentStep: t('approvals.chain.currentStep'),
      decision: (outcome, by, onBehalfOf) =>
        onBehalfOf
          ? t(`approvals.chain.decisions.${outcome}OnBehalf`, { by, name: onBehalfOf })
          : t(`approvals.chain.decisions.${outcome}`, { by }),
    }),
    [t],
  );
}

/**
 * A record's approval chain as an ApprovalTimeline (issue #11), loaded from GET
 * /api/approvals/record/{recordKind}/{recordId}; "loading" while it comes, "no approval steps"
 * when the record has no approval (404), an alert when it fails otherwise. `version` (e.g. the
 * record's `updatedAt`): when it changes after the first render, the chain is fetched again — the
 * record's own page changes the approval through the module's actions and live updates.
 */
export function ApprovalChain({ recordKind, recordId, version }: { recordKind: string; recordId: number; version?: string }) {
  const queryClient = useQueryClient();
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void queryClient.invalidateQueries({ queryKey: approvalsKeys.record(recordKind, recordId) });
  }, [queryClient, recordKind, recordId, version]);
  const { t, i18n } = useTranslation();
  const query = useApprovalState(recordKind, recordId);
  const texts = useApprovalTimelineTexts();
  const steps = useMemo(() => (query.data ? toTimelineSteps(query.data, t) : []), [query.data, t]);
  if (query.isPending) {
    return (
      <p className={p.muted} role="status">
        {t('loading')}
      </p>
    );
  }
  if (query.isError && isApiRequestError(query.error, 404)) return <p className={p.muted}>{t('approvals.chain.empty')}</p>;
  if (query.isError) return <p role="alert">{t('approvals.chain.loadFailed')}</p>;
  return (
    <ApprovalTimeline
      steps={steps}
      label={t('approvals.chain.label')}
      texts={texts}
      formatDateTime={(iso) => formatDateTime(iso, i18n.language, numericDateTime)}
      emptyText={t('approvals.chain.empty')}
    />
  );
}

/**
 * A waiting record's chain and the caller's decision (issue #11 "My approvals"): the
 * ApprovalTimeline, then a DecisionBar with the decisions the server allows the caller now
 * (`allowedDecisions`). A decision goes to POST /api/approvals/decide; `onDecided` runs after the
 * server took it (the lists refresh themselves); a refusal is shown in place, the comment kept.
 */
export function ApprovalDecisionPanel({
  recordKind,
  recordId,
  onDecided,
}: {
  recordKind: string;
  recordId: number;
  onDecided: (decision: Decision) => void;
}) {
  const state = useApprovalState(recordKind, recordId);
  const decide = useDecideApproval();
  const bar = useDecisionBarBase(state);
  return (
    <>
      <ApprovalChain recordKind={recordKind} recordId={recordId} />
      {bar.decisions.length > 0 ? (
        <DecisionBar
          {...bar}
          onDecide={async (decision, comment) => {
            await decide.mutateAsync({
              recordKind,
              recordId,
              decision,
              comment: comment || undefined,
            });
            onDecided(decision);
          }}
        />
      ) : null}
    </>
  );
}
