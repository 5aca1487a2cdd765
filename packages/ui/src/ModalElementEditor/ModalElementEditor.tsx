import { useState, type FormEvent } from 'react';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { ConfirmDialog } from '../ConfirmDialog';
import { Dialog } from '../Dialog';
import { TextArea } from '../TextArea';
import { TextField } from '../TextField';
import * as styles from './ModalElementEditor.css';

/** SPEC §2 "Other modals": the kinds of modal element. */
export type ModalElementKind = 'vendor' | 'contractor' | 'tags' | 'documentDestination';

/** One editable field of a modal element kind (e.g. a vendor's name and tax id). */
export interface ModalElementField {
  /** Key in the element's values. */
  name: string;
  /** Label, already translated; also the column header. */
  label: string;
  /** text (default) or textarea. @default 'text' */
  type?: 'text' | 'textarea';
  /** Must not be blank; `requiredMessage` is shown otherwise. @default false */
  isRequired?: boolean;
  /** Shown when a required field is blank. @default undefined */
  requiredMessage?: string;
  /** Whether the list shows it as a column. @default true */
  showInList?: boolean;
}

/** A modal element as the list shows it. */
export interface ModalElement {
  id: number | string;
  /** Whether it is offered in selects (the activate/deactivate toggle). */
  isActive: boolean;
  /** The field values, by field name. */
  values: Record<string, string>;
}

/** Every visible text of the editor, already translated. */
export interface ModalElementEditorTexts {
  create: string;
  edit: string;
  save: string;
  cancel: string;
  remove: string;
  activate: string;
  deactivate: string;
  close: string;
  /** Shown when the list is empty. */
  empty: string;
  /** Badge texts and the status column header. */
  active: string;
  inactive: string;
  status: string;
  /** Header of the actions column. */
  actions: string;
  /** Heading of the form when creating / editing. */
  createTitle: string;
  editTitle: string;
  /** Remove confirmation (SPEC §8 "sure / will be deleted"). */
  removeTitle: string;
  removeMessage: (element: ModalElement) => string;
}

export interface ModalElementEditorProps {
  /** Heading of the dialog, e.g. "Vendors". */
  title: string;
  /** Whether it is open (controlled). */
  isOpen: boolean;
  /** Called with false when it closes. */
  onOpenChange: (isOpen: boolean) => void;
  /** The kind's fields, in column order. */
  fields: ModalElementField[];
  /** The elements to list. */
  items: ModalElement[];
  /** All texts. */
  texts: ModalElementEditorTexts;
  /** Creates an element from the form values (SPEC §3: the fields plus the modalElement kind — the app adds the kind). */
  onCreate: (values: Record<string, string>) => void | Promise<void>;
  /** Updates an element. */
  onUpdate: (id: ModalElement['id'], values: Record<string, string>) => void | Promise<void>;
  /** Removes an element, after the confirmation. */
  onRemove: (id: ModalElement['id']) => void | Promise<void>;
  /** Activates (true) or deactivates (false) an element. */
  onActivate: (id: ModalElement['id'], isActive: boolean) => void | Promise<void>;
  /** Called after a successful removal (the app shows the element-deleted message). @default undefined */
  onRemoved?: (element: ModalElement) => void;
  /** Called when a callback rejects (the app shows the server's message, SPEC §8). @default undefined */
  onError?: (error: unknown) => void;
}

type FormState = { mode: 'create' } | { mode: 'edit'; element: ModalElement } | null;

function emptyValues(fields: ModalElementField[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.name, '']));
}

/**
 * The generic modal-element editor (SPEC §2 "Other modals", §3, §7): one dialog per kind —
 * vendor, contractor, tags, document destination — listing the elements with their status,
 * and creating, updating, removing (after a ConfirmDialog) and activating/deactivating them
 * through the callbacks. It holds no data: the app passes `items` (from its query) and
 * refreshes them after each callback resolves. Required fields are checked before
 * onCreate/onUpdate; failures go to `onError` and leave the form as it was.
 */
export function ModalElementEditor({
  title,
  isOpen,
  onOpenChange,
  fields,
  items,
  texts,
  onCreate,
  onUpdate,
  onRemove,
  onActivate,
  onRemoved,
  onError,
}: ModalElementEditorProps) {
  const [form, setForm] = useState<FormState>(null);
  const [values, setValues] = useState<Record<string, string>>(() => emptyValues(fields));
  const [attempted, setAttempted] = useState(false);
  const [pending, setPending] = useState(false);
  const [removing, setRemoving] = useState<ModalElement | null>(null);
  const listed = fields.filter((f) => f.showInList !== false);

  const openForm = (next: FormState) => {
    setForm(next);
    setAttempted(false);
    setValues(
      next?.mode === 'edit'
        ? { ...emptyValues(fields), ...next.element.values }
        : emptyValues(fields),
    );
  };

  const missing = (f: ModalElementField) =>
    Boolean(f.isRequired) && (values[f.name] ?? '').trim() === '';

  const run = async (action: () => void | Promise<void>): Promise<boolean> => {
    setPending(true);
    try {
      await action();
      return true;
    } catch (error) {
      onError?.(error);
      return false;
    } finally {
      setPending(false);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (!form || pending || fields.some(missing)) return;
    const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
    const ok = await run(() =>
      form.mode === 'create' ? onCreate(trimmed) : onUpdate(form.element.id, trimmed),
    );
    if (ok) openForm(null);
  };

  return (
    <>
      <Dialog
        title={title}
        isOpen={isOpen}
        onOpenChange={onOpenChange}
        size="lg"
        closeLabel={texts.close}
      >
        <div className={styles.layout}>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  {listed.map((f) => (
                    <th key={f.name} scope="col" className={styles.th}>
                      {f.label}
                    </th>
                  ))}
                  <th scope="col" className={styles.th}>
                    {texts.status}
                  </th>
                  <th scope="col" className={styles.th}>
                    {texts.actions}
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.length === 0 ? (
                  <tr>
                    <td colSpan={listed.length + 2} className={styles.empty}>
                      {texts.empty}
                    </td>
                  </tr>
                ) : (
                  items.map((item) => (
                    <tr key={item.id} className={item.isActive ? undefined : styles.inactiveRow}>
                      {listed.map((f) => (
                        <td key={f.name} className={styles.td}>
                          {item.values[f.name] ?? ''}
                        </td>
                      ))}
                      <td className={styles.td}>
                        <Badge variant={item.isActive ? 'success' : 'neutral'}>
                          {item.isActive ? texts.active : texts.inactive}
                        </Badge>
                      </td>
                      <td className={styles.td}>
                        <div className={styles.actions}>
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`${texts.edit}: ${item.values[listed[0]?.name ?? ''] ?? item.id}`}
                            onPress={() => openForm({ mode: 'edit', element: item })}
                          >
                            {texts.edit}
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            isDisabled={pending}
                            aria-label={`${item.isActive ? texts.deactivate : texts.activate}: ${item.values[listed[0]?.name ?? ''] ?? item.id}`}
                            onPress={() => void run(() => onActivate(item.id, !item.isActive))}
                          >
                            {item.isActive ? texts.deactivate : texts.activate}
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`${texts.remove}: ${item.values[listed[0]?.name ?? ''] ?? item.id}`}
                            onPress={() => setRemoving(item)}
                          >
                            {texts.remove}
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          {form ? (
            <form
              className={styles.form}
              onSubmit={(e) => void submit(e)}
              noValidate
              aria-label={form.mode === 'create' ? texts.createTitle : texts.editTitle}
            >
              <h3 className={styles.formTitle}>
                {form.mode === 'create' ? texts.createTitle : texts.editTitle}
              </h3>
              {fields.map((f) => {
                const common = {
                  label: f.label,
                  value: values[f.name] ?? '',
                  onChange: (v: string) => setValues((prev) => ({ ...prev, [f.name]: v })),
                  isRequired: Boolean(f.isRequired),
                  isInvalid: attempted && missing(f),
                  errorMessage: f.requiredMessage,
                };
                return f.type === 'textarea' ? (
                  <TextArea key={f.name} {...common} rows={3} />
                ) : (
                  <TextField key={f.name} {...common} />
                );
              })}
              <div className={styles.formActions}>
                <Button variant="secondary" onPress={() => openForm(null)}>
                  {texts.cancel}
                </Button>
                <Button type="submit" isPending={pending}>
                  {texts.save}
                </Button>
              </div>
            </form>
          ) : (
            <div>
              <Button onPress={() => openForm({ mode: 'create' })}>{texts.create}</Button>
            </div>
          )}
        </div>
      </Dialog>
      <ConfirmDialog
        title={texts.removeTitle}
        isOpen={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        confirmLabel={texts.remove}
        cancelLabel={texts.cancel}
        onConfirm={async () => {
          if (removing) await onRemove(removing.id);
        }}
        onConfirmed={() => {
          if (removing) onRemoved?.(removing);
          if (form?.mode === 'edit' && form.element.id === removing?.id) openForm(null);
        }}
        onError={onError}
      >
        {removing ? texts.removeMessage(removing) : null}
      </ConfirmDialog>
    </>
  );
}
