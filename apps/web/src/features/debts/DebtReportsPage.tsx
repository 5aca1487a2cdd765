import { useMemo, useState, type ReactElement } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DEBT_STATUSES, type DebtGroup, type DebtListRow, type DebtPaymentType, type DebtStatus } from '@servicedesk/contracts';
import { useDebtGroups, useDebtPaymentTypes, useDebtReports } from '@servicedesk/api/debts/get-debt-reports';
import { useSaveDebtGroup, useSaveDebtPaymentType } from '@servicedesk/api/debts/save-debts';
import { toMajorUnits } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { emptyTableState, type DataTableColumn, type DataTableState } from '@servicedesk/ui/DataTable/types';
import { Dialog } from '@servicedesk/ui/Dialog';
import { Tabs } from '@servicedesk/ui/Tabs';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import { usePagePermissions } from '../access/use-page-permissions';
import { AppDataTable } from '../shared/AppDataTable';
import { tableKeys, tableStorage } from '../shared/data-table';
import { useLiveRecords } from '../../realtime/live-records';
import { ImportDialog } from './ImportDialog';
import { ImportsTable } from './ImportsTable';
import { AgeingByCurrency } from './AgeingByCurrency';
import { CurrencyRatesTab } from './CurrencyRatesTab';
import { refusalText, statusFamily } from './debts-display';
import { useDebounced } from '../shared/use-debounced';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';
import * as s from './debts.css';
import { LazySelect as Select, usePreload } from '../shared/lazy-fields';

const ANY = 'any';

/** The counterparties with their balances (server-side search, sort, group and status filters) and the overall ageing chart. */
function ReportTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [groupId, setGroupId] = useState<number | undefined>();
  const [status, setStatus] = useState<DebtStatus | undefined>();
  const [table, setTable] = useState<DataTableState>(() => tableStorage.get(tableKeys.debtReports) ?? emptyTableState);
  const search = useDebounced(table.search, 300);
  const sort = table.sorting[0];
  const sortField = sort && ['name', 'balance', 'status', 'lastEntry'].includes(sort.id.replace('Minor', '').replace('Date', '')) ? sort.id.replace('Minor', '').replace('Date', '') : 'balance';
  const list = useDebtReports({ search: search || undefined, groupId, status, take: 500, sort: sortField as 'balance', sortDir: sort ? (sort.desc ? 'desc' : 'asc') : 'desc' });
  const groups = useDebtGroups();

  const columns = useMemo<DataTableColumn<DebtListRow>[]>(
    () => [
      {
        columnName: 'name',
        header: t('debts.columns.name'),
        minWidth: 260,
        render: (_v, row) => (
          <RouterLink className={s.nameLink} to={`/home/finance/debt-reports/${row.id}`}>
            {row.name}
          </RouterLink>
        ),
      },
      { columnName: 'tin', header: t('debts.columns.tin'), minWidth: 140, copyToClipboard: true },
      { columnName: 'kind', header: t('debts.columns.kind'), accessor: (row) => `debts.kind.${row.kind}`, translate: true, minWidth: 140, hidden: true },
      { columnName: 'groupName', header: t('debts.columns.group'), minWidth: 160 },
      {
        columnName: 'status',
        header: t('debts.columns.status'),
        type: 'status',
        accessor: (row) => `debts.status.${row.status}`,
        translate: true,
        statusVariant: (value) => statusFamily[String(value).split('.').pop() as DebtStatus] ?? 'neutral',
        minWidth: 160,
      },
      { columnName: 'currency', header: t('debts.columns.currency'), minWidth: 110 },
      { columnName: 'invoicedMinor', header: t('debts.columns.invoiced'), type: 'money', accessor: (row) => toMajorUnits(row.invoicedMinor), minWidth: 160 },
      { columnName: 'paidMinor', header: t('debts.columns.paid'), type: 'money', accessor: (row) => toMajorUnits(row.paidMinor), minWidth: 160 },
      { columnName: 'balanceMinor', header: t('debts.columns.balance'), type: 'money', accessor: (row) => toMajorUnits(row.balanceMinor), minWidth: 170 },
      { columnName: 'lastEntryDate', header: t('debts.columns.lastEntry'), type: 'date', minWidth: 150 },
    ],
    [t],
  );
  const groupItems = [{ id: ANY, label: t('debts.list.anyGroup') }, ...(groups.data ?? []).map((g) => ({ id: String(g.id), label: g.name }))];
  const statusItems = [{ id: ANY, label: t('debts.list.anyStatus') }, ...DEBT_STATUSES.map((st) => ({ id: st, label: t(`debts.status.${st}`) }))];

  return (
    <div className={f.form}>
      <div className={s.filterBar} role="group" aria-label={t('debts.columns.group')}>
        <Select label={t('debts.columns.group')} items={groupItems} selectedKey={groupId === undefined ? ANY : String(groupId)} onSelectionChange={(key) => setGroupId(key === ANY || key === null ? undefined : Number(key))} />
        <Select label={t('debts.columns.status')} items={statusItems} selectedKey={status ?? ANY} onSelectionChange={(key) => setStatus(key === ANY || key === null ? undefined : (key as DebtStatus))} />
      </div>
      {list.isError ? (
        <p role="alert">{t('error.generic')}</p>
      ) : (
        <AppDataTable
          tableKey={tableKeys.debtReports}
          aria-label={t('debts.list.tableLabel')}
          data={list.data?.rows ?? []}
          columns={columns}
          getRowId={(row) => String(row.id)}
          onStateChange={setTable}
          isLoading={list.isPending}
          onRowAction={(row) => void navigate(`/home/finance/debt-reports/${row.id}`)}
          exportFileName={t('debts.list.exportName')}
          height="min(60vh, 560px)"
        />
      )}
      <AgeingByCurrency groupId={groupId} />
    </div>
  );
}

/** A small create/edit dialog of a reference row: the named text fields, then Save. */
function EditDialog({
  title,
  fields,
  initial,
  isOpen,
  onClose,
  onSave,
  isPending,
}: {
  title: string;
  fields: { name: string; label: string }[];
  initial: Record<string, string>;
  isOpen: boolean;
  onClose: () => void;
  onSave: (values: Record<string, string>) => void;
  isPending: boolean;
}) {
  const { t } = useTranslation();
  // The caller remounts the dialog (key) for another row, so the first values are enough.
  const [values, setValues] = useState(initial);
  return (
    <Dialog
      title={title}
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      closeLabel={t('debts.form.cancel')}
      footer={
        <div className={s.formEnd}>
          <Button variant="secondary" onPress={onClose}>
            {t('debts.form.cancel')}
          </Button>
          <Button onPress={() => onSave(values)} isPending={isPending} isDisabled={fields.some((fl) => !values[fl.name]?.trim())}>
            {t('debts.form.save')}
          </Button>
        </div>
      }
    >
      <div className={f.form}>
        {fields.map((fl) => (
          <TextField key={fl.name} label={fl.label} value={values[fl.name] ?? ''} onChange={(v) => setValues((old) => ({ ...old, [fl.name]: v }))} />
        ))}
      </div>
    </Dialog>
  );
}

/** SPEC §2 named list screen "debt-report payment types" (filter memory key `debtReportPaymentTypes`). */
function PaymentTypesTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const types = useDebtPaymentTypes();
  const save = useSaveDebtPaymentType();
  const [editing, setEditing] = useState<DebtPaymentType | 'new' | null>(null);
  const columns = useMemo<DataTableColumn<DebtPaymentType>[]>(
    () => [
      { columnName: 'code', header: t('debts.paymentTypes.code'), minWidth: 140 },
      { columnName: 'name', header: t('debts.paymentTypes.name'), minWidth: 240 },
      { columnName: 'isActive', header: t('debts.paymentTypes.active'), type: 'boolean', minWidth: 120 },
      { columnName: 'payments', header: t('debts.paymentTypes.payments'), type: 'number', minWidth: 140 },
    ],
    [t],
  );
  const initial = useMemo(() => (editing && editing !== 'new' ? { code: editing.code, name: editing.name } : { code: '', name: '' }), [editing]);
  return (
    <div className={f.form}>
      {canManage ? (
        <div className={s.headerActions}>
          <Button variant="secondary" onPress={() => setEditing('new')}>
            {t('debts.paymentTypes.add')}
          </Button>
        </div>
      ) : null}
      <AppDataTable
        tableKey={tableKeys.debtReportPaymentTypes}
        aria-label={t('debts.paymentTypes.tableLabel')}
        data={types.data ?? []}
        columns={columns}
        getRowId={(row) => String(row.id)}
        isLoading={types.isPending}
        onRowAction={canManage ? (row) => setEditing(row) : undefined}
        exportFileName={t('debts.paymentTypes.exportName')}
        height="min(50vh, 420px)"
      />
      <EditDialog
        key={editing === 'new' ? 'new' : (editing?.id ?? 'none')}
        title={editing && editing !== 'new' ? editing.name : t('debts.paymentTypes.add')}
        fields={[
          { name: 'code', label: t('debts.paymentTypes.code') },
          { name: 'name', label: t('debts.paymentTypes.name') },
        ]}
        initial={initial}
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        isPending={save.isPending}
        onSave={(values) =>
          save.mutate(
            { id: editing && editing !== 'new' ? editing.id : undefined, code: values.code ?? '', name: values.name ?? '' },
            {
              onSuccess: () => {
                toast.show({ title: t('debts.paymentTypes.saved'), variant: 'success' });
                setEditing(null);
              },
              onError: (e) => toast.show({ title: refusalText(t, e, 'debts.form.errors'), variant: 'error' }),
            },
          )
        }
      />
    </div>
  );
}

/** SPEC §7 "debt reports … groups": the groups with their counterparty counts; create and rename. */
function GroupsTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const groups = useDebtGroups();
  const save = useSaveDebtGroup();
  const [editing, setEditing] = useState<DebtGroup | 'new' | null>(null);
  const columns = useMemo<DataTableColumn<DebtGroup>[]>(
    () => [
      { columnName: 'name', header: t('debts.groups.name'), minWidth: 260 },
      { columnName: 'counterparties', header: t('debts.groups.counterparties'), type: 'number', minWidth: 160 },
      { columnName: 'isActive', header: t('debts.paymentTypes.active'), type: 'boolean', minWidth: 120 },
    ],
    [t],
  );
  const initial = useMemo(() => ({ name: editing && editing !== 'new' ? editing.name : '' }), [editing]);
  return (
    <div className={f.form}>
      {canManage ? (
        <div className={s.headerActions}>
          <Button variant="secondary" onPress={() => setEditing('new')}>
            {t('debts.groups.add')}
          </Button>
        </div>
      ) : null}
      <AppDataTable
        tableKey="debtReportGroups"
        aria-label={t('debts.groups.tableLabel')}
        data={groups.data ?? []}
        columns={columns}
        getRowId={(row) => String(row.id)}
        isLoading={groups.isPending}
        onRowAction={canManage ? (row) => setEditing(row) : undefined}
        exportFileName={t('debts.groups.tableLabel')}
        height="min(50vh, 420px)"
      />
      <EditDialog
        key={editing === 'new' ? 'new' : (editing?.id ?? 'none')}
        title={editing && editing !== 'new' ? editing.name : t('debts.groups.add')}
        fields={[{ name: 'name', label: t('debts.groups.name') }]}
        initial={initial}
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        isPending={save.isPending}
        onSave={(values) =>
          save.mutate(
            { id: editing && editing !== 'new' ? editing.id : undefined, name: values.name ?? '' },
            {
              onSuccess: () => {
                toast.show({ title: t('debts.groups.saved'), variant: 'success' });
                setEditing(null);
              },
              onError: (e) => toast.show({ title: refusalText(t, e, 'debts.form.errors'), variant: 'error' }),
            },
          )
        }
      />
    </div>
  );
}

type Tab = 'report' | 'rates' | 'paymentTypes' | 'groups' | 'imports';

/**
 * /home/finance/debt-reports (issue #17; SPEC §7 debt reports; SPEC §2 the "debt-report payment
 * types" list screen): the counterparties with their balances, the overall ageing, the payment
 * types, the groups and the imported files; "Import 1C data" (with `finance.debtReports.import1C`)
 * opens the preview-then-import dialog; a link leads to the wagon dislocation. Live: a change of a
 * report (RecordChanged "debtReport") refreshes it.
 */
export function DebtReportsPage() {
  const { t } = useTranslation();
  usePreload(Select);
  const { can } = usePagePermissions('finance.debtReports');
  const [tab, setTab] = useState<Tab>('report');
  const [importing, setImporting] = useState(false);
  useLiveRecords();
  const canManage = can('finance.debtReports.manage');
  const content: Record<Tab, ReactElement> = {
    report: <ReportTab />,
    paymentTypes: <PaymentTypesTab canManage={canManage} />,
    groups: <GroupsTab canManage={canManage} />,
    imports: <ImportsTable kind="oneC" />,
    rates: <CurrencyRatesTab canManage={canManage} />,
  };
  return (
    <div className={p.page}>
      <div className={s.header}>
        <div>
          <h1 className={p.heading}>{t('debts.title')}</h1>
          <p className={p.lead}>{t('debts.description')}</p>
        </div>
        <div className={s.headerActions}>
          {can('finance.debtReports.dislocation') ? (
            <RouterLink className={f.link} to="/home/finance/dislocation">
              {t('debts.list.dislocation')}
            </RouterLink>
          ) : null}
          {can('finance.debtReports.import1C') ? <Button onPress={() => setImporting(true)}>{t('debts.list.import1C')}</Button> : null}
        </div>
      </div>
      <section className={`${p.card} ${s.tableCard}`}>
        <Tabs
          ariaLabel={t('debts.tabs.label')}
          selectedKey={tab}
          onSelectionChange={(key) => setTab(key as Tab)}
          items={(['report', 'rates', 'paymentTypes', 'groups', 'imports'] as const).map((id) => ({ id, label: id === 'rates' ? t('money.rates.tab') : t(`debts.tabs.${id}`), content: content[id] }))}
        />
      </section>
      <ImportDialog kind="oneC" isOpen={importing} onOpenChange={setImporting} />
    </div>
  );
}
