import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CONTRACT_END_REMINDER_DAYS } from '@servicedesk/contracts';
import { useCheckMenuPermission } from '@servicedesk/api/global/check-menu-permission';
import { useContractsDashboard } from '@servicedesk/api/contracts/get-contracts-dashboard';
import { formatNumber } from '@servicedesk/i18n';
import * as p from '../shared/page.css';

/**
 * The dashboard's "contracts ending in 30 days" figure (issue #14; DOMAIN.md "Dashboard"): ACTIVE
 * contracts ending within 30 days — the user's own (responsible or author), or all of them for
 * holders of contracts.viewAll (lawyers, clerks, the director). The link opens the contracts list
 * filtered the same way (`?endingWithinDays=30`). Hidden without the `contracts` key.
 */
export function ContractsEndingFigure() {
  const allowed = useCheckMenuPermission({ actionName: 'contracts' });
  if (!allowed.data?.hasPermission) return null;
  return <Figure />;
}

function Figure() {
  const { t, i18n } = useTranslation();
  const figure = useContractsDashboard();
  return (
    <section
      aria-labelledby="dashboard-contracts-ending"
      className={p.card}
      data-testid="stat-contractsEnding"
    >
      <h2 id="dashboard-contracts-ending" className={p.statLabel}>
        {t('contracts.dashboard.endingSoon')}
      </h2>
      <p className={p.statValue} aria-busy={figure.isPending}>
        {figure.data ? formatNumber(figure.data.endingSoon, i18n.language) : '…'}
      </p>
      <Link to={`/home/contracts?endingWithinDays=${CONTRACT_END_REMINDER_DAYS}`}>
        {t('contracts.dashboard.open')}
      </Link>
    </section>
  );
}
