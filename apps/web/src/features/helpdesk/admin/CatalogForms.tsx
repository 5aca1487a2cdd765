/* The help-desk catalogue's edit forms, loaded when the first one opens (issue #19). */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { HelpdeskCategory, HelpdeskComponent, HelpdeskPriority, HelpdeskReference } from '@servicedesk/contracts';
import { useSaveCategory, useSaveComponent, useUpdatePriority } from '@servicedesk/api/helpdesk/save-catalog';
import { Button } from '@servicedesk/ui/Button';
import { NumberField } from '@servicedesk/ui/NumberField';
import { Select } from '@servicedesk/ui/Select';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import { helpdeskErrorText } from '../shared/helpdesk-display';
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
import * as s from '../../shared/list-page.css';

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
export function CategoryForm({ category, onClose }: { category: HelpdeskCategory | null; onClose: () => void }) {
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
export function ComponentForm({ component, reference, onClose }: { component: HelpdeskComponent | null; reference: HelpdeskReference; onClose: () => void }) {
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
export function PriorityForm({ priority, onClose }: { priority: HelpdeskPriority; onClose: () => void }) {
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
