import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginHistoryList } from '@servicedesk/api/global/get-login-history-list';
import { useUsersNameAndId } from '@servicedesk/api/global/get-users-name-and-id';
import * as p from '../shared/page.css';
import { saveBlob } from '../shared/files/use-file-download';
import { usePagePermissions } from '../access/use-page-permissions';
import { exportView, toIsSuccess } from './login-history-export';
import { LoginHistoryFilters, type LoginHistoryFilterState } from './LoginHistoryFilters';
import { LoginHistoryTable } from './LoginHistoryTable';

const NO_FILTERS: LoginHistoryFilterState = {
  filter: 'all',
  userId: null,
  reason: null,
  ip: '',
  from: '',
  to: '',
};

/**
 * /user/login-history: sign-in attempts (getLoginHistoryList) — the caller's own, or everyone's
 * for an admin whose type holds `loginHistory.all` (the server decides; the heading says whose).
 * Time, user (admins), success or failure with its reason, IP, browser and position; filters
 * sent to the server: result, and for admins user, reason, part of the address and a range of
 * days; export of what is shown as CSV or XLSX.
 */
export function LoginHistoryPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { can } = usePagePermissions('loginHistory');
  const isAdmin = can('loginHistory.all');
  const users = useUsersNameAndId();
  const [filters, setFilters] = useState<LoginHistoryFilterState>(NO_FILTERS);
  const { filter, userId, reason, ip, from, to } = filters;
  const history = useLoginHistoryList({
    isSuccess: toIsSuccess[filter],
    userId: isAdmin ? userId : null,
    reason,
    ip: ip.trim() || null,
    from: from || null,
    to: to || null,
  });
  const userName =
    userId === null ? null : (users.data?.find((u) => u.id === userId)?.name ?? null);
  const title = !isAdmin
    ? t('account.loginHistory.titleOwn')
    : userName
      ? t('account.loginHistory.titleUser', { name: userName })
      : t('account.loginHistory.titleAll');

  const download = async (kind: 'csv' | 'xlsx') => {
    const rows = history.data ?? [];
    const { exportCsv, exportXlsx } = await import('@servicedesk/ui/DataTable');
    const view = exportView(rows, t, lang);
    const blob = kind === 'csv' ? exportCsv(view) : await exportXlsx(view);
    saveBlob(blob, `${t('account.loginHistory.exportName')}.${kind}`);
  };

  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('account.loginHistory.title')}</h1>
        <p className={p.lead} data-testid="login-history-scope">
          {title}
        </p>
      </div>
      <LoginHistoryFilters
        value={filters}
        onChange={setFilters}
        isAdmin={isAdmin}
        users={users.data ?? []}
        canExport={!!history.data?.length}
        onExport={(kind) => void download(kind)}
      />
      <section className={p.card} aria-busy={history.isFetching}>
        {history.isPending && (
          <p className={p.muted} role="status">
            {t('loading')}
          </p>
        )}
        {history.isError && <p role="alert">{t('error.generic')}</p>}
        {history.data && history.data.length === 0 && (
          <p className={p.muted}>{t('account.loginHistory.empty')}</p>
        )}
        {history.data && history.data.length > 0 && (
          <LoginHistoryTable rows={history.data} isAdmin={isAdmin} />
        )}
      </section>
    </div>
  );
}
