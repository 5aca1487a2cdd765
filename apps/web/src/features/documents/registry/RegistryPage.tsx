import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { REGISTRY_KINDS, REGISTRY_STATUSES, type RegistryKind, type RegistryRow, type RegistryStatus } from '@servicedesk/contracts';
import { useDocumentsGridPages } from '@servicedesk/api/documents/documents';
import { useRegisterEntry, useRegistryPages } from '@servicedesk/api/documents/registry';
import { Button } from '@servicedesk/ui/Button';
import { emptyTableState, type DataTableColumn, type DataTableState } from '@servicedesk/ui/DataTable/types';
import { Dialog } from '@servicedesk/ui/Dialog';
import { Select } from '@servicedesk/ui/Select';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import { usePagePermissions } from '../../access/use-page-permissions';
import { AppDataTable, infinitePages } from '../../shared/AppDataTable';
import { tableKeys, tableStorage } from '../../shared/data-table';
import { filtersKey, useFilterMemory } from '../../shared/filter-memory';
import { useLiveRecords } from '../../../realtime/live-records';
import { documentsErrorText } from '../shared/errors';
import { statusVariant } from '../shared/status';
import { useDebounced } from '../../shared/use-debounced';
import * as p from '../../shared/page.css';
import * as s from '../shared/documents.css';

const ANY = 'any';
interface RegistryFilters {
  kind: RegistryKind | typeof ANY;
  status: RegistryStatus | typeof ANY;
}
const defaults: RegistryFilters = { kind: ANY, status: ANY };
const parse = (saved: Record<string, unknown>): RegistryFilters => ({
  kind: (REGISTRY_KINDS as readonly string[]).includes(String(saved.kind)) ? (saved.kind as RegistryKind) : ANY,
  status: (REGISTRY_STATUSES as readonly string[]).includes(String(saved.status)) ? (saved.status as RegistryStatus) : ANY,
});

/**
 * /home/documents/registry (issue #15; SPEC §2 named list "document registry"): the registry with
 * its kind and status filters remembered under `documentRegistry`, the search in number, subject
 * and correspondent, and "Register" (documents.registry.create): kind, subject, correspondent and
 * an optional document the caller may read — the server allocates the number (OUT-2026-00042)
 * and sends the entry to the director.
 */
export function RegistryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = usePagePermissions('documents.registry');
  const [filters, setFilters] = useFilterMemory(filtersKey(tableKeys.documentRegistry), parse, defaults);
  const [table, setTable] = useState<DataTableState>(() => tableStorage.get(tableKeys.documentRegistry) ?? emptyTableState);
  const search = useDebounced(table.search, 300);
  const [open, setOpen] = useState(false);
  useLiveRecords();
  const list = useRegistryPages({
    ...(filters.kind !== ANY ? { kind: filters.kind } : {}),
    ...(filters.status !== ANY ? { status: filters.status } : {}),
    ...(search.trim() ? { search: search.trim() } : {}),
  });
  const rows = useMemo(() => list.data?.pages.flatMap((x) => x.rows) ?? [], [list.data]);
  const columns = useMemo<DataTableColumn<RegistryRow>[]>(
    () => [
      {
        columnName: 'number',
        header: t('documents.registry.columns.number'),
        minWidth: 170,
        render: (_v, row) => (
          <RouterLink className={s.link} to={`/home/documents/registry/${row.id}`}>
            {row.number}
          </RouterLink>
        ),
      },
      { columnName: 'kind', header: t('documents.registry.columns.kind'), accessor: (row) => `documents.registry.kind.${row.kind}`, translate: true, minWidth: 130 },
      { columnName: 'subject', header: t('documents.registry.columns.subject'), minWidth: 260 },
      { columnName: 'correspondent', header: t('documents.registry.columns.correspondent'), minWidth: 200 },
      {
        columnName: 'status',
        header: t('documents.registry.columns.status'),
        type: 'status',
        accessor: (row) => `documents.status.${row.status}`,
        translate: true,
        statusVariant: (value) => statusVariant(String(value).split('.').pop() ?? ''),
        minWidth: 150,
      },
      { columnName: 'documentTitle', header: t('documents.registry.columns.document'), minWidth: 200 },
      { columnName: 'registeredBy', header: t('documents.registry.columns.registeredBy'), type: 'user', minWidth: 180 },
      { columnName: 'registeredAt', header: t('documents.registry.columns.registeredAt'), type: 'dateTime', minWidth: 180 },
    ],
    [t],
  );
  return (
    <div className={p.page}>
      <div className={s.header}>
        <div>
          <h1 className={p.heading}>{t('documents.registry.title')}</h1>
          <p className={p.lead}>{t('documents.registry.description')}</p>
        </div>
        {can('documents.registry.create') ? <Button onPress={() => setOpen(true)}>{t('documents.registry.register')}</Button> : null}
      </div>
      <section className={`${p.card} ${s.tableCard}`}>
        <div className={s.actions}>
          <Select
            label={t('documents.registry.columns.kind')}
            items={[{ id: ANY, label: t('documents.registry.kind.any') }, ...REGISTRY_KINDS.map((k) => ({ id: k, label: t(`documents.registry.kind.${k}`) }))]}
            selectedKey={filters.kind}
            onSelectionChange={(k) => setFilters({ kind: String(k ?? ANY) as RegistryFilters['kind'] })}
          />
          <Select
            label={t('documents.registry.columns.status')}
            items={[{ id: ANY, label: t('documents.registry.anyStatus') }, ...REGISTRY_STATUSES.map((k) => ({ id: k, label: t(`documents.status.${k}`) }))]}
            selectedKey={filters.status}
            onSelectionChange={(k) => setFilters({ status: String(k ?? ANY) as RegistryFilters['status'] })}
          />
        </div>
        {list.isError ? (
          <p role="alert">{documentsErrorText(t, list.error)}</p>
        ) : (
          <AppDataTable
            filtered={filters.kind !== ANY || filters.status !== ANY}
            tableKey={tableKeys.documentRegistry}
            aria-label={t('documents.registry.tableLabel')}
            data={rows}
            columns={columns}
            getRowId={(row) => String(row.id)}
            onStateChange={setTable}
            isLoading={list.isPending}
            onRowAction={(row) => void navigate(`/home/documents/registry/${row.id}`)}
            {...infinitePages(list)}
            exportFileName={t('documents.registry.exportName')}
            height="min(65vh, 600px)"
          />
        )}
      </section>
      <RegisterDialog isOpen={open} onClose={() => setOpen(false)} />
    </div>
  );
}

/** Registers an entry; on success shows its number and opens it. */
function RegisterDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegisterEntry();
  const docs = useDocumentsGridPages({ scope: 'justFinished', take: 100 }, isOpen);
  const unfinished = useDocumentsGridPages({ scope: 'unfinished', take: 100 }, isOpen);
  const [kind, setKind] = useState<RegistryKind>('outgoing');
  const [subject, setSubject] = useState('');
  const [correspondent, setCorrespondent] = useState('');
  const [documentId, setDocumentId] = useState<number | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const options = [...(docs.data?.pages.flatMap((x) => x.rows) ?? []), ...(unfinished.data?.pages.flatMap((x) => x.rows) ?? [])];
  const submit = () => {
    setAttempted(true);
    if (subject.trim() === '') return;
    setError(null);
    register.mutate(
      { kind, subject: subject.trim(), correspondent: correspondent.trim(), documentId },
      {
        onSuccess: (detail) => {
          toast.show({ title: t('documents.registry.form.registered', { number: detail.entry.number }), variant: 'success' });
          onClose();
          void navigate(`/home/documents/registry/${detail.entry.id}`);
        },
        onError: (e) => setError(documentsErrorText(t, e)),
      },
    );
  };
  return (
    <Dialog
      title={t('documents.registry.form.title')}
      isOpen={isOpen}
      onOpenChange={(o) => (o ? undefined : onClose())}
      closeLabel={t('documents.bin.close')}
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>
            {t('documents.registry.form.cancel')}
          </Button>
          <Button isDisabled={register.isPending} onPress={submit}>
            {t('documents.registry.form.save')}
          </Button>
        </>
      }
    >
      <div className={s.form}>
        <Select label={t('documents.registry.columns.kind')} items={REGISTRY_KINDS.map((k) => ({ id: k, label: t(`documents.registry.kind.${k}`) }))} selectedKey={kind} onSelectionChange={(k) => setKind(k as RegistryKind)} />
        <TextField label={t('documents.registry.columns.subject')} value={subject} onChange={setSubject} isRequired isInvalid={attempted && subject.trim() === ''} errorMessage={t('documents.registry.form.subjectRequired')} />
        <TextField label={t('documents.registry.columns.correspondent')} value={correspondent} onChange={setCorrespondent} />
        <Select
          label={t('documents.registry.form.document')}
          items={[{ id: 'none', label: t('documents.registry.form.noDocument') }, ...options.map((d) => ({ id: String(d.id), label: d.title }))]}
          selectedKey={documentId === null ? 'none' : String(documentId)}
          onSelectionChange={(k) => setDocumentId(k === null || k === 'none' ? null : Number(k))}
        />
        {error ? (
          <p role="alert" className={s.error}>
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
