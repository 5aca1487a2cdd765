import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { LoginFailureReason, LoginHistoryItem } from '@servicedesk/contracts';
import { useLoginHistoryList } from '@servicedesk/api/global/get-login-history-list';
import { useUsersNameAndId } from '@servicedesk/api/global/get-users-name-and-id';
import { formatDateTime, formatNumber } from '@servicedesk/i18n';
import { Badge } from '@servicedesk/ui/Badge';
import { Button } from '@servicedesk/ui/Button';
import type { DataTableView } from '@servicedesk/ui/DataTable';
import * as p from '../shared/page.css';
import * as s from './login-history.css';
import { numericDateTime } from '../shared/format';
import { saveBlob } from '../shared/files/use-file-download';
import { usePagePermissions } from '../access/use-page-permissions';

type Filter = 'all' | 'success' | 'failed';
const toIsSuccess: Record<Filter, boolean | null> = { all: null, success: true, failed: false };
/** The failure reasons to filter by (contracts `loginFailureReason`; a plain list keeps zod out of the page's chunk). */
const REASONS = [
  'unknownEmail',
  'wrongPassword',
  'inactiveUser',
  'rateLimited',
  'accountLocked',
  'addressLimited',
  'passwordCheckLocked',
  'resetTokenLimited',
  'forgotPasswordLimited',
  'deviceLocked',
  'directoryDisabled',
  'directoryLocked',
  'passwordExpired',
  'directoryUnavailable',
] as const satisfies readonly LoginFailureReason[];

/** The export's columns: header key and the cell's text as the page shows it. */
function exportColumns(
  t: TFunction,
  lang: string,
): { name: string; title: string; text: (row: LoginHistoryItem) => string }[] {
  return [
    {
      name: 'createdAt',
      title: t('account.loginHistory.time'),
      text: (r) => formatDateTime(r.createdAt, lang, numericDateTime),
    },
    { name: 'user', title: t('account.loginHistory.user'), text: (r) => r.userName ?? r.email },
    { name: 'email', title: t('account.loginHistory.email'), text: (r) => r.email },
    {
      name: 'result',
      title: t('account.loginHistory.result'),
      text: (r) =>
        r.isSuccess
          ? t('account.loginHistory.resultSuccess')
          : t('account.loginHistory.resultFailure'),
    },
    {
      name: 'reason',
      title: t('account.loginHistory.reasonColumn'),
      text: (r) => (r.reason ? t(`account.loginHistory.reason.${r.reason}`) : ''),
    },
    { name: 'ip', title: t('account.loginHistory.ip'), text: (r) => r.ip ?? '' },
    {
      name: 'userAgent',
      title: t('account.loginHistory.userAgent'),
      text: (r) => r.userAgent ?? '',
    },
  ];
}

/**
 * The rows as the DataTable's export view, so the shared CSV writer (formula-neutralised RFC 4180,
 * UTF-8 with BOM) and XLSX exporter write them: every column is text as shown on the page.
 */
function exportView(
  rows: LoginHistoryItem[],
  t: TFunction,
  lang: string,
): DataTableView<LoginHistoryItem> {
  const columns = exportColumns(t, lang);
  const texts = new Map(columns.map((c) => [c.name, rows.map(c.text)]));
  const view = {
    columns: columns.map((c) => ({
      columnName: c.name,
      title: c.title,
      type: 'string',
      minWidth: c.name === 'userAgent' ? 320 : 160,
      loadMoreLimit: 3,
      loadMoreSize: 100,
      read: c.text,
    })),
    rows: rows.map((original, index) => ({ index, original })),
    index: {
      column: (name: string) => ({ text: texts.get(name) ?? [] }),
      text: (name: string, i: number) => texts.get(name)?.[i] ?? '',
    },
  };
  // The export functions read only these members of the columns and the index.
  return view as unknown as DataTableView<LoginHistoryItem>;
}

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
  const [filter, setFilter] = useState<Filter>('all');
  const [userId, setUserId] = useState<number | null>(null);
  const [reason, setReason] = useState<LoginFailureReason | null>(null);
  const [ip, setIp] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
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
      <section className={p.card}>
        <div className={s.filters}>
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
          {isAdmin && (
            <label className={s.field}>
              {t('account.loginHistory.user')}
              <select
                className={s.input}
                value={userId ?? ''}
                onChange={(e) => setUserId(e.target.value ? Number(e.target.value) : null)}
              >
                <option value="">{t('account.loginHistory.everyone')}</option>
                {(users.data ?? []).map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className={s.field}>
            {t('account.loginHistory.reasonColumn')}
            <select
              className={s.input}
              value={reason ?? ''}
              onChange={(e) => setReason((e.target.value || null) as LoginFailureReason | null)}
            >
              <option value="">{t('account.loginHistory.anyReason')}</option>
              {REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(`account.loginHistory.reason.${r}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={s.field}>
            {t('account.loginHistory.ip')}
            <input
              className={s.input}
              type="search"
              value={ip}
              onChange={(e) => setIp(e.target.value)}
            />
          </label>
          <label className={s.field}>
            {t('account.loginHistory.from')}
            <input
              className={s.input}
              type="date"
              value={from}
              max={to || undefined}
              onChange={(e) => setFrom(e.target.value)}
            />
          </label>
          <label className={s.field}>
            {t('account.loginHistory.to')}
            <input
              className={s.input}
              type="date"
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.target.value)}
            />
          </label>
          <div className={s.exports}>
            <Button
              variant="secondary"
              isDisabled={!history.data?.length}
              onPress={() => void download('csv')}
            >
              {t('account.loginHistory.exportCsv')}
            </Button>
            <Button
              variant="secondary"
              isDisabled={!history.data?.length}
              onPress={() => void download('xlsx')}
            >
              {t('account.loginHistory.exportXlsx')}
            </Button>
          </div>
        </div>
      </section>
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
                {history.data.map((row) => (
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
                        <div className={p.muted}>
                          {t(`account.loginHistory.reason.${row.reason}`)}
                        </div>
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
        )}
      </section>
    </div>
  );
}
