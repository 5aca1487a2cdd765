import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@servicedesk/ui/Button';
import type { DataTableColumn } from '@servicedesk/ui/DataTable/types';
import { Dialog } from '@servicedesk/ui/Dialog';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import { AppDataTable } from '../shared/AppDataTable';
import { refusalText } from './debts-display';
import * as f from '../shared/forms.css';
import * as s from './debts.css';

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

/** A row of a debt-report reference list: an id and a name, the rest its own. */
interface ReferenceRow {
  id: number;
  name: string;
}

/**
 * A debt-report reference list (issue #17: the payment types, the groups) as a tab: its grid
 * under `tableKey`, and for a manager (`canManage`) "Add" and a row opening the edit dialog of
 * `fields` (all required; `valuesOf(row)` gives a row's values, null a new row's). `save(values,
 * id)` sends the dialog's values (id undefined: create) and answers its promise; success closes
 * the dialog with the `savedText` toast, a refusal is a toast in `debts.form.errors` terms.
 */
export function ReferenceListTab<TRow extends ReferenceRow>({
  canManage,
  tableKey,
  tableLabel,
  exportFileName,
  addLabel,
  savedText,
  rows,
  isLoading,
  columns,
  fields,
  valuesOf,
  save,
  isSaving,
}: {
  canManage: boolean;
  tableKey: string;
  tableLabel: string;
  exportFileName: string;
  addLabel: string;
  savedText: string;
  rows: TRow[] | undefined;
  isLoading: boolean;
  columns: DataTableColumn<TRow>[];
  fields: { name: string; label: string }[];
  valuesOf: (row: TRow | null) => Record<string, string>;
  save: (values: Record<string, string>, id: number | undefined) => Promise<unknown>;
  isSaving: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<TRow | 'new' | null>(null);
  const row = editing && editing !== 'new' ? editing : null;
  return (
    <div className={f.form}>
      {canManage ? (
        <div className={s.headerActions}>
          <Button variant="secondary" onPress={() => setEditing('new')}>
            {addLabel}
          </Button>
        </div>
      ) : null}
      <AppDataTable
        tableKey={tableKey}
        aria-label={tableLabel}
        data={rows ?? []}
        columns={columns}
        getRowId={(r) => String(r.id)}
        isLoading={isLoading}
        onRowAction={canManage ? (r) => setEditing(r) : undefined}
        exportFileName={exportFileName}
        height="min(50vh, 420px)"
      />
      <EditDialog
        key={editing === 'new' ? 'new' : (editing?.id ?? 'none')}
        title={row ? row.name : addLabel}
        fields={fields}
        initial={valuesOf(row)}
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        isPending={isSaving}
        onSave={(values) =>
          void save(values, row?.id).then(
            () => {
              toast.show({ title: savedText, variant: 'success' });
              setEditing(null);
            },
            (e: unknown) => toast.show({ title: refusalText(t, e, 'debts.form.errors'), variant: 'error' }),
          )
        }
      />
    </div>
  );
}
