import { useTranslation } from 'react-i18next';
import { STOCK_REASON_MIN, type CountPlan } from '@servicedesk/contracts';
import type { useCountPlan } from '@servicedesk/api/stock/stock-queries';
import type { usePostCount } from '@servicedesk/api/stock/stock-mutations';
import { Prompt } from '@servicedesk/ui/Prompt';
import { formatAmount } from './stock-display';

/** The plan's figures and values in a sentence (the confirmation names them). */
function planSentence(t: ReturnType<typeof useTranslation>['t'], plan: CountPlan, lang: string): string {
  return t('stock.count.plan.sentence', {
    writeOffs: t('stock.count.plan.writeOffs', { n: plan.figures.writeOffs, value: formatAmount(plan.writeOffs.value, lang) }),
    transfers: t('stock.count.plan.transfers', { n: plan.figures.transfers, value: formatAmount(plan.transfers.value, lang) }),
    adjustments: t('stock.count.plan.adjustments', { n: plan.figures.adjustments, value: formatAmount(plan.adjustments.value, lang) }),
  });
}

/**
 * "Post…" of count `id`: once its plan has arrived, a dialog says what posting writes (and what is
 * only reported), asks the write-offs' reason when there are any (≥ STOCK_REASON_MIN characters)
 * and posts with the figures confirmed; when the plan moved meanwhile (someone scanned) it is
 * fetched again and the dialog shows the new figures.
 */
export function CountPostPrompt({ id, isOpen, onOpenChange, plan, post }: { id: number; isOpen: boolean; onOpenChange: (open: boolean) => void; plan: ReturnType<typeof useCountPlan>; post: ReturnType<typeof usePostCount> }) {
  const { t, i18n } = useTranslation();
  return (
    <Prompt
      title={t('stock.count.plan.title')}
      isOpen={isOpen && plan.isSuccess}
      onOpenChange={onOpenChange}
      label={t('stock.columns.reason')}
      message={
        plan.data ? (
          <div data-testid="count-plan">
            <p>{planSentence(t, plan.data, i18n.language)}</p>
            {plan.data.reportedOnly.length ? <p>{t('stock.count.plan.reportedOnly', { n: plan.data.reportedOnly.length })}</p> : null}
            <p>{plan.data.reasonRequired ? t('stock.count.plan.reasonHint', { min: STOCK_REASON_MIN }) : t('stock.count.plan.noReason')}</p>
          </div>
        ) : null
      }
      minLength={plan.data?.reasonRequired ? STOCK_REASON_MIN : 0}
      minLengthMessage={t('stock.operations.reasonHint', { min: STOCK_REASON_MIN })}
      submitLabel={plan.data ? t('stock.count.plan.confirm', plan.data.figures) : t('stock.count.post')}
      cancelLabel={t('cancel')}
      onSubmit={async (reason) => {
        if (!plan.data) return;
        // The plan moved meanwhile (someone scanned): it is fetched again and the dialog shows the new figures.
        await post.mutateAsync({ id, reason, expected: plan.data.figures }).catch(async (e: unknown) => {
          await plan.refetch();
          throw e;
        });
      }}
    />
  );
}
