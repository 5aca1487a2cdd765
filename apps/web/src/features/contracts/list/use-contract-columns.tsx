import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ContractListRow, ContractStatus } from '@servicedesk/contracts';
import { formatMoney } from '@servicedesk/i18n';
import type { DataTableColumn } from '@servicedesk/ui/DataTable/types';
import { contractStatusFamily, contractStatusKey } from '../shared/contracts-display';
import * as s from '../shared/contracts.css';

/**
 * The contracts list's columns (issue #14 "List"): number (a link; `#id` for a draft without
 * one), subject, status badge, counterparty and its TIN, amount in its currency, start and end
 * (calendar days), responsible, author and created (hidden). The same array while the language stays.
 */
export function useContractColumns(): DataTableColumn<ContractListRow>[] {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo<DataTableColumn<ContractListRow>[]>(
    () => [
      {
        columnName: 'number',
        header: t('contracts.fields.number'),
        minWidth: 170,
        accessor: (row) => row.number ?? '',
        render: (_value, row) => (
          <RouterLink className={s.link} to={`/home/contracts/${row.id}`}>
            {row.number ?? `#${row.id}`}
          </RouterLink>
        ),
      },
      { columnName: 'subject', header: t('contracts.fields.subject'), minWidth: 260 },
      {
        columnName: 'status',
        header: t('contracts.fields.status'),
        type: 'status',
        accessor: (row) => contractStatusKey(row.status),
        translate: true,
        statusVariant: (value) =>
          contractStatusFamily[String(value).split('.').pop() as ContractStatus] ?? 'neutral',
        minWidth: 150,
      },
      { columnName: 'counterpartyName', header: t('contracts.fields.counterparty'), minWidth: 200 },
      {
        columnName: 'counterpartyTin',
        header: t('contracts.fields.tin'),
        minWidth: 130,
        accessor: (row) => row.counterpartyTin ?? '',
      },
      {
        columnName: 'amountMinor',
        header: t('contracts.fields.amount'),
        type: 'number',
        minWidth: 160,
        render: (_value, row) => formatMoney(row.amountMinor, lang, row.currency),
      },
      {
        columnName: 'startDate',
        header: t('contracts.fields.startDate'),
        type: 'date',
        minWidth: 130,
      },
      {
        columnName: 'endDate',
        header: t('contracts.fields.endDate'),
        type: 'date',
        minWidth: 130,
      },
      {
        columnName: 'responsibleName',
        header: t('contracts.fields.responsible'),
        type: 'user',
        minWidth: 180,
      },
      {
        columnName: 'authorName',
        header: t('contracts.fields.author'),
        type: 'user',
        minWidth: 180,
        hidden: true,
      },
      {
        columnName: 'createdAt',
        header: t('contracts.fields.createdAt'),
        type: 'dateTime',
        minWidth: 170,
        hidden: true,
      },
    ],
    [t, lang],
  );
}
