import { useState, type FormEvent } from 'react';
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
import { NumberField } from '@servicedesk/ui/NumberField';
import { ReferenceDataTable, type ReferenceDataTableTexts } from '@servicedesk/ui/ReferenceDataTable';
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
  const deleteCategory = useDeleteCategory();
  const deleteComponent = useDeleteComponent();
  const data = reference.data;
  const categoryName = (id: number) => data?.categories.find((c) => c.id === id)?.name ?? '';
  const texts = (create: string | undefined, editTitle: string): ReferenceDataTableTexts => ({
    actions: t('helpdesk.catalog.actions'),
    create,
    editTitle,
    edit: t('helpdesk.catalog.editAction'),
    editNamed: (name) => t('helpdesk.catalog.editNamed', { name }),
    delete: t('helpdesk.catalog.deleteAction'),
    deleteNamed: (name) => t('helpdesk.catalog.deleteNamed', { name }),
    deleteTitle: t('helpdesk.catalog.deleteTitle'),
    deleteMessage: (name) => t('helpdesk.catalog.deleteMessage', { name }),
    active: t('helpdesk.catalog.isActive'),
    inactive: t('helpdesk.catalog.inactive'),
    status: t('helpdesk.catalog.status'),
    cancel: t('cancel'),
    close: t('close'),
    empty: t('helpdesk.catalog.empty'),
    loading: t('loading'),
  });
  const deleted = (row: { name: string }) => toast.show({ title: t('helpdesk.catalog.deleted', { name: row.name }), variant: 'success' });
  const refused = (error: unknown) => toast.show({ title: helpdeskErrorText(error, t), variant: 'error' });
  const rowName = (row: { name: string }) => row.name;
  const isActive = (row: { isActive: boolean }) => row.isActive;

  const categoriesTab = data ? (
    <ReferenceDataTable<HelpdeskCategory>
      title={t('helpdesk.catalog.tabs.categories')}
      rows={data.categories}
      rowKey={(c) => c.id}
      rowName={rowName}
      isActive={isActive}
      columns={[
        { id: 'name', header: t('helpdesk.catalog.name'), cell: (c) => c.name },
        { id: 'components', header: t('helpdesk.catalog.componentCount'), numeric: true, cell: (c) => data.components.filter((k) => k.categoryId === c.id).length },
        { id: 'sortOrder', header: t('helpdesk.catalog.sortOrder'), numeric: true, cell: (c) => c.sortOrder },
      ]}
      texts={texts(t('helpdesk.catalog.categories.create'), t('helpdesk.catalog.categories.edit'))}
      canCreate={can('helpdesk.categories.create')}
      canEdit={can('helpdesk.categories.update')}
      renderForm={(row, close) => <CategoryForm category={row} onClose={close} />}
      onDelete={can('helpdesk.categories.delete') ? async (c) => void (await deleteCategory.mutateAsync(c.id)) : undefined}
      onDeleted={deleted}
      onError={refused}
    />
  ) : null;

  const componentsTab = data ? (
    <ReferenceDataTable<HelpdeskComponent>
      title={t('helpdesk.catalog.tabs.components')}
      rows={[...data.components].sort(
        (a, b) => categoryName(a.categoryId).localeCompare(categoryName(b.categoryId), i18n.language) || a.sortOrder - b.sortOrder,
      )}
      rowKey={(k) => k.id}
      rowName={rowName}
      isActive={isActive}
      columns={[
        { id: 'name', header: t('helpdesk.catalog.name'), cell: (k) => k.name },
        { id: 'category', header: t('helpdesk.catalog.category'), cell: (k) => categoryName(k.categoryId) },
        { id: 'group', header: t('helpdesk.catalog.group'), cell: (k) => k.groupName },
        {
          id: 'approval',
          header: t('helpdesk.catalog.approval'),
          cell: (k) => (k.requiresApproval ? <Badge variant="info">{t('helpdesk.catalog.needsApproval')}</Badge> : t('helpdesk.catalog.noApproval')),
        },
      ]}
      texts={texts(t('helpdesk.catalog.components.create'), t('helpdesk.catalog.components.edit'))}
      canCreate={can('helpdesk.categories.create')}
      canEdit={can('helpdesk.categories.update')}
      renderForm={(row, close) => <ComponentForm component={row} reference={data} onClose={close} />}
      onDelete={can('helpdesk.categories.delete') ? async (k) => void (await deleteComponent.mutateAsync(k.id)) : undefined}
      onDeleted={deleted}
      onError={refused}
    />
  ) : null;

  const prioritiesTab = data ? (
    <ReferenceDataTable<HelpdeskPriority>
      title={t('helpdesk.catalog.tabs.priorities')}
      rows={data.priorities}
      rowKey={(pr) => pr.code}
      rowName={rowName}
      columns={[
        { id: 'name', header: t('helpdesk.catalog.name'), cell: (pr) => pr.name },
        { id: 'code', header: t('helpdesk.catalog.code'), cell: (pr) => t(priorityKey(pr.code)) },
        { id: 'target', header: t('helpdesk.catalog.targetTime'), numeric: true, cell: (pr) => formatTargetTime(pr.targetMinutes, t, i18n.language) },
      ]}
      texts={texts(undefined, t('helpdesk.catalog.priorities.edit'))}
      canEdit={can('helpdesk.categories.update')}
      renderForm={(row, close) => (row ? <PriorityForm priority={row} onClose={close} /> : null)}
    />
  ) : null;

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
    </div>
  );
}
