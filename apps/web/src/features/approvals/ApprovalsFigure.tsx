import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCheckMenuPermission } from '@servicedesk/api/global/check-menu-permission';
import { useMyApprovalsCount } from '@servicedesk/api/approvals/my-approvals';
import { formatNumber } from '@servicedesk/i18n';
import * as p from '../shared/page.css';

/**
 * The dashboard's "waiting for my approval" figure (issue #11): how many steps wait for the
 * caller or for whom they substitute (GET /api/approvals/mine/count), linking to /home/approvals.
 * Hidden for a user type without the `approvals` key.
 */
export function ApprovalsFigure() {
  const allowed = useCheckMenuPermission({ actionName: 'approvals' });
  if (!allowed.data?.hasPermission) return null;
  return <Figure />;
}

function Figure() {
  const { t, i18n } = useTranslation();
  const count = useMyApprovalsCount();
  return (
    <section aria-labelledby="dashboard-approvals" className={p.card} data-testid="stat-myApprovals">
      <h2 id="dashboard-approvals" className={p.statLabel}>
        {t('approvals.dashboard.figure')}
      </h2>
      <p className={p.statValue} aria-busy={count.isPending}>
        {count.data ? formatNumber(count.data.pending, i18n.language) : '…'}
      </p>
      <Link to="/home/approvals">{t('approvals.dashboard.open')}</Link>
    </section>
  );
}
