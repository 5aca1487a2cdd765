import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@servicedesk/api/errors';
import { ConfirmDialog } from '@servicedesk/ui/ConfirmDialog';

/** What the server said about a possible duplicate: the vendor's invoices of the same amount within `days` days. */
export interface PossibleDuplicate {
  numbers: string[];
  days: number;
}

/** The 409 `possibleDuplicateInvoice` of a save (issue #41) as its details, or null for any other error. */
export function possibleDuplicate(error: unknown): PossibleDuplicate | null {
  if (!isApiRequestError(error, 409) || error.code !== 'possibleDuplicateInvoice') return null;
  const details = (error.details ?? {}) as Partial<PossibleDuplicate>;
  return { numbers: details.numbers ?? [], days: details.days ?? 7 };
}

/**
 * The warning of a save that looks like a duplicate (same vendor and amount within a week): the
 * user confirms (`onConfirm` saves again with `confirmDuplicate`) or goes back to check. Modelled on
 * the contract's duplicate-TIN confirmation.
 */
export function DuplicateWarning({ duplicate, onConfirm, onClose }: { duplicate: PossibleDuplicate | null; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      isOpen={duplicate !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('money.duplicate.title')}
      confirmLabel={t('money.duplicate.confirm')}
      cancelLabel={t('money.duplicate.cancel')}
      variant="info"
      onConfirm={onConfirm}
    >
      {duplicate ? t('money.duplicate.body', { days: duplicate.days, numbers: duplicate.numbers.join(', ') }) : null}
    </ConfirmDialog>
  );
}
