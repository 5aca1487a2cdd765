import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { HelpdeskListRow, HelpdeskStatus } from '@servicedesk/contracts';
import { formatDateTime } from '@servicedesk/i18n';
import type { DataTableColumn } from '@servicedesk/ui/DataTable/types';
import { Icon } from '@servicedesk/ui/Icon';
import { numericDateTime } from '../../shared/format';
import { priorityKey, statusFamilies, statusKey } from '../shared/helpdesk-display';
import * as s from '../../shared/list-page.css';

/**
 * The help-desk list's columns (issue #6): number (a link, with a red mark when overdue), title,
 * status and priority as badges, category, component, requester, assignee, group (hidden), due
 * (red "overdue" under it), created, updated (hidden). The same array while the language stays.
 */
export function useRequestColumns(): DataTableColumn<HelpdeskListRow>[] {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo<DataTableColumn<HelpdeskListRow>[]>(
    () => [
      {
        columnName: 'number',
        header: t('helpdesk.columns.number'),
        minWidth: 190,
        render: (_value, row) => (
          <span className={s.numberCell}>
            <RouterLink className={s.numberLink} to={`/home/helpdesk/requests/${row.id}`}>
              {row.number}
            </RouterLink>
            {row.overdue ? (
              <span className={s.overdueMark}>
                <Icon name="alert" size="sm" label={t('helpdesk.overdue')} />
              </span>
            ) : null}
          </span>
        ),
      },
      { columnName: 'title', header: t('helpdesk.columns.title'), minWidth: 280 },
      {
        columnName: 'status',
        header: t('helpdesk.columns.status'),
        type: 'status',
        accessor: (row) => statusKey(row.status),
        translate: true,
        statusVariant: (value) => statusFamilies[String(value).split('.').pop() as HelpdeskStatus] ?? 'neutral',
        minWidth: 160,
      },
      {
        columnName: 'priority',
        header: t('helpdesk.columns.priority'),
        type: 'status',
        accessor: (row) => priorityKey(row.priority),
        translate: true,
        statusVariant: (value) => {
          const code = String(value).split('.').pop();
          return code === 'critical' ? 'danger' : code === 'high' ? 'warning' : 'neutral';
        },
        minWidth: 140,
      },
      { columnName: 'categoryName', header: t('helpdesk.columns.category'), minWidth: 180 },
      { columnName: 'componentName', header: t('helpdesk.columns.component'), minWidth: 200 },
      { columnName: 'requesterName', header: t('helpdesk.columns.requester'), type: 'user', minWidth: 200 },
      { columnName: 'assigneeName', header: t('helpdesk.columns.assignee'), type: 'user', minWidth: 200 },
      { columnName: 'groupName', header: t('helpdesk.columns.group'), minWidth: 160, hidden: true },
      {
        columnName: 'dueAt',
        header: t('helpdesk.columns.dueAt'),
        type: 'dateTime',
        minWidth: 200,
        render: (_value, row) => (
          <span className={s.dueCell}>
            <span>{formatDateTime(row.dueAt, lang, numericDateTime)}</span>
            {row.overdue ? <span className={s.overdueText}>{t('helpdesk.overdue')}</span> : null}
          </span>
        ),
      },
      { columnName: 'createdAt', header: t('helpdesk.columns.createdAt'), type: 'dateTime', minWidth: 180 },
      { columnName: 'updatedAt', header: t('helpdesk.columns.updatedAt'), type: 'dateTime', minWidth: 180, hidden: true },
    ],
    [t, lang],
  );
}
