import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FOLDER_LEVELS, FOLDER_PRINCIPAL_KINDS, type DocumentFolder, type FolderLevel, type FolderPermissionInput, type FolderPermissions, type FolderPrincipalKind } from '@servicedesk/contracts';
import { useFolderPermissions, usePrincipals, useSetFolderPermissions } from '@servicedesk/api/documents/folders';
import { Button } from '@servicedesk/ui/Button';
import { Dialog } from '@servicedesk/ui/Dialog';
import { Select } from '@servicedesk/ui/Select';
import { toast } from '@servicedesk/ui/Toast';
import { documentsErrorText } from '../shared/errors';
import * as s from '../shared/documents.css';

/**
 * A folder's permissions (SPEC §6 "folder permissions"; issue #15): whether it inherits from its
 * parent, its own entries (a user, a user type or a group, and read / write / manage) — editable
 * by who manages the folder — and the inherited ones with the folder they come from. Saving
 * replaces the own entries; the server refuses taking away one's own manage (`ownManage`). Users
 * and user types whose type cannot open document circulation are marked and not offered (the server
 * refuses them, `principalCannotOpenDocuments`); a group says how many of its members cannot use it.
 */
export function PermissionsDialog({ folder, onClose }: { folder: DocumentFolder | null; onClose: () => void }) {
  const { t } = useTranslation();
  const permissions = useFolderPermissions(folder?.id ?? null);
  if (folder && !permissions.data) {
    return (
      <Dialog title={t('documents.permissions.title', { name: folder.name })} isOpen onOpenChange={(open) => (open ? undefined : onClose())} closeLabel={t('documents.bin.close')} size="lg">
        {permissions.isError ? <p role="alert">{documentsErrorText(t, permissions.error)}</p> : <p className={s.muted}>{t('loading')}</p>}
      </Dialog>
    );
  }
  // The form starts from the loaded entries (another folder starts it afresh; a refetch keeps the edits).
  return <PermissionsForm key={folder?.id ?? 0} folder={folder} permissions={permissions.data} onClose={onClose} />;
}

function PermissionsForm({ folder, permissions, onClose }: { folder: DocumentFolder | null; permissions: FolderPermissions | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const principals = usePrincipals(folder !== null);
  const save = useSetFolderPermissions();
  const [inherit, setInherit] = useState(permissions?.inherit ?? true);
  const [own, setOwn] = useState<(FolderPermissionInput & { principalName: string })[]>(() =>
    (permissions?.entries ?? [])
      .filter((e) => e.inheritedFrom === null)
      .map(({ principalKind, principalId: id, level: l, principalName }) => ({ principalKind, principalId: id, level: l, principalName })),
  );
  const [kind, setKind] = useState<FolderPrincipalKind>('group');
  const [principalId, setPrincipalId] = useState<number | null>(null);
  const [level, setLevel] = useState<FolderLevel>('read');
  const [error, setError] = useState<string | null>(null);
  const canEdit = folder?.level === 'manage';

  // Who cannot use a permission (their user type has no document circulation) is shown, marked and not offered (issue #41).
  const options: { id: number; name: string; canOpen: boolean; without: number }[] = principals.data
    ? kind === 'group'
      ? principals.data.groups.map((g) => ({ id: g.id, name: g.name, canOpen: true, without: g.membersWithoutAccess }))
      : (kind === 'user' ? principals.data.users : principals.data.userTypes).map((o) => ({ id: o.id, name: o.name, canOpen: o.canOpen, without: 0 }))
    : [];
  const cannotOpen = (entry: { principalKind: FolderPrincipalKind; principalId: number }) =>
    entry.principalKind !== 'group' && principals.data !== undefined && !(entry.principalKind === 'user' ? principals.data.users : principals.data.userTypes).find((o) => o.id === entry.principalId)?.canOpen;
  const pickedOption = options.find((o) => o.id === principalId);
  const inherited = permissions?.entries.filter((e) => e.inheritedFrom !== null && inherit) ?? [];
  const levelItems = FOLDER_LEVELS.map((l) => ({ id: l, label: t(`documents.folders.level.${l}`) }));

  const add = () => {
    const picked = options.find((o) => o.id === principalId);
    if (!picked) return;
    setOwn((list) => [...list.filter((e) => !(e.principalKind === kind && e.principalId === picked.id)), { principalKind: kind, principalId: picked.id, level, principalName: picked.name }]);
  };

  return (
    <Dialog
      title={t('documents.permissions.title', { name: folder?.name ?? '' })}
      isOpen={folder !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      closeLabel={t('documents.bin.close')}
      size="lg"
      footer={
        canEdit ? (
          <Button
            isDisabled={save.isPending}
            onPress={() => {
              if (!folder) return;
              setError(null);
              save.mutate(
                { id: folder.id, inherit, entries: own.map(({ principalKind, principalId: id, level: l }) => ({ principalKind, principalId: id, level: l })) },
                {
                  onSuccess: () => {
                    toast.show({ title: t('documents.permissions.saved'), variant: 'success' });
                    onClose();
                  },
                  onError: (e) => setError(documentsErrorText(t, e)),
                },
              );
            }}
          >
            {t('documents.permissions.save')}
          </Button>
        ) : null
      }
    >
      <div className={s.form}>
        {!canEdit ? <p className={s.muted}>{t('documents.permissions.readOnly')}</p> : null}
        <label className={s.check}>
          <input type="checkbox" checked={inherit} disabled={!canEdit} onChange={(e) => setInherit(e.target.checked)} />
          {t('documents.permissions.inherit')}
        </label>
        <ul className={s.list} aria-label={t('documents.folders.permissions')}>
          {own.length === 0 && inherited.length === 0 ? <li className={s.muted}>{t('documents.permissions.empty')}</li> : null}
          {own.map((entry) => (
            <li key={`${entry.principalKind}:${entry.principalId}`} className={s.row}>
              <span>
                {entry.principalName} <span className={s.muted}>({t(`documents.permissions.kind.${entry.principalKind}`)})</span>
                {cannotOpen(entry) ? <span className={s.error}> — {t('documents.permissions.cannotOpen')}</span> : null}
              </span>
              <span className={s.actions}>
                <Select
                  label={t('documents.permissions.level')}
                  items={levelItems}
                  selectedKey={entry.level}
                  isDisabled={!canEdit}
                  onSelectionChange={(key) => setOwn((list) => list.map((e) => (e === entry ? { ...e, level: key as FolderLevel } : e)))}
                />
                {canEdit ? (
                  <Button size="sm" variant="ghost" onPress={() => setOwn((list) => list.filter((e) => e !== entry))}>
                    {t('documents.permissions.remove')}
                  </Button>
                ) : null}
              </span>
            </li>
          ))}
          {inherited.map((entry) => (
            <li key={`i-${entry.inheritedFrom?.id}-${entry.principalKind}:${entry.principalId}`} className={s.row}>
              <span>
                {entry.principalName} <span className={s.muted}>({t(`documents.permissions.kind.${entry.principalKind}`)})</span>
              </span>
              <span className={s.muted}>
                {t(`documents.folders.level.${entry.level}`)} · {t('documents.permissions.inheritedFrom', { name: entry.inheritedFrom?.name ?? '' })}
              </span>
            </li>
          ))}
        </ul>
        {canEdit ? (
          <div className={s.entryGrid}>
            <Select
              label={t('documents.permissions.kindLabel')}
              items={FOLDER_PRINCIPAL_KINDS.map((k) => ({ id: k, label: t(`documents.permissions.kind.${k}`) }))}
              selectedKey={kind}
              onSelectionChange={(key) => {
                setKind(key as FolderPrincipalKind);
                setPrincipalId(null);
              }}
            />
            <Select
              label={t('documents.permissions.principal')}
              items={options.map((o) => ({ id: String(o.id), label: o.canOpen ? o.name : `${o.name} — ${t('documents.permissions.cannotOpenShort')}`, isDisabled: !o.canOpen }))}
              selectedKey={principalId === null ? null : String(principalId)}
              onSelectionChange={(key) => setPrincipalId(key === null ? null : Number(key))}
              description={
                options.some((o) => !o.canOpen)
                  ? t('documents.permissions.cannotOpenHint')
                  : pickedOption && pickedOption.without > 0
                    ? t('documents.permissions.groupWithout', { count: pickedOption.without })
                    : undefined
              }
            />
            <Select label={t('documents.permissions.level')} items={levelItems} selectedKey={level} onSelectionChange={(key) => setLevel(key as FolderLevel)} />
            <Button variant="secondary" isDisabled={principalId === null} onPress={add}>
              {t('documents.permissions.add')}
            </Button>
          </div>
        ) : null}
        {error ? (
          <p role="alert" className={s.error}>
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
