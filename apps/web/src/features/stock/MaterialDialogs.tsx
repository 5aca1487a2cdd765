/* The materials page's dialogs (new material, new group, import), loaded when one first opens (issue #19). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStockReference } from '@servicedesk/api/stock/stock-queries';
import { useImportMaterials, useSaveMaterial, useSaveMaterialGroup } from '@servicedesk/api/stock/stock-mutations';
import type { MaterialImportResult, MaterialImportRow } from '@servicedesk/contracts';
import * as st from '@servicedesk/ui/SimpleTable';
import { readMaterialsFile } from './material-import';
import { Button } from '@servicedesk/ui/Button';
import { Dialog } from '@servicedesk/ui/Dialog';
import { NumberField } from '@servicedesk/ui/NumberField';
import { Select } from '@servicedesk/ui/Select';
import { TextField } from '@servicedesk/ui/TextField';
import { stockErrorText } from './stock-display';
import * as f from '../shared/forms.css';
import * as s from '../shared/list-page.css';

/** The new-material form (code, name, group, unit, inventories, minimum level, parameters as "name: value" lines). */
export function MaterialDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
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
export function GroupDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
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
export function ImportDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
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
