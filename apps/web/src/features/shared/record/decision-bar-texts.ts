import { useTranslation } from 'react-i18next';
import { APPROVAL_COMMENT_MIN, type ApprovalDecision } from '@servicedesk/contracts';
import type { DecisionBarProps, DecisionBarTexts } from '@servicedesk/ui/DecisionBar';
import { refusalKey } from './refusal';

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

/**
 * What every DecisionBar of a record on the approval engine shares, from the record's approval
 * state (GET /api/approvals/record/…): the texts, the decisions the server allows the caller now,
 * the comment rule ({@link APPROVAL_COMMENT_MIN}), a refusal's text (its `errors.api.*` key) and
 * disabled while the state refreshes. The page adds `onDecide` (and an `override` if it has one).
 */
export function useDecisionBarBase(state: {
  data?: { allowedDecisions: ApprovalDecision[] };
  isFetching: boolean;
}): Pick<DecisionBarProps, 'texts' | 'minCommentLength' | 'errorText' | 'isDisabled'> & { decisions: ApprovalDecision[] } {
  const { t } = useTranslation();
  const texts = useDecisionBarTexts();
  return {
    texts,
    decisions: state.data?.allowedDecisions ?? [],
    minCommentLength: APPROVAL_COMMENT_MIN,
    errorText: (error) => t(refusalKey(error), { defaultValue: t('error.generic') }),
    isDisabled: state.isFetching,
  };
}
