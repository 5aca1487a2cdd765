import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { HelpdeskCategory, HelpdeskComponent, HelpdeskPriority, HelpdeskReference } from '@servicedesk/contracts';
import { useHelpdeskReference } from '@servicedesk/api/helpdesk/get-helpdesk-reference';
import {
  useDeleteCategory,
  useDeleteComponent,
  useSaveCategory,
  useSaveComponent,
  useUpdatePriority,
} from '@servicedesk/api/helpdesk/save-catalog';
import { Badge } from '@servicedesk/ui/Badge';
import { Button } from '@servicedesk/ui/Button';
import { ConfirmDialog } from '@servicedesk/ui/ConfirmDialog';
import { Dialog } from '@servicedesk/ui/Dialog';
import { NumberField } from '@servicedesk/ui/NumberField';
import { Select } from '@servicedesk/ui/Select';
import { Tabs } from '@servicedesk/ui/Tabs';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import { usePagePermissions } from '../../access/use-page-permissions';
import { helpdeskErrorText, priorityKey } from '../shared/helpdesk-display';
import { formatTargetTime } from '../shared/helpdesk-text';
import {
  NAME_LANGUAGES,
  namesForm,
  splitTarget,
  toLocalizedNames,
  toMinutes,
  validateNames,
  validateSortOrder,
  validateTarget,
  type CatalogErrors,
  type NameLanguage,
  type TargetUnit,
} from './catalog-forms';
import * as p from '../../shared/page.css';
import * as s from '../shared/helpdesk.css';

type Names = Record<NameLanguage, string>;
const fieldText = (errors: CatalogErrors, field: string, t: TFunction) => {
  const e = errors[field];
  return e ? t(e.key, e.values ?? {}) : undefined;
};

/** The four name fields (az required). */
function NameFields({ names, onChange, errors }: { names: Names; onChange: (names: Names) => void; errors: CatalogErrors }) {
  const { t } = useTranslation();
  return (
    <fieldset className={s.fieldset}>
      <legend className={s.legend}>{t('helpdesk.catalog.names')}</legend>
      <div className={s.namesGrid}>
        {NAME_LANGUAGES.map((lang) => (
          <TextField
            key={lang}
            label={t(`helpdesk.catalog.nameIn.${lang}`)}
            value={names[lang]}
            onChange={(v) => onChange({ ...names, [lang]: v })}
            isRequired={lang === 'az'}
            autoComplete="off"
            isInvalid={errors[`names.${lang}`] !== undefined}
            errorMessage={fieldText(errors, `names.${lang}`, t)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** A labelled native checkbox (active, needs approval). */
function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className={s.check}>
      <input className={s.checkbox} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

/** Save / cancel and the server's refusal of a catalogue form. */
function FormFooter({ serverError, isPending, onCancel }: { serverError: string | null; isPending: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {serverError ? (
        <p className={s.formError} role="alert">
          {serverError}
        </p>
      ) : null}
      <div className={s.formActions}>
        <Button variant="secondary" onPress={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" isPending={isPending}>
          {t('save')}
        </Button>
      </div>
    </>
  );
}

/** The category dialog's form: names, sort order, active. */
function CategoryForm({ category, onClose }: { category: HelpdeskCategory | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [names, setNames] = useState(() => namesForm(category?.names));
  const [sortOrder, setSortOrder] = useState(category?.sortOrder ?? 0);
  const [isActive, setIsActive] = useState(category?.isActive ?? true);
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveCategory({
    onSuccess: (saved) => {
      toast.show({ title: t('helpdesk.catalog.saved', { name: saved.name }), variant: 'success' });
      onClose();
    },
    onError: (error) => setServerError(helpdeskErrorText(error, t)),
  });
  const check = () => ({ ...validateNames(names), ...validateSortOrder(sortOrder) });
  const errors = attempted ? check() : {};
  const title = category ? t('helpdesk.catalog.categories.edit') : t('helpdesk.catalog.categories.create');
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setAttempted(true);
    if (Object.keys(check()).length > 0) return;
    save.mutate({ id: category?.id, names: toLocalizedNames(names), sortOrder, isActive });
  };
  return (
    <form className={s.form} onSubmit={submit} noValidate aria-label={title}>
      <NameFields names={names} onChange={setNames} errors={errors} />
      <div className={s.formGrid}>
        <NumberField
          label={t('helpdesk.catalog.sortOrder')}
          value={sortOrder}
          onChange={(v) => setSortOrder(Number.isNaN(v) ? 0 : v)}
          minValue={0}
          isInvalid={errors.sortOrder !== undefined}
          errorMessage={fieldText(errors, 'sortOrder', t)}
        />
        <Check label={t('helpdesk.catalog.active')} checked={isActive} onChange={setIsActive} />
      </div>
      <FormFooter serverError={serverError} isPending={save.isPending} onCancel={onClose} />
    </form>
  );
}

/** The component dialog's form: category, names, serving group, needs approval, sort order, active. */
function ComponentForm({ component, reference, onClose }: { component: HelpdeskComponent | null; reference: HelpdeskReference; onClose: () => void }) {
  const { t } = useTranslation();
  const [categoryId, setCategoryId] = useState<number | null>(component?.categoryId ?? null);
  const [groupId, setGroupId] = useState<number | null>(component?.groupId ?? null);
  const [names, setNames] = useState(() => namesForm(component?.names));
  const [requiresApproval, setRequiresApproval] = useState(component?.requiresApproval ?? false);
  const [sortOrder, setSortOrder] = useState(component?.sortOrder ?? 0);
  const [isActive, setIsActive] = useState(component?.isActive ?? true);
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveComponent({
    onSuccess: (saved) => {
      toast.show({ title: t('helpdesk.catalog.saved', { name: saved.name }), variant: 'success' });
      onClose();
    },
    onError: (error) => setServerError(helpdeskErrorText(error, t)),
  });
  const check = (): CatalogErrors => ({
    ...(categoryId === null ? { categoryId: { key: 'helpdesk.catalog.errors.categoryRequired' } } : {}),
    ...(groupId === null ? { groupId: { key: 'helpdesk.catalog.errors.groupRequired' } } : {}),
    ...validateNames(names),
    ...validateSortOrder(sortOrder),
  });
  const errors = attempted ? check() : {};
  const title = component ? t('helpdesk.catalog.components.edit') : t('helpdesk.catalog.components.create');
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setAttempted(true);
    if (Object.keys(check()).length > 0 || categoryId === null || groupId === null) return;
    save.mutate({ id: component?.id, categoryId, groupId, names: toLocalizedNames(names), requiresApproval, sortOrder, isActive });
  };
  return (
    <form className={s.form} onSubmit={submit} noValidate aria-label={title}>
      <div className={s.formGrid}>
        <Select
          label={t('helpdesk.catalog.category')}
          items={reference.categories.map((c) => ({ id: String(c.id), label: c.name }))}
          selectedKey={categoryId === null ? null : String(categoryId)}
          onSelectionChange={(key) => setCategoryId(key === null ? null : Number(key))}
          placeholder={t('helpdesk.create.choose')}
          isRequired
          isInvalid={errors.categoryId !== undefined}
          errorMessage={fieldText(errors, 'categoryId', t)}
        />
        <Select
          label={t('helpdesk.catalog.group')}
          items={reference.groups.map((g) => ({ id: String(g.id), label: g.name }))}
          selectedKey={groupId === null ? null : String(groupId)}
          onSelectionChange={(key) => setGroupId(key === null ? null : Number(key))}
          placeholder={t('helpdesk.create.choose')}
          isRequired
          isInvalid={errors.groupId !== undefined}
          errorMessage={fieldText(errors, 'groupId', t)}
        />
      </div>
      <NameFields names={names} onChange={setNames} errors={errors} />
      <div className={s.formGrid}>
        <NumberField
          label={t('helpdesk.catalog.sortOrder')}
          value={sortOrder}
          onChange={(v) => setSortOrder(Number.isNaN(v) ? 0 : v)}
          minValue={0}
          isInvalid={errors.sortOrder !== undefined}
          errorMessage={fieldText(errors, 'sortOrder', t)}
        />
        <div className={s.fieldset}>
          <Check label={t('helpdesk.catalog.requiresApproval')} checked={requiresApproval} onChange={setRequiresApproval} />
          <Check label={t('helpdesk.catalog.active')} checked={isActive} onChange={setIsActive} />
        </div>
      </div>
      <FormFooter serverError={serverError} isPending={save.isPending} onCancel={onClose} />
    </form>
  );
}

/** The priority dialog's form: names and the target time (amount + unit). */
function PriorityForm({ priority, onClose }: { priority: HelpdeskPriority; onClose: () => void }) {
  const { t } = useTranslation();
  const initial = splitTarget(priority.targetMinutes);
  const [names, setNames] = useState(() => namesForm(priority.names));
  const [amount, setAmount] = useState(initial.amount);
  const [unit, setUnit] = useState<TargetUnit>(initial.unit);
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useUpdatePriority({
    onSuccess: (saved) => {
      toast.show({ title: t('helpdesk.catalog.saved', { name: saved.name }), variant: 'success' });
      onClose();
    },
    onError: (error) => setServerError(helpdeskErrorText(error, t)),
  });
  const check = () => ({ ...validateNames(names), ...validateTarget(amount, unit) });
  const errors = attempted ? check() : {};
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setAttempted(true);
    if (Object.keys(check()).length > 0) return;
    save.mutate({ code: priority.code, names: toLocalizedNames(names), targetMinutes: toMinutes(amount, unit) });
  };
  return (
    <form className={s.form} onSubmit={submit} noValidate aria-label={t('helpdesk.catalog.priorities.edit')}>
      <NameFields names={names} onChange={setNames} errors={errors} />
      <div className={s.formGrid}>
        <NumberField
          label={t('helpdesk.catalog.targetTime')}
          description={t('helpdesk.catalog.targetHint')}
          value={amount}
          onChange={(v) => setAmount(Number.isNaN(v) ? 0 : v)}
          minValue={0}
          isInvalid={errors.target !== undefined}
          errorMessage={fieldText(errors, 'target', t)}
        />
        <Select
          label={t('helpdesk.catalog.unit')}
          items={(['minutes', 'hours', 'days'] as const).map((u) => ({ id: u, label: t(`helpdesk.catalog.units.${u}`) }))}
          selectedKey={unit}
          onSelectionChange={(key) => key !== null && setUnit(key as TargetUnit)}
        />
      </div>
      <FormFooter serverError={serverError} isPending={save.isPending} onCancel={onClose} />
    </form>
  );
}

/** A catalogue table with its heading and "create" button. */
function Section({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <div>
      <div className={s.toolbar}>
        <h2 id={id} className={s.toolbarTitle}>
          {title}
        </h2>
        {action}
      </div>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a wide table scrolls; keyboard users need to reach it */}
      <div className={s.tableWrap} tabIndex={0} role="region" aria-label={title}>
        {children}
      </div>
    </div>
  );
}

const activeBadge = (isActive: boolean, t: TFunction) =>
  isActive ? <Badge variant="success">{t('helpdesk.catalog.isActive')}</Badge> : <Badge variant="neutral">{t('helpdesk.catalog.inactive')}</Badge>;

/** One column of a {@link CatalogTable}: its header and how a row fills its cell. */
interface CatalogColumn<T> {
  label: string;
  /** Right-aligned figures. */
  numeric?: boolean;
  cell: (row: T) => ReactNode;
}

/**
 * A catalogue table: the columns, then an actions column (its header visible to screen readers
 * and muted on screen); inactive rows dimmed.
 */
function CatalogTable<T>({
  rows,
  rowKey,
  columns,
  isInactive,
  actionsLabel,
  actions,
}: {
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  columns: CatalogColumn<T>[];
  isInactive?: (row: T) => boolean;
  actionsLabel: string;
  actions: (row: T) => ReactNode;
}) {
  return (
    <table className={s.table}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} className={s.th}>
              {column.label}
            </th>
          ))}
          <th className={s.th}>
            <span className={p.muted}>{actionsLabel}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={isInactive?.(row) ? s.inactiveRow : undefined}>
            {columns.map((column) => (
              <td key={column.label} className={column.numeric ? `${s.td} ${s.numeric}` : s.td}>
                {column.cell(row)}
              </td>
            ))}
            <td className={s.td}>
              <div className={s.rowActions}>{actions(row)}</div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type Editing =
  | { kind: 'category'; item: HelpdeskCategory | null }
  | { kind: 'component'; item: HelpdeskComponent | null }
  | { kind: 'priority'; item: HelpdeskPriority };
type Deleting = { kind: 'category'; item: HelpdeskCategory } | { kind: 'component'; item: HelpdeskComponent };

/**
 * /home/helpdesk/categories (issue #6 "Admin: categories, components (which group serves them,
 * whether approval is needed), priorities with their target times"; page key
 * `helpdesk.categories`): three tabs of tables from GET /api/helpdesk/reference; create, edit
 * and delete where the user type holds `helpdesk.categories.create` / `.update` / `.delete`
 * (a used category or component cannot be deleted — the server answers 409 and the text says
 * to deactivate it instead). Names in az (required), en, ru, tr.
 */
export function HelpdeskCatalogPage() {
  const { t, i18n } = useTranslation();
  const { can } = usePagePermissions('helpdesk.categories');
  const reference = useHelpdeskReference();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const deleteCategory = useDeleteCategory();
  const deleteComponent = useDeleteComponent();
  const data = reference.data;
  const close = () => setEditing(null);
  const categoryName = (id: number) => data?.categories.find((c) => c.id === id)?.name ?? '';
  const editButton = (label: string, onPress: () => void) =>
    can('helpdesk.categories.update') ? (
      <Button size="sm" variant="ghost" aria-label={label} onPress={onPress}>
        {t('helpdesk.catalog.editAction')}
      </Button>
    ) : null;
  const deleteButton = (label: string, onPress: () => void) =>
    can('helpdesk.categories.delete') ? (
      <Button size="sm" variant="ghost" aria-label={label} onPress={onPress}>
        {t('helpdesk.catalog.deleteAction')}
      </Button>
    ) : null;

  const rowActions = (name: string, edit: () => void, remove: () => void) => (
    <>
      {editButton(t('helpdesk.catalog.editNamed', { name }), edit)}
      {deleteButton(t('helpdesk.catalog.deleteNamed', { name }), remove)}
    </>
  );

  const categoriesTab = data ? (
    <Section
      id="hd-categories"
      title={t('helpdesk.catalog.tabs.categories')}
      action={can('helpdesk.categories.create') ? <Button onPress={() => setEditing({ kind: 'category', item: null })}>{t('helpdesk.catalog.categories.create')}</Button> : null}
    >
      <CatalogTable
        rows={data.categories}
        rowKey={(c) => c.id}
        isInactive={(c) => !c.isActive}
        columns={[
          { label: t('helpdesk.catalog.name'), cell: (c) => c.name },
          { label: t('helpdesk.catalog.componentCount'), numeric: true, cell: (c) => data.components.filter((k) => k.categoryId === c.id).length },
          { label: t('helpdesk.catalog.sortOrder'), numeric: true, cell: (c) => c.sortOrder },
          { label: t('helpdesk.catalog.status'), cell: (c) => activeBadge(c.isActive, t) },
        ]}
        actionsLabel={t('helpdesk.catalog.actions')}
        actions={(c) => rowActions(c.name, () => setEditing({ kind: 'category', item: c }), () => setDeleting({ kind: 'category', item: c }))}
      />
    </Section>
  ) : null;

  const componentsTab = data ? (
    <Section
      id="hd-components"
      title={t('helpdesk.catalog.tabs.components')}
      action={can('helpdesk.categories.create') ? <Button onPress={() => setEditing({ kind: 'component', item: null })}>{t('helpdesk.catalog.components.create')}</Button> : null}
    >
      <CatalogTable
        rows={[...data.components].sort(
          (a, b) => categoryName(a.categoryId).localeCompare(categoryName(b.categoryId), i18n.language) || a.sortOrder - b.sortOrder,
        )}
        rowKey={(k) => k.id}
        isInactive={(k) => !k.isActive}
        columns={[
          { label: t('helpdesk.catalog.name'), cell: (k) => k.name },
          { label: t('helpdesk.catalog.category'), cell: (k) => categoryName(k.categoryId) },
          { label: t('helpdesk.catalog.group'), cell: (k) => k.groupName },
          {
            label: t('helpdesk.catalog.approval'),
            cell: (k) => (k.requiresApproval ? <Badge variant="info">{t('helpdesk.catalog.needsApproval')}</Badge> : t('helpdesk.catalog.noApproval')),
          },
          { label: t('helpdesk.catalog.status'), cell: (k) => activeBadge(k.isActive, t) },
        ]}
        actionsLabel={t('helpdesk.catalog.actions')}
        actions={(k) => rowActions(k.name, () => setEditing({ kind: 'component', item: k }), () => setDeleting({ kind: 'component', item: k }))}
      />
    </Section>
  ) : null;

  const prioritiesTab = data ? (
    <Section id="hd-priorities" title={t('helpdesk.catalog.tabs.priorities')}>
      <CatalogTable
        rows={data.priorities}
        rowKey={(pr) => pr.code}
        columns={[
          { label: t('helpdesk.catalog.name'), cell: (pr) => pr.name },
          { label: t('helpdesk.catalog.code'), cell: (pr) => t(priorityKey(pr.code)) },
          { label: t('helpdesk.catalog.targetTime'), numeric: true, cell: (pr) => formatTargetTime(pr.targetMinutes, t, i18n.language) },
        ]}
        actionsLabel={t('helpdesk.catalog.actions')}
        actions={(pr) => editButton(t('helpdesk.catalog.editNamed', { name: pr.name }), () => setEditing({ kind: 'priority', item: pr }))}
      />
    </Section>
  ) : null;

  const dialogTitle =
    editing?.kind === 'category'
      ? t(editing.item ? 'helpdesk.catalog.categories.edit' : 'helpdesk.catalog.categories.create')
      : editing?.kind === 'component'
        ? t(editing.item ? 'helpdesk.catalog.components.edit' : 'helpdesk.catalog.components.create')
        : t('helpdesk.catalog.priorities.edit');

  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('helpdesk.catalog.title')}</h1>
        <p className={p.lead}>{t('helpdesk.catalog.description')}</p>
      </div>
      <section className={p.card}>
        {reference.isPending ? (
          <p className={s.muted} role="status">
            {t('loading')}
          </p>
        ) : reference.isError ? (
          <p role="alert">{t('error.generic')}</p>
        ) : (
          <Tabs
            ariaLabel={t('helpdesk.catalog.title')}
            items={[
              { id: 'categories', label: t('helpdesk.catalog.tabs.categories'), content: categoriesTab },
              { id: 'components', label: t('helpdesk.catalog.tabs.components'), content: componentsTab },
              { id: 'priorities', label: t('helpdesk.catalog.tabs.priorities'), content: prioritiesTab },
            ]}
          />
        )}
      </section>
      <Dialog title={dialogTitle} isOpen={editing !== null} onOpenChange={(open) => !open && close()} closeLabel={t('close')} size="lg" isDismissable={false}>
        {editing?.kind === 'category' ? <CategoryForm key={editing.item?.id ?? 'new'} category={editing.item} onClose={close} /> : null}
        {editing?.kind === 'component' && data ? (
          <ComponentForm key={editing.item?.id ?? 'new'} component={editing.item} reference={data} onClose={close} />
        ) : null}
        {editing?.kind === 'priority' ? <PriorityForm key={editing.item.code} priority={editing.item} onClose={close} /> : null}
      </Dialog>
      <ConfirmDialog
        title={t('helpdesk.catalog.deleteTitle')}
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        confirmLabel={t('helpdesk.catalog.deleteAction')}
        cancelLabel={t('cancel')}
        variant="destructive"
        onConfirm={async () => {
          if (!deleting) return;
          if (deleting.kind === 'category') await deleteCategory.mutateAsync(deleting.item.id);
          else await deleteComponent.mutateAsync(deleting.item.id);
        }}
        onConfirmed={() => deleting && toast.show({ title: t('helpdesk.catalog.deleted', { name: deleting.item.name }), variant: 'success' })}
        onError={(error) => toast.show({ title: helpdeskErrorText(error, t), variant: 'error' })}
      >
        {deleting ? t('helpdesk.catalog.deleteMessage', { name: deleting.item.name }) : null}
      </ConfirmDialog>
    </div>
  );
}
