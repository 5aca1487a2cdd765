import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EquipmentRequestDetail } from '@servicedesk/contracts';
import { useApprovalState } from '@servicedesk/api/approvals/my-approvals';
import { useEquipmentAction } from '@servicedesk/api/equipment/equipment-mutations';
import { formatMoney } from '@servicedesk/i18n';
import { DecisionBar } from '@servicedesk/ui/DecisionBar';
import { RecordSection } from '@servicedesk/ui/RecordPage';
import { toast } from '@servicedesk/ui/Toast';
import { useDecisionBarBase } from '../../shared/record/decision-bar-texts';
import { EQUIPMENT_RECORD_KIND } from '../shared/equipment-display';
import * as s from '../shared/equipment.css';

/**
 * The pending step's decision for its approver or their substitute: the DecisionBar, with — at
 * the director's step of a request over budget — the budget warning and the explicit override
 * checkbox (the server refuses approval without it: 422 `budgetExceeded`).
 */
export function DecisionSection({ detail }: { detail: EquipmentRequestDetail }) {
  const { t, i18n } = useTranslation();
  const r = detail.request;
  const state = useApprovalState(EQUIPMENT_RECORD_KIND, r.id);
  const action = useEquipmentAction();
  const bar = useDecisionBarBase(state);
  const [override, setOverride] = useState(false);
  const pending = state.data?.steps.find((step) => step.status === 'PENDING');
  if (!pending || bar.decisions.length === 0) return null;
  const directorStep = pending.position === 1;
  const over = directorStep && detail.budgetCheck?.overBudget === true;
  const money = (n: number) => formatMoney(n, i18n.language, r.currency);
  return (
    <RecordSection title={t('equipment.detail.decisionTitle')}>
      {state.data?.onBehalfOf ? (
        <p className={s.muted}>
          {t('equipment.detail.asSubstitute', { name: state.data.onBehalfOf.name })}
        </p>
      ) : null}
      <DecisionBar
        {...bar}
        override={
          over ? (
            <div className={s.commentForm}>
              <p className={s.budgetWarning} role="alert">
                {t('equipment.budget.overForDirector', {
                  remaining: money(detail.budgetCheck!.remaining),
                  requested: money(detail.budgetCheck!.requested),
                })}
              </p>
              <label className={s.check}>
                <input
                  className={s.checkbox}
                  type="checkbox"
                  checked={override}
                  onChange={(e) => setOverride(e.target.checked)}
                />
                {t('equipment.budget.overrideLabel')}
              </label>
            </div>
          ) : undefined
        }
        onDecide={async (decision, comment) => {
          await action.mutateAsync({
            id: r.id,
            action: directorStep ? 'directorCallback' : 'visaPoolCallback',
            input: { decision, comment: comment || undefined, overrideBudget: over && override },
          });
          toast.show({ title: t(`equipment.done.${decision}`), variant: 'success' });
          setOverride(false);
        }}
      />
    </RecordSection>
  );
}
