import { useTranslation } from 'react-i18next';
import { APPROVAL_COMMENT_MIN } from '@servicedesk/contracts';
import type { DecisionBarTexts } from '@servicedesk/ui/DecisionBar';

/** The DecisionBar's texts in the current language (comment rule: {@link APPROVAL_COMMENT_MIN} characters). */
export function useDecisionBarTexts(): DecisionBarTexts {
  const { t } = useTranslation();
  return {
    label: t('approvals.chain.yourDecision'),
    approve: t('approvals.actions.approve'),
    reject: t('approvals.actions.reject'),
    return: t('approvals.actions.return'),
    commentLabel: t('approvals.dialogs.comment'),
    commentHint: t('approvals.chain.commentHint', { n: APPROVAL_COMMENT_MIN }),
    commentRequired: t('approvals.dialogs.minLength', { n: APPROVAL_COMMENT_MIN }),
    cancel: t('cancel'),
  };
}
