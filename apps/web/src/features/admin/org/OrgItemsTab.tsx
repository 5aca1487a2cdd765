import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ADMIN_NAME_MAX, isAdminName, type OrgItem } from '@servicedesk/contracts';
import { useOrgItems } from '@servicedesk/api/admin/org/get-org-items';
import type { OrgKind } from '@servicedesk/api/admin/org/org-keys';
import { useSaveOrgItem } from '@servicedesk/api/admin/org/save-org-item';
import { formatNumber } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { Dialog } from '@servicedesk/ui/Dialog';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import { adminErrorText } from './org-errors';
import { OrgRowState } from './OrgRowState';
import * as s from './admin-table.css';

/** The name form's own check (contracts adminName: 1–100 characters after trimming). */
export function nameError(name: string, t: TFunction): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return t('validation.required');
  if (!isAdminName(trimmed)) return t('adminOrg.errors.tooLong', { max: ADMIN_NAME_MAX });
  return undefined;
}

/** Create or rename dialog of a position or location. */
function NameDialog({ kind, item, onClose }: { kind: OrgKind; item: OrgItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(item?.name ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveOrgItem(kind, {
    onSuccess: (saved) => {
      toast.show({ title: t('adminOrg.saved', { name: saved.name }), variant: 'success' });
      onClose();
    },
    onError: (error) => setServerError(adminErrorText(error, t)),
  });
  const error = submitted ? (nameError(name, t) ?? serverError ?? undefined) : (serverError ?? undefined);
  const title = t(item ? `adminOrg.${kind}.editTitle` : `adminOrg.${kind}.createTitle`);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted(true);
    if (nameError(name, t)) return;
    save.mutate({ id: item?.id, name: name.trim() });
  }

  return (
    <Dialog title={title} isOpen onOpenChange={(open) => !open && onClose()} closeLabel={t('close')} size="sm">
      <form className={s.form} onSubmit={onSubmit} noValidate aria-label={title}>
        <TextField
          label={t('adminOrg.name')}
          value={name}
          onChange={(v) => {
            setName(v);
            setServerError(null);
          }}
          isRequired
          isInvalid={error !== undefined}
          errorMessage={error}
        />
        <div className={s.actions}>
          <Button variant="secondary" onPress={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" isPending={save.isPending}>
            {t('save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}


/**
 * One tab of /home/admin/org for positions or locations: the list (name, users holding it,
 * status), "show inactive", and — with `admin.org.manage` — add, rename, deactivate with a
 * reason and activate.
 */
export function OrgItemsTab({ kind, canManage }: { kind: OrgKind; canManage: boolean }) {
  const { t, i18n } = useTranslation();
  const [showInactive, setShowInactive] = useState(false);
  const list = useOrgItems(kind, showInactive);
  const [editing, setEditing] = useState<{ item: OrgItem | null } | null>(null);

  return (
    <section aria-labelledby={`org-${kind}-heading`}>
      <div className={s.toolbar}>
        <h2 id={`org-${kind}-heading`} className={s.toolbarTitle}>
          {t(`adminOrg.${kind}.title`)}
        </h2>
        <div className={s.toolbarGroup}>
          <label className={s.check}>
            <input className={s.checkbox} type="checkbox" checked={showInactive} onChange={(e) => setShowInactive(e.target.checked)} />
            {t('adminOrg.showInactive')}
          </label>
          {canManage && <Button onPress={() => setEditing({ item: null })}>{t(`adminOrg.${kind}.create`)}</Button>}
        </div>
      </div>
      {list.isPending && <p className={s.muted} role="status">{t('loading')}</p>}
      {list.isError && <p role="alert">{t('error.generic')}</p>}
      {list.data && list.data.length === 0 && <p className={s.empty}>{t('adminOrg.empty')}</p>}
      {list.data && list.data.length > 0 && (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a wide table scrolls; keyboard users need to reach it
        <div className={s.tableWrap} tabIndex={0} role="region" aria-label={t(`adminOrg.${kind}.title`)}>
          <table className={s.table}>
            <thead>
              <tr>
                <th className={s.th} scope="col">{t('adminOrg.name')}</th>
                <th className={`${s.th} ${s.number}`} scope="col">{t('adminOrg.userCount')}</th>
                <th className={s.th} scope="col">{t('adminOrg.status')}</th>
                {canManage && <th className={`${s.th} ${s.number}`} scope="col">{t('adminOrg.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {list.data.map((item) => (
                <tr key={item.id} className={item.isActive ? undefined : s.inactiveRow} data-testid={`${kind}-row`}>
                  <td className={s.td}>{item.name}</td>
                  <td className={`${s.td} ${s.number}`}>{formatNumber(item.userCount, i18n.language)}</td>
                  <OrgRowState kind={kind} row={item} canManage={canManage} editLabel={t('adminOrg.rename')} onEdit={() => setEditing({ item })} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && <NameDialog kind={kind} item={editing.item} onClose={() => setEditing(null)} />}
    </section>
  );
}
