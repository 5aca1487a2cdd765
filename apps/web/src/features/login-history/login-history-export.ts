import type { TFunction } from 'i18next';
import type { LoginFailureReason, LoginHistoryItem } from '@servicedesk/contracts';
import { formatDateTime } from '@servicedesk/i18n';
import type { DataTableView } from '@servicedesk/ui/DataTable';
import { numericDateTime } from '../shared/format';

export type Filter = 'all' | 'success' | 'failed';
export const toIsSuccess: Record<Filter, boolean | null> = {
  all: null,
  success: true,
  failed: false,
};
/** The failure reasons to filter by (contracts `loginFailureReason`; a plain list keeps zod out of the page's chunk). */
export const REASONS = [
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
export function exportView(
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
