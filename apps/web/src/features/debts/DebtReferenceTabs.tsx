import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DebtGroup, DebtPaymentType } from '@servicedesk/contracts';
import { useDebtGroups, useDebtPaymentTypes } from '@servicedesk/api/debts/get-debt-reports';
import { useSaveDebtGroup, useSaveDebtPaymentType } from '@servicedesk/api/debts/save-debts';
import type { DataTableColumn } from '@servicedesk/ui/DataTable/types';
import { tableKeys } from '../shared/data-table';
import { ReferenceListTab } from './ReferenceListTab';

/** SPEC §2 named list screen "debt-report payment types" (filter memory key `debtReportPaymentTypes`): code, name, active, payments; a manager adds and edits (code, name). */
export function PaymentTypesTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const types = useDebtPaymentTypes();
  const save = useSaveDebtPaymentType();
  const columns = useMemo<DataTableColumn<DebtPaymentType>[]>(
    () => [
      { columnName: 'code', header: t('debts.paymentTypes.code'), minWidth: 140 },
      { columnName: 'name', header: t('debts.paymentTypes.name'), minWidth: 240 },
      { columnName: 'isActive', header: t('debts.paymentTypes.active'), type: 'boolean', minWidth: 120 },
      { columnName: 'payments', header: t('debts.paymentTypes.payments'), type: 'number', minWidth: 140 },
    ],
    [t],
  );
  return (
    <ReferenceListTab
      canManage={canManage}
      tableKey={tableKeys.debtReportPaymentTypes}
      tableLabel={t('debts.paymentTypes.tableLabel')}
      exportFileName={t('debts.paymentTypes.exportName')}
      addLabel={t('debts.paymentTypes.add')}
      savedText={t('debts.paymentTypes.saved')}
      rows={types.data}
      isLoading={types.isPending}
      columns={columns}
      fields={[
        { name: 'code', label: t('debts.paymentTypes.code') },
        { name: 'name', label: t('debts.paymentTypes.name') },
      ]}
      valuesOf={(row) => (row ? { code: row.code, name: row.name } : { code: '', name: '' })}
      save={(values, id) => save.mutateAsync({ id, code: values.code ?? '', name: values.name ?? '' })}
      isSaving={save.isPending}
    />
  );
}

/** SPEC §7 "debt reports … groups": the groups with their counterparty counts; a manager creates and renames. */
export function GroupsTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const groups = useDebtGroups();
  const save = useSaveDebtGroup();
  const columns = useMemo<DataTableColumn<DebtGroup>[]>(
    () => [
      { columnName: 'name', header: t('debts.groups.name'), minWidth: 260 },
      { columnName: 'counterparties', header: t('debts.groups.counterparties'), type: 'number', minWidth: 160 },
      { columnName: 'isActive', header: t('debts.paymentTypes.active'), type: 'boolean', minWidth: 120 },
    ],
    [t],
  );
  return (
    <ReferenceListTab
      canManage={canManage}
      tableKey="debtReportGroups"
      tableLabel={t('debts.groups.tableLabel')}
      exportFileName={t('debts.groups.tableLabel')}
      addLabel={t('debts.groups.add')}
      savedText={t('debts.groups.saved')}
      rows={groups.data}
      isLoading={groups.isPending}
      columns={columns}
      fields={[{ name: 'name', label: t('debts.groups.name') }]}
      valuesOf={(row) => ({ name: row ? row.name : '' })}
      save={(values, id) => save.mutateAsync({ id, name: values.name ?? '' })}
      isSaving={save.isPending}
    />
  );
}
