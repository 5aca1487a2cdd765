import { useTranslation } from 'react-i18next';
import { useLeaveBalances } from '@servicedesk/api/schedules/schedules';
import { formatNumber } from '@servicedesk/i18n';
import * as p from '../shared/page.css';
import * as s from './schedules.css';

/**
 * The leave balance of `year` (issue #41; the server's `POST /api/schedules/balances`): the
 * caller's, or — for the group's lead — each member's: allowance, taken, planned, left, in leave
 * days (holidays not counted). Nothing until it has loaded.
 */
export function LeaveBalances({
  groupId,
  isLead,
  year,
}: {
  groupId: number;
  isLead: boolean;
  year: number;
}) {
  const { t, i18n } = useTranslation();
  const balances = useLeaveBalances(year, isLead ? groupId : null);
  const n = (v: number) => formatNumber(v, i18n.language);
  if (!balances.data) return null;
  return (
    <div className={s.scroll} data-testid="leave-balances">
      <table className={s.table}>
        <caption className={s.caption}>{t('schedules.balance.title', { year })}</caption>
        <thead>
          <tr>
            {isLead ? <th scope="col">{t('schedules.person')}</th> : null}
            <th scope="col">{t('schedules.balance.allowance')}</th>
            <th scope="col">{t('schedules.balance.taken')}</th>
            <th scope="col">{t('schedules.balance.planned')}</th>
            <th scope="col">{t('schedules.balance.left')}</th>
          </tr>
        </thead>
        <tbody>
          {balances.data.map((b) => (
            <tr key={b.userId}>
              {isLead ? <td>{b.name}</td> : null}
              <td>{n(b.allowance)}</td>
              <td>{n(b.taken)}</td>
              <td>{n(b.planned)}</td>
              <td className={b.left < 0 ? s.under : undefined}>{n(b.left)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={p.muted}>{t('schedules.balance.note')}</p>
    </div>
  );
}
