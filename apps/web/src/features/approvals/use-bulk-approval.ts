import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyApprovalRow } from '@servicedesk/contracts';
import { useBulkApprove } from '@servicedesk/api/approvals/my-approvals';
import { toast } from '@servicedesk/ui/Toast';
import { recordKindAndId } from '../shared/record-kinds';
import { refusalKey } from '../shared/record/refusal';
import { keyOf, rowLabel } from './approval-rows';

/** A record a bulk approval could not approve: its row key, how it is named, the reason (translated). */
export interface BulkFailure {
  key: string;
  label: string;
  reason: string;
}

/**
 * Approving several records with one comment: `run(targets, comment)` sends them at once (each is
 * still checked on its own by the server), toasts how many were approved and how many not, keeps
 * the refused ones with their reasons in `failures` and calls `onDone` (the page clears its
 * selection); a refused call is an error toast. Resolves whether the call went through.
 */
export function useBulkApproval(onDone: () => void) {
  const { t } = useTranslation();
  const bulk = useBulkApprove();
  const [failures, setFailures] = useState<BulkFailure[]>([]);

  const run = async (targets: MyApprovalRow[], comment: string) => {
    try {
      const answer = await bulk.mutateAsync({
        items: targets.map((r) => ({ recordKind: r.recordKind, recordId: r.recordId })),
        comment: comment || undefined,
      });
      const byKey = new Map(targets.map((r) => [keyOf(r), r]));
      setFailures(
        answer.results
          .filter((r) => !r.ok)
          .map((r) => ({
            key: keyOf(r),
            label: byKey.get(keyOf(r))
              ? rowLabel(byKey.get(keyOf(r))!)
              : recordKindAndId(t, r.recordKind, r.recordId),
            reason: t(`errors.api.${r.code ?? 'generic'}`, {
              defaultValue: r.message ?? t('error.generic'),
            }),
          })),
      );
      toast.show({
        title: t('approvals.bulk.result', { approved: answer.approved, failed: answer.failed }),
        variant: answer.failed > 0 ? 'warning' : 'success',
      });
      onDone();
      return true;
    } catch (error) {
      toast.show({
        title: t(refusalKey(error), { defaultValue: t('error.generic') }),
        variant: 'error',
      });
      return false;
    }
  };

  return { isPending: bulk.isPending, failures, run };
}
