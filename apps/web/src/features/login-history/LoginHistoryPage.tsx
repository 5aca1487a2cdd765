import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginHistoryList } from '@servicedesk/api/global/get-login-history-list';
import { formatDateTime, formatNumber } from '@servicedesk/i18n';
import { Badge } from '@servicedesk/ui/Badge';
import * as p from '../shared/page.css';
import * as s from './login-history.css';
import { numericDateTime } from '../shared/format';

type Filter = 'all' | 'success' | 'failed';
const toIsSuccess: Record<Filter, boolean | null> = { all: null, success: true, failed: false };

/**
 * /user/login-history: the caller's sign-in attempts (getLoginHistoryList): time, success or
 * failure with its reason, IP, user agent and position; filtered all / successful / failed by
 * the server's isSuccess.
 */
export function LoginHistoryPage() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const history = useLoginHistoryList({ isSuccess: toIsSuccess[filter] });
  const lang = i18n.language;

  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('account.loginHistory.title')}</h1>
        <p className={p.lead}>{t('account.loginHistory.description')}</p>
      </div>
      <section className={p.card}>
        <fieldset className={s.filter}>
          <legend className={s.legend}>{t('account.loginHistory.filter')}</legend>
          <div className={s.segment}>
            {(['all', 'success', 'failed'] as const).map((value) => (
              <label key={value} className={s.option}>
                <input
                  className={s.radio}
                  type="radio"
                  name="login-history-filter"
                  value={value}
                  checked={filter === value}
                  onChange={() => setFilter(value)}
                />
                {t(`account.loginHistory.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </section>
      <section className={p.card} aria-busy={history.isFetching}>
        {history.isPending && <p className={p.muted} role="status">{t('loading')}</p>}
        {history.isError && <p role="alert">{t('error.generic')}</p>}
        {history.data && history.data.length === 0 && <p className={p.muted}>{t('account.loginHistory.empty')}</p>}
        {history.data && history.data.length > 0 && (
          // A wide table scrolls on its own; the wrapper is focusable so keyboard users can scroll it.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          <div className={s.tableWrap} tabIndex={0} role="region" aria-label={t('account.loginHistory.title')}>
            <table className={s.table}>
              <thead>
                <tr>
                  <th className={s.th} scope="col">{t('account.loginHistory.time')}</th>
                  <th className={s.th} scope="col">{t('account.loginHistory.result')}</th>
                  <th className={s.th} scope="col">{t('account.loginHistory.ip')}</th>
                  <th className={s.th} scope="col">{t('account.loginHistory.userAgent')}</th>
                  <th className={s.th} scope="col">{t('account.loginHistory.position')}</th>
                </tr>
              </thead>
              <tbody>
                {history.data.map((row) => (
                  <tr key={row.id} data-testid="login-history-row" data-success={row.isSuccess}>
                    <td className={s.td}>
                      <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, lang, numericDateTime)}</time>
                    </td>
                    <td className={s.td}>
                      <Badge variant={row.isSuccess ? 'success' : 'danger'}>
                        {row.isSuccess ? t('account.loginHistory.resultSuccess') : t('account.loginHistory.resultFailure')}
                      </Badge>
                      {row.reason && <div className={p.muted}>{t(`account.loginHistory.reason.${row.reason}`)}</div>}
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
        )}
      </section>
    </div>
  );
}
