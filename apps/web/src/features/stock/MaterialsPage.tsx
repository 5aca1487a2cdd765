import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Material } from '@servicedesk/contracts';
import { gridRows, useStockGridPages, useStockReference } from '@servicedesk/api/stock/stock-queries';
import { useImportMaterials, useSaveMaterial, useSaveMaterialGroup } from '@servicedesk/api/stock/stock-mutations';
import type { MaterialImportResult, MaterialImportRow } from '@servicedesk/contracts';
import * as st from '@servicedesk/ui/SimpleTable';
import { readMaterialsFile } from './material-import';
import { Button } from '@servicedesk/ui/Button';
import { emptyTableState, type DataTableColumn } from '@servicedesk/ui/DataTable';
import { Dialog } from '@servicedesk/ui/Dialog';
import { NumberField } from '@servicedesk/ui/NumberField';
import { Select } from '@servicedesk/ui/Select';
import { Tabs } from '@servicedesk/ui/Tabs';
import { TextField } from '@servicedesk/ui/TextField';
import { usePagePermissions } from '../access/use-page-permissions';
import { AppDataTable } from '../shared/AppDataTable';
import { tableKeys } from '../shared/data-table';
import { useLiveRecords } from '../../realtime/live-records';
import { formatQuantity, stockErrorText } from './stock-display';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';
import * as s from '../helpdesk/shared/helpdesk.css';

type Mode = 'collapsed' | 'elements';

/**
 * /home/inventory/materials (issue #13, SPEC §2 named lists "materials (collapsed, and with
 * elements)"): two views of the materials — collapsed (rows grouped under their material group,
 * each group collapsing with the table's 300 ms animation; filter memory key
 * `materialsCollapsed`) and with elements (one row per material with its parameters as grouped
 * elements; key `materialsWithElements`). The view is in the URL (`?mode=elements`). New
 * material and new group with `inventory.materials.create`; a row opens the material's page.
 */
export function MaterialsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'elements' ? 'elements' : 'collapsed';
  const { can } = usePagePermissions('inventory.materials');
  const list = useStockGridPages('materials', { mode, take: 500, sort: 'code', sortDir: 'asc' });
  const rows = useMemo(() => gridRows<'materials'>(list.data), [list.data]);
  const [materialOpen, setMaterialOpen] = useState(false);
  const [groupOpen, setGroupOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  useLiveRecords();

  const columns = useMemo<DataTableColumn<Material>[]>(() => {
    const common: DataTableColumn<Material>[] = [
      { columnName: 'code', header: t('stock.columns.code'), minWidth: 150, copyToClipboard: true },
      { columnName: 'name', header: t('stock.columns.name'), minWidth: 260 },
      { columnName: 'groupPath', header: t('stock.columns.group'), minWidth: 240 },
      { columnName: 'unitName', header: t('stock.columns.unit'), minWidth: 120 },
      {
        columnName: 'stock',
        header: t('stock.columns.stock'),
        type: 'number',
        minWidth: 140,
        render: (_v, row) => (
          <span className={row.minLevel !== null && row.stock < row.minLevel ? s.overdueText : undefined}>{formatQuantity(row.stock, lang)}</span>
        ),
      },
      { columnName: 'minLevel', header: t('stock.columns.minLevel'), type: 'number', minWidth: 140 },
    ];
    if (mode === 'elements') {
      return [
        ...common.slice(0, 4),
        {
          columnName: 'parameters',
          header: t('stock.columns.parameters'),
          groupedElements: true,
          loadMoreLimit: 3,
          loadMoreSize: 10,
          minWidth: 240,
          accessor: (row) => row.parameters.map((x) => `${x.name}: ${x.value}`),
        },
        ...common.slice(4),
        { columnName: 'tracksInventories', header: t('stock.columns.tracksInventories'), type: 'boolean', minWidth: 140 },
      ];
    }
    return common;
  }, [t, lang, mode]);

  const table = (
    <AppDataTable
      key={mode}
      tableKey={mode === 'collapsed' ? tableKeys.materialsCollapsed : tableKeys.materialsWithElements}
      aria-label={t('stock.materials.tableLabel')}
      data={rows}
      columns={columns}
      getRowId={(row) => String(row.id)}
      defaultState={mode === 'collapsed' ? { ...emptyTableState, groupBy: 'groupPath' } : undefined}
      isLoading={list.isPending}
      onRowAction={(row) => void navigate(`/home/inventory/materials/${row.id}`)}
      hasMore={list.hasNextPage}
      onLoadMore={() => void list.fetchNextPage()}
      isLoadingMore={list.isFetchingNextPage}
      exportFileName={t('stock.materials.exportName')}
      height="min(70vh, 640px)"
    />
  );

  return (
    <div className={p.page}>
      <div className={s.header}>
        <div>
          <h1 className={p.heading}>{t('stock.materials.title')}</h1>
          <p className={p.lead}>{t('stock.materials.description')}</p>
        </div>
        {can('inventory.materials.create') ? (
          <div className={s.formActions}>
            <Button variant="secondary" onPress={() => setImportOpen(true)}>
              {t('stock.import.open')}
            </Button>
            <Button variant="secondary" onPress={() => setGroupOpen(true)}>
              {t('stock.materials.newGroup')}
            </Button>
            <Button onPress={() => setMaterialOpen(true)}>{t('stock.materials.newMaterial')}</Button>
          </div>
        ) : null}
      </div>
      <section className={`${p.card} ${s.tableCard}`}>
        {list.isError ? (
          <p role="alert">{t('error.generic')}</p>
        ) : (
          <Tabs
            ariaLabel={t('stock.materials.modes')}
            selectedKey={mode}
            onSelectionChange={(key) => setParams(key === 'elements' ? { mode: 'elements' } : {}, { replace: true })}
            items={[
              { id: 'collapsed', label: t('stock.materials.collapsed'), content: mode === 'collapsed' ? table : null },
              { id: 'elements', label: t('stock.materials.withElements'), content: mode === 'elements' ? table : null },
            ]}
          />
        )}
      </section>
      <MaterialDialog isOpen={materialOpen} onOpenChange={setMaterialOpen} />
      <GroupDialog isOpen={groupOpen} onOpenChange={setGroupOpen} />
      <ImportDialog isOpen={importOpen} onOpenChange={setImportOpen} />
    </div>
  );
}

/** The new-material form (code, name, group, unit, inventories, minimum level, parameters as "name: value" lines). */
function MaterialDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const reference = useStockReference();
  const save = useSaveMaterial();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [groupId, setGroupId] = useState<string | null>(null);
  const [unitCode, setUnitCode] = useState<string>('pcs');
  const [tracks, setTracks] = useState(false);
  const [minLevel, setMinLevel] = useState<number>(Number.NaN);
  const [parameters, setParameters] = useState('');
  const submit = () => {
    if (!groupId) return;
    save.mutate(
      {
        code,
        name,
        groupId: Number(groupId),
        unitCode,
        tracksInventories: tracks,
        minLevel: Number.isNaN(minLevel) ? null : minLevel,
        parameters: parameters
          .split('\n')
          .map((line) => line.split(':'))
          .filter((parts) => parts[0]?.trim())
          .map(([pname, ...value]) => ({ name: pname!.trim(), value: value.join(':').trim() })),
      },
      {
        onSuccess: () => {
          onOpenChange(false);
          setCode('');
          setName('');
          setParameters('');
        },
      },
    );
  };
  return (
    <Dialog
      title={t('stock.materials.newMaterial')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      closeLabel={t('close')}
      size="lg"
      footer={
        <Button onPress={submit} isPending={save.isPending} isDisabled={!code.trim() || !name.trim() || !groupId}>
          {t('save')}
        </Button>
      }
    >
      <div className={f.form}>
        {save.isError ? <p className={f.error} role="alert">{stockErrorText(t, save.error, i18n.language)}</p> : null}
        <div className={s.formGrid}>
          <TextField label={t('stock.columns.code')} value={code} onChange={setCode} isRequired />
          <TextField label={t('stock.columns.name')} value={name} onChange={setName} isRequired />
          <Select
            placeholder={t('stock.choose')}
            label={t('stock.columns.group')}
            items={(reference.data?.groups ?? []).map((g) => ({ id: String(g.id), label: g.path }))}
            selectedKey={groupId}
            onSelectionChange={(key) => setGroupId(key === null ? null : String(key))}
            isRequired
          />
          <Select
            placeholder={t('stock.choose')}
            label={t('stock.columns.unit')}
            items={(reference.data?.units ?? []).map((u) => ({ id: u.code, label: u.name }))}
            selectedKey={unitCode}
            onSelectionChange={(key) => setUnitCode(String(key ?? 'pcs'))}
          />
          <NumberField label={t('stock.columns.minLevel')} value={minLevel} onChange={setMinLevel} minValue={0} />
          <label className={s.check}>
            <input className={s.checkbox} type="checkbox" checked={tracks} onChange={(e) => setTracks(e.target.checked)} />
            {t('stock.materials.tracksInventoriesHint')}
          </label>
        </div>
        <TextField label={t('stock.columns.parameters')} description={t('stock.materials.parametersHint')} value={parameters} onChange={setParameters} />
      </div>
    </Dialog>
  );
}

/** The new-group form: names in the four languages (az required) and the parent group. */
function GroupDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const reference = useStockReference();
  const save = useSaveMaterialGroup();
  const [names, setNames] = useState({ az: '', en: '', ru: '', tr: '' });
  const [parentId, setParentId] = useState<string>('none');
  const submit = () =>
    save.mutate(
      { names, parentId: parentId === 'none' ? null : Number(parentId) },
      {
        onSuccess: () => {
          onOpenChange(false);
          setNames({ az: '', en: '', ru: '', tr: '' });
        },
      },
    );
  return (
    <Dialog
      title={t('stock.materials.newGroup')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      closeLabel={t('close')}
      footer={
        <Button onPress={submit} isPending={save.isPending} isDisabled={!names.az.trim()}>
          {t('save')}
        </Button>
      }
    >
      <div className={f.form}>
        {save.isError ? <p className={f.error} role="alert">{stockErrorText(t, save.error, i18n.language)}</p> : null}
        <Select
          placeholder={t('stock.choose')}
          label={t('stock.materials.parentGroup')}
          items={[{ id: 'none', label: t('stock.materials.rootGroup') }, ...(reference.data?.groups ?? []).map((g) => ({ id: String(g.id), label: g.path }))]}
          selectedKey={parentId}
          onSelectionChange={(key) => setParentId(String(key ?? 'none'))}
        />
        {(['az', 'en', 'ru', 'tr'] as const).map((code) => (
          <TextField
            key={code}
            label={t(`stock.materials.groupName.${code}`)}
            value={names[code]}
            onChange={(value) => setNames((n) => ({ ...n, [code]: value }))}
            isRequired={code === 'az'}
          />
        ))}
      </div>
    </Dialog>
  );
}

/**
 * The materials import (CSV or XLSX): pick a file, see what each row will do (create, update
 * with the changed fields, unchanged, error with its reason), then import it all at once.
 */
function ImportDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const run = useImportMaterials();
  const [rows, setRows] = useState<MaterialImportRow[] | null>(null);
  const [preview, setPreview] = useState<MaterialImportResult | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const reset = () => {
    setRows(null);
    setPreview(null);
    setFileError(null);
    run.reset();
  };
  const pickFile = async (file: File | undefined) => {
    reset();
    if (!file) return;
    try {
      const read = await readMaterialsFile(file);
      if (read.length === 0) throw new Error('empty');
      setRows(read);
      run.mutate({ rows: read, apply: false }, { onSuccess: setPreview });
    } catch (error) {
      setFileError((error as Error).message === 'missingColumns' ? t('stock.import.missingColumns') : t('stock.import.unreadable'));
    }
  };
  return (
    <Dialog
      title={t('stock.import.title')}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) reset();
        onOpenChange(open);
      }}
      closeLabel={t('close')}
      size="lg"
      footer={
        <Button
          isDisabled={!rows || !preview || preview.applied || preview.errors > 0 || preview.created + preview.updated === 0}
          isPending={run.isPending}
          onPress={() => rows && run.mutate({ rows, apply: true }, { onSuccess: setPreview })}
        >
          {t('stock.import.apply')}
        </Button>
      }
    >
      <div className={f.form}>
        <p className={f.note}>{t('stock.import.hint')}</p>
        <input aria-label={t('stock.import.file')} type="file" accept=".csv,.xlsx,text/csv" onChange={(e) => void pickFile(e.target.files?.[0])} />
        {fileError ? <p className={f.error} role="alert">{fileError}</p> : null}
        {run.isError ? <p className={f.error} role="alert">{stockErrorText(t, run.error, i18n.language)}</p> : null}
        {preview ? (
          <>
            <p className={preview.applied ? f.success : f.info} role="status">
              {t(preview.applied ? 'stock.import.done' : 'stock.import.summary', { created: preview.created, updated: preview.updated, errors: preview.errors })}
            </p>
            <div className={st.tableWrap} style={{ maxHeight: '40vh', overflow: 'auto' }}>
              <table className={st.table}>
                <thead>
                  <tr>
                    <th className={st.th}>#</th>
                    <th className={st.th}>{t('stock.columns.code')}</th>
                    <th className={st.th}>{t('stock.columns.name')}</th>
                    <th className={st.th}>{t('stock.import.action')}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((row) => (
                    <tr key={row.line}>
                      <td className={st.td}>{row.line}</td>
                      <td className={st.td}>{row.code}</td>
                      <td className={st.td}>{row.name}</td>
                      <td className={st.td}>
                        {t(`stock.import.actions.${row.action}`)}
                        {row.changes.length ? `: ${row.changes.map((c) => t(`stock.import.fields.${c}`)).join(', ')}` : ''}
                        {row.error ? `: ${t(`stock.import.errors.${row.error}`)}` : ''}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
      </div>
    </Dialog>
  );
}
