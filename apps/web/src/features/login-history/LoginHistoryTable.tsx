import { useTranslation } from 'react-i18next';
import type { LoginHistoryItem } from '@servicedesk/contracts';
import { formatDateTime, formatNumber } from '@servicedesk/i18n';
import { Badge } from '@servicedesk/ui/Badge';
import * as p from '../shared/page.css';
import * as s from './login-history.css';
import { numericDateTime } from '../shared/format';

/**
 * The sign-in attempts as a table: time, user and address (admins only), success or failure with
 * its reason, IP, browser and position (latitude, longitude to four places, or "no position").
 */
export function LoginHistoryTable({
  rows,
  isAdmin,
}: {
  rows: LoginHistoryItem[];
  isAdmin: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    // A wide table scrolls on its own; the wrapper is focusable so keyboard users can scroll it.
    <div
      className={s.tableWrap}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={t('account.loginHistory.title')}
    >
      <table className={s.table}>
        <thead>
          <tr>
            <th className={s.th} scope="col">
              {t('account.loginHistory.time')}
            </th>
            {isAdmin && (
              <th className={s.th} scope="col">
                {t('account.loginHistory.user')}
              </th>
            )}
            <th className={s.th} scope="col">
              {t('account.loginHistory.result')}
            </th>
            <th className={s.th} scope="col">
              {t('account.loginHistory.ip')}
            </th>
            <th className={s.th} scope="col">
              {t('account.loginHistory.userAgent')}
            </th>
            <th className={s.th} scope="col">
              {t('account.loginHistory.position')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="login-history-row" data-success={row.isSuccess}>
              <td className={s.td}>
                <time dateTime={row.createdAt}>
                  {formatDateTime(row.createdAt, lang, numericDateTime)}
                </time>
              </td>
              {isAdmin && (
                <td className={s.td} data-testid="login-history-user">
                  {row.userName ?? '—'}
                  <div className={p.muted}>{row.email}</div>
                </td>
              )}
              <td className={s.td}>
                <Badge variant={row.isSuccess ? 'success' : 'danger'}>
                  {row.isSuccess
                    ? t('account.loginHistory.resultSuccess')
                    : t('account.loginHistory.resultFailure')}
                </Badge>
                {row.reason && (
                  <div className={p.muted}>{t(`account.loginHistory.reason.${row.reason}`)}</div>
                )}
              </td>
              <td className={s.td}>{row.ip ?? '—'}</td>
              <td className={`${s.td} ${s.agent}`}>{row.userAgent ?? '—'}</td>
              <td className={s.td}>
                {row.latitude !== null && row.longitude !== null
                  ? `${formatNumber(row.latitude, lang, { maximumFractionDigits: 4 })}, ${formatNumber(row.longitude, lang, { maximumFractionDigits: 4 })}`
                  : t('account.loginHistory.noPosition')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
