import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@servicedesk/api/errors';
import { useLeaveRequest } from '@servicedesk/api/schedules/schedules';
import { formatDate, formatNumber } from '@servicedesk/i18n';
import { RecordPage, RecordSection } from '@servicedesk/ui/RecordPage';
import { StatusBadge } from '@servicedesk/ui/StatusBadge';
import { ApprovalDecisionPanel } from '../shared/record/ApprovalChain';
import * as p from '../shared/page.css';
import * as s from './schedules.css';

const day = (iso: string, lang: string) => formatDate(`${iso}T12:00:00Z`, lang, { dateStyle: undefined, timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });

/**
 * /home/schedules/leave/:id (issue #18): a leave request — who, which days, why — with the
 * group's coverage on each of its days, with and without the requester (what the lead weighs
 * while deciding), and the approval chain with the decision bar (the approval engine; the lead
 * or their substitute decides). The requester sees its status.
 */
export function LeaveRequestPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useLeaveRequest(valid ? id : null);
  const data = query.data;
  if (!valid || query.isError) {
    const forbidden = isApiRequestError(query.error) && query.error.status === 403;
    return (
      <div className={p.page}>
        <h1 className={p.heading}>{forbidden ? t('schedules.leave.forbidden') : t('schedules.leave.notFound')}</h1>
        <Link to="/home/schedules">{t('schedules.back')}</Link>
      </div>
    );
  }
  if (!data) return <p className={p.muted}>{t('loading')}</p>;
  const r = data.request;
  const family = r.status === 'APPROVED' ? 'success' : r.status === 'REJECTED' || r.status === 'CANCELLED' ? 'danger' : 'warning';
  return (
    <RecordPage
      back={<Link to="/home/schedules">{t('schedules.back')}</Link>}
      number={`LV-${r.id}`}
      title={t('schedules.leave.pageTitle', { name: r.user.name })}
      status={
        <StatusBadge status={r.status} family={family}>
          <span data-testid="leave-status">{t(`schedules.leave.statuses.${r.status}`)}</span>
        </StatusBadge>
      }
      fields={[
        { label: t('schedules.group'), value: r.groupName },
        { label: t('schedules.leave.kind'), value: t(`schedules.kinds.${r.kind}`) },
        { label: t('schedules.leave.days'), value: `${day(r.startDay, i18n.language)} – ${day(r.endDay, i18n.language)} (${formatNumber(r.days, i18n.language)})` },
        ...(r.reason ? [{ label: t('schedules.leave.reason'), value: r.reason }] : []),
      ]}
      fieldsTitle={t('schedules.leave.details')}
    >
      <RecordSection title={t('schedules.leave.coverageTitle')}>
        <table className={s.table}>
          <thead>
            <tr>
              <th scope="col">{t('schedules.leave.day')}</th>
              <th scope="col">{t('schedules.leave.present')}</th>
              <th scope="col">{t('schedules.leave.without')}</th>
              <th scope="col">{t('schedules.minCoverage')}</th>
            </tr>
          </thead>
          <tbody>
            {data.coverage.map((c) => (
              <tr key={c.day} data-testid="leave-coverage-row">
                <td>{day(c.day, i18n.language)}</td>
                <td>{formatNumber(c.present, i18n.language)}</td>
                <td className={c.withoutRequester < c.minCoverage ? s.under : undefined}>
                  {formatNumber(c.withoutRequester, i18n.language)}
                  {c.withoutRequester < c.minCoverage ? ` — ${t('schedules.leave.underMin')}` : ''}
                </td>
                <td>{formatNumber(c.minCoverage, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </RecordSection>
      <RecordSection title={t('schedules.leave.approval')}>
        <ApprovalDecisionPanel recordKind="leaveRequest" recordId={r.id} onDecided={() => void query.refetch()} />
      </RecordSection>
    </RecordPage>
  );
}
