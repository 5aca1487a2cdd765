import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserTypeDetail } from '@servicedesk/contracts';
import { useUserType } from '@servicedesk/api/admin/userTypes/get-user-type';
import { useCreateUserType, useUpdateUserType } from '@servicedesk/api/admin/userTypes/save-user-type';
import { normalizeForSearch } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { CheckboxTree } from '@servicedesk/ui/CheckboxTree';
import { Dialog } from '@servicedesk/ui/Dialog';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import { checkedKeys, countNodes, emptyNames, toTreeItems } from './user-type-form';
import { UserTypeNameFields, useUserTypeNames } from './UserTypeNameFields';
import * as p from '../../shared/page.css';
import * as f from '../../shared/forms.css';
import * as s from './user-types.css';

export interface UserTypeEditorProps {
  /** The type to edit, or null for a new one. */
  typeId: number | null;
  /** A type whose tree serves as the (unchecked) catalogue of a new type. */
  catalogueTypeId: number | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * Create or edit a user type (issue #5): its name in az, en, ru and tr (each required) and the
 * permission tree — menu items and their element actions — as a checkbox tree (a menu's own
 * key is a grant; checking an action checks its menu). Saved as {names, grants}; 409 `nameTaken`
 * shows on the form.
 */
export function UserTypeEditor({ typeId, catalogueTypeId, isOpen, onOpenChange }: UserTypeEditorProps) {
  const { t } = useTranslation();
  const source = useUserType(isOpen ? (typeId ?? catalogueTypeId) : null);
  const title = typeId === null ? t('admin.userTypes.form.createTitle') : t('admin.userTypes.form.editTitle', { name: source.data?.name ?? '' });
  return (
    <Dialog title={title} isOpen={isOpen} onOpenChange={onOpenChange} closeLabel={t('close')} size="lg" isDismissable={false}>
      {source.isPending ? <p className={p.muted} role="status">{t('loading')}</p> : null}
      {source.isError ? <p role="alert">{t('error.generic')}</p> : null}
      {isOpen && source.data ? (
        <Editor key={`${typeId ?? 'new'}-${source.data.id}`} isNew={typeId === null} source={source.data} onDone={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}

function Editor({ isNew, source, onDone }: { isNew: boolean; source: UserTypeDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const typeNames = useUserTypeNames(() => (isNew ? emptyNames() : source.names));
  const [checked, setChecked] = useState<string[]>(() => (isNew ? [] : checkedKeys(source.permissions)));
  const [filter, setFilter] = useState('');
  const items = useMemo(() => toTreeItems(source.permissions, t), [source.permissions, t]);
  const total = useMemo(() => countNodes(source.permissions), [source.permissions]);
  const roots = useMemo(() => source.permissions.map((n) => n.key), [source.permissions]);

  const onError = typeNames.saveFailed;
  const onSuccess = (saved: UserTypeDetail) => {
    toast.show({ title: t(isNew ? 'admin.userTypes.form.created' : 'admin.userTypes.form.updated', { name: saved.name }), variant: 'success' });
    onDone();
  };
  const create = useCreateUserType({ onSuccess, onError });
  const update = useUpdateUserType({ onSuccess, onError });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const names = typeNames.submitted();
    if (!names) return;
    const input = { names, grants: checked };
    if (isNew) create.mutate(input);
    else update.mutate({ id: source.id, input });
  }

  return (
    <form id={formId} className={f.form} onSubmit={submit} noValidate aria-label={isNew ? t('admin.userTypes.form.createTitle') : t('admin.userTypes.form.editTitle', { name: source.name })}>
      <fieldset className={s.fieldset}>
        <legend className={s.legend}>{t('admin.userTypes.form.names')}</legend>
        <div className={s.names}>
          <UserTypeNameFields {...typeNames.fields} />
        </div>
      </fieldset>
      <fieldset className={s.fieldset}>
        <legend className={s.legend}>{t('admin.userTypes.form.permissions')}</legend>
        <p className={f.note}>{t('admin.userTypes.form.permissionsHint')}</p>
        <div className={s.treeTools}>
          <TextField label={t('admin.userTypes.form.filter')} type="search" value={filter} onChange={setFilter} />
          <p className={s.count} aria-live="polite">
            {t('admin.userTypes.form.selectedCount', { count: checked.length, total })}
          </p>
        </div>
        <div className={s.tree}>
          <CheckboxTree
            ariaLabel={t('admin.userTypes.form.permissions')}
            items={items}
            checkedKeys={checked}
            onCheckedChange={setChecked}
            parentKeyMode="own"
            defaultExpandedKeys={roots}
            filterText={filter}
            normalize={normalizeForSearch}
            emptyText={t('admin.userTypes.form.noMatch')}
          />
        </div>
      </fieldset>
      <div className={s.formActions}>
        <Button variant="secondary" onPress={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" isPending={create.isPending || update.isPending}>
          {isNew ? t('admin.userTypes.form.create') : t('admin.userTypes.form.save')}
        </Button>
      </div>
    </form>
  );
}
