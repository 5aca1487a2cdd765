import { useState, type ReactNode } from 'react';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { ConfirmDialog } from '../ConfirmDialog';
import { Dialog } from '../Dialog';
import * as tableStyles from '../SimpleTable';
import { Skeleton } from '../Skeleton';
import * as styles from './ReferenceDataTable.css';

/** One column of the table: its header and how a row fills its cell. */
export interface ReferenceDataColumn<T> {
  /** Stable key of the column. */
  id: string;
  /** Header text, already translated. */
  header: string;
  /** The cell of a row (text, a badge, a figure). */
  cell: (row: T) => ReactNode;
  /** Tabular figures kept on one line (counts, sort orders, times). @default false */
  numeric?: boolean;
}

/** Every text of the table, already translated; the `…Named` functions name the row for screen readers ("Edit Printers"). */
export interface ReferenceDataTableTexts {
  /** Header of the actions column (muted on screen). */
  actions: string;
  /** The create button and the title of the create dialog ("New category"). Needed when `canCreate`. @default undefined */
  create?: string;
  /** Title of the edit dialog ("Edit category"). @default undefined (no edit) */
  editTitle?: string;
  /** The edit button's visible word ("Edit") and its accessible name. */
  edit: string;
  editNamed: (name: string) => string;
  /** The delete button's word ("Delete"), its accessible name, the confirmation's title and message. */
  delete: string;
  deleteNamed: (name: string) => string;
  deleteTitle: string;
  deleteMessage: (name: string) => string;
  /** Activate / deactivate buttons, and the deactivation's confirmation. @default undefined (needed with `onActiveChange`) */
  activate?: string;
  activateNamed?: (name: string) => string;
  deactivate?: string;
  deactivateNamed?: (name: string) => string;
  deactivateTitle?: string;
  deactivateMessage?: (name: string) => string;
  /** Badge words of the status column shown with `isActive`. @default undefined (no status column) */
  active?: string;
  inactive?: string;
  /** Header of the status column. @default undefined */
  status?: string;
  /** Cancel of the confirmations, close of the dialog. */
  cancel: string;
  close: string;
  /** Shown instead of the table when there are no rows. */
  empty: string;
  /** Read by screen readers while loading. */
  loading: string;
}

export interface ReferenceDataTableProps<T> {
  /** The table's heading (an h2 by default); also names its scrolling region. */
  title: string;
  /** Level of the title. @default 2 */
  headingLevel?: 2 | 3;
  /** The rows, in display order. */
  rows: readonly T[];
  /** A row's stable key. */
  rowKey: (row: T) => string | number;
  /** A row's name in the interface language (names the row's buttons and the confirmations). */
  rowName: (row: T) => string;
  /** The columns before the status and actions columns. */
  columns: ReferenceDataColumn<T>[];
  /** Whether a row is active: inactive rows are dimmed; with `texts.status` a status column shows the badge. @default undefined (every row active, no status column) */
  isActive?: (row: T) => boolean;
  /** Shows a loading skeleton instead of the rows. @default false */
  isLoading?: boolean;
  /** All texts. */
  texts: ReferenceDataTableTexts;
  /**
   * The add/edit form inside the dialog: `row` is null when creating; call `close` after the
   * save succeeded (or on cancel). The form owns its fields, validation, saving and toasts.
   * Without it there is no create or edit. @default undefined
   */
  renderForm?: (row: T | null, close: () => void) => ReactNode;
  /** Shows the create button (with `renderForm` and `texts.create`). @default false */
  canCreate?: boolean;
  /** Shows each row's edit button (with `renderForm`). @default false */
  canEdit?: boolean | ((row: T) => boolean);
  /** Deletes a row after the confirmation; reject to keep the dialog's row and report through `onError`. Without it there is no delete button. @default undefined */
  onDelete?: (row: T) => void | Promise<void>;
  /** After a successful delete (the app toasts "… was deleted"). @default undefined */
  onDeleted?: (row: T) => void;
  /** Activates (true) or deactivates (false) a row; deactivation is confirmed first. Without it there are no such buttons. @default undefined */
  onActiveChange?: (row: T, isActive: boolean) => void | Promise<void>;
  /** When a delete or an activation change rejects (the app shows the server's text). @default undefined */
  onError?: (error: unknown, row: T) => void;
  /** Width of the add/edit dialog. @default 'lg' */
  dialogSize?: 'sm' | 'md' | 'lg';
}

type Confirming<T> = { kind: 'delete' | 'deactivate'; row: T } | null;
type Editing<T> = { row: T | null } | null;

/**
 * The reference-data admin table (issue #11, taken from the help-desk catalogue): a heading
 * with a create button, a horizontally scrolling region holding a plain `<table>` — the
 * columns, an optional status column, an actions column (edit, activate/deactivate, delete;
 * each named after its row) —, inactive rows dimmed, a skeleton while loading and a text
 * when empty. Create and edit open a Dialog with the app's form (`renderForm`); delete and
 * deactivate ask in a ConfirmDialog (SPEC §8) and await the callbacks. Names come already
 * localized: the app passes the row's name in the interface language.
 */
export function ReferenceDataTable<T>({
  title,
  headingLevel = 2,
  rows,
  rowKey,
  rowName,
  columns,
  isActive,
  isLoading = false,
  texts,
  renderForm,
  canCreate = false,
  canEdit = false,
  onDelete,
  onDeleted,
  onActiveChange,
  onError,
  dialogSize = 'lg',
}: ReferenceDataTableProps<T>) {
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [confirming, setConfirming] = useState<Confirming<T>>(null);
  const [toggling, setToggling] = useState<string | number | null>(null);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const close = () => setEditing(null);
  const mayEdit = (row: T) =>
    renderForm !== undefined && (typeof canEdit === 'function' ? canEdit(row) : canEdit);
  const showStatus =
    isActive !== undefined &&
    texts.status !== undefined &&
    texts.active !== undefined &&
    texts.inactive !== undefined;
  const hasActions =
    renderForm !== undefined || onDelete !== undefined || onActiveChange !== undefined;

  const toggle = async (row: T, next: boolean) => {
    if (!onActiveChange) return;
    setToggling(rowKey(row));
    try {
      await onActiveChange(row, next);
    } catch (error) {
      onError?.(error, row);
    } finally {
      setToggling(null);
    }
  };

  const body = isLoading ? (
    <Skeleton shape="text" lines={3} label={texts.loading} />
  ) : rows.length === 0 ? (
    <p className={styles.empty}>{texts.empty}</p>
  ) : (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a wide table scrolls; keyboard users need to reach it
    <div className={tableStyles.tableWrap} tabIndex={0} role="region" aria-label={title}>
      <table className={tableStyles.table}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={tableStyles.th}>
                {column.header}
              </th>
            ))}
            {showStatus ? (
              <th scope="col" className={tableStyles.th}>
                {texts.status}
              </th>
            ) : null}
            {hasActions ? (
              <th scope="col" className={tableStyles.th}>
                <span className={tableStyles.muted}>{texts.actions}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const key = rowKey(row);
            const name = rowName(row);
            const active = isActive ? isActive(row) : true;
            return (
              <tr
                key={key}
                className={active ? undefined : tableStyles.inactiveRow}
                data-inactive={active ? undefined : ''}
              >
                {columns.map((column) => (
                  <td
                    key={column.id}
                    className={
                      column.numeric ? `${tableStyles.td} ${tableStyles.numeric}` : tableStyles.td
                    }
                  >
                    {column.cell(row)}
                  </td>
                ))}
                {showStatus ? (
                  <td className={tableStyles.td}>
                    {active ? (
                      <Badge variant="success">{texts.active}</Badge>
                    ) : (
                      <Badge variant="neutral">{texts.inactive}</Badge>
                    )}
                  </td>
                ) : null}
                {hasActions ? (
                  <td className={tableStyles.td}>
                    <div className={tableStyles.rowActions}>
                      {mayEdit(row) ? (
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={texts.editNamed(name)}
                          onPress={() => setEditing({ row })}
                        >
                          {texts.edit}
                        </Button>
                      ) : null}
                      {onActiveChange && texts.activate && texts.deactivate ? (
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={
                            active ? texts.deactivateNamed?.(name) : texts.activateNamed?.(name)
                          }
                          isPending={toggling === key}
                          isDisabled={toggling !== null && toggling !== key}
                          onPress={() =>
                            active
                              ? setConfirming({ kind: 'deactivate', row })
                              : void toggle(row, true)
                          }
                        >
                          {active ? texts.deactivate : texts.activate}
                        </Button>
                      ) : null}
                      {onDelete ? (
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={texts.deleteNamed(name)}
                          onPress={() => setConfirming({ kind: 'delete', row })}
                        >
                          {texts.delete}
                        </Button>
                      ) : null}
                    </div>
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );

  const confirmingName = confirming ? rowName(confirming.row) : '';
  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        <Heading className={styles.title}>{title}</Heading>
        {canCreate && renderForm && texts.create ? (
          <Button onPress={() => setEditing({ row: null })}>{texts.create}</Button>
        ) : null}
      </div>
      {body}
      {renderForm ? (
        <Dialog
          title={editing?.row ? (texts.editTitle ?? texts.edit) : (texts.create ?? '')}
          isOpen={editing !== null}
          onOpenChange={(open) => !open && close()}
          closeLabel={texts.close}
          size={dialogSize}
          isDismissable={false}
        >
          {editing ? renderForm(editing.row, close) : null}
        </Dialog>
      ) : null}
      <ConfirmDialog
        title={
          confirming?.kind === 'deactivate' ? (texts.deactivateTitle ?? '') : texts.deleteTitle
        }
        isOpen={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        confirmLabel={confirming?.kind === 'deactivate' ? (texts.deactivate ?? '') : texts.delete}
        cancelLabel={texts.cancel}
        variant="destructive"
        onConfirm={async () => {
          if (!confirming) return;
          if (confirming.kind === 'delete') await onDelete?.(confirming.row);
          else await onActiveChange?.(confirming.row, false);
        }}
        onConfirmed={() => {
          if (confirming?.kind === 'delete') onDeleted?.(confirming.row);
        }}
        onError={(error) => confirming && onError?.(error, confirming.row)}
      >
        {confirming?.kind === 'deactivate'
          ? texts.deactivateMessage?.(confirmingName)
          : confirming
            ? texts.deleteMessage(confirmingName)
            : null}
      </ConfirmDialog>
    </div>
  );
}
