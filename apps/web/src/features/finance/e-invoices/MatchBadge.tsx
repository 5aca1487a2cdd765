import { useTranslation } from 'react-i18next';
import type { EInvoiceMatchStatus } from '@servicedesk/contracts';
import { StatusBadge } from '@servicedesk/ui/StatusBadge';
import { matchFamilies } from '../shared/finance-display';

/** An e-invoice's match with the vendor invoices (issue #16: matched, differs, unmatched…) as a badge in its family's colour. */
export function MatchBadge({ status }: { status: EInvoiceMatchStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} family={matchFamilies[status]}>
      {t(`finance.matchStatuses.${status}`)}
    </StatusBadge>
  );
}
