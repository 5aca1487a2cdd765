import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserTypeRow } from '@servicedesk/contracts';
import { useUserTypes } from '@servicedesk/api/admin/userTypes/get-user-types';
import { Button } from '@servicedesk/ui/Button';
import type { DataTableColumn } from '@servicedesk/ui/DataTable';
import { MenuButton } from '@servicedesk/ui/Menu';
import { usePagePermissions } from '../../access/use-page-permissions';
import { AppDataTable } from '../../shared/AppDataTable';
import { tableKeys } from '../../shared/data-table';
import { lazyDialog } from '../../shared/lazy-fields';
import * as p from '../../shared/page.css';
import * as s from './user-types.css';

/** The editor (the permission tree) and the copy dialog load when first opened (issue #19). */
const UserTypeEditor = lazyDialog(() => import('./UserTypeEditor').then((m) => m.UserTypeEditor));
const CopyUserTypeDialog = lazyDialog(
  () => import('./CopyUserTypeDialog').then((m) => m.CopyUserTypeDialog),
  (props) => props.source !== null,
);
const NotificationDefaultsDialog = lazyDialog(
  () => import('./NotificationDefaultsDialog').then((m) => m.NotificationDefaultsDialog),
  (props) => props.type !== null,
);

/**
 * /home/admin/user-types (issue #5, SPEC §2 named list "user types"): the types in the DataTable
 * (filters remembered under the `userTypes` key, saved column order, export), "New user type",
 * edit (names per language and the permission tree), copy and the type's notification defaults
 * (issue #38, with admin.userTypes.update) — each shown only when the user's type holds its
 * element action (getMenuPermissions 'admin.userTypes').
 */
export function UserTypesPage() {
  const { t } = useTranslation();
  const { can } = usePagePermissions('admin.userTypes');
  const types = useUserTypes();
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [copying, setCopying] = useState<UserTypeRow | null>(null);
  const [notifying, setNotifying] = useState<UserTypeRow | null>(null);
  const rows = useMemo(() => types.data ?? [], [types.data]);

  const columns = useMemo<DataTableColumn<UserTypeRow>[]>(
    () => [
      { columnName: 'name', header: t('admin.userTypes.columns.name'), minWidth: 240 },
      { columnName: 'userCount', header: t('admin.userTypes.columns.usersCount'), type: 'number', minWidth: 140 },
      { columnName: 'createdAt', header: t('admin.users.columns.createdAt'), type: 'date', minWidth: 150 },
      {
        columnName: 'actions',
        header: t('admin.userTypes.columns.actions'),
        accessor: () => '',
        isSortable: false,
        isFilterable: false,
        isGroupable: false,
        minWidth: 120,
        render: (_value, row) => {
          const items = [
            ...(can('admin.userTypes.update') ? [{ id: 'edit', label: t('admin.userTypes.actions.edit') }] : []),
            ...(can('admin.userTypes.copy') ? [{ id: 'copy', label: t('admin.userTypes.actions.copy') }] : []),
            ...(can('admin.userTypes.update') ? [{ id: 'notifications', label: t('notificationPrefs.defaults.title') }] : []),
          ];
          return items.length > 0 ? (
            <MenuButton
              label={t('admin.userTypes.columns.actions')}
              ariaLabel={t('admin.userTypes.actions.menu', { name: row.name })}
              icon="settings"
              iconOnly
              variant="ghost"
              items={items}
              onAction={(id) => (id === 'edit' ? setEditing({ id: row.id }) : id === 'notifications' ? setNotifying(row) : setCopying(row))}
            />
          ) : null;
        },
      },
    ],
    [t, can],
  );

  return (
    <div className={p.page}>
      <div className={s.header}>
        <div>
          <h1 className={p.heading}>{t('layout.menu.userTypes')}</h1>
          <p className={p.lead}>{t('admin.userTypes.description')}</p>
        </div>
        {can('admin.userTypes.create') ? (
          <Button onPress={() => setEditing({ id: null })} isDisabled={rows.length === 0}>
            {t('admin.userTypes.newType')}
          </Button>
        ) : null}
      </div>
      <section className={`${p.card} ${s.tableCard}`}>
        {types.isError ? (
          <p role="alert">{t('error.generic')}</p>
        ) : (
          <AppDataTable
            tableKey={tableKeys.userTypes}
            aria-label={t('admin.userTypes.tableLabel')}
            data={rows}
            columns={columns}
            getRowId={(row) => String(row.id)}
            isLoading={types.isPending}
            onRowAction={(row) => can('admin.userTypes.update') && setEditing({ id: row.id })}
            exportFileName={t('admin.userTypes.exportName')}
            height="min(60vh, 520px)"
          />
        )}
      </section>
      <UserTypeEditor
        typeId={editing?.id ?? null}
        catalogueTypeId={rows[0]?.id ?? null}
        isOpen={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <CopyUserTypeDialog source={copying} onClose={() => setCopying(null)} />
      <NotificationDefaultsDialog type={notifying} onClose={() => setNotifying(null)} />
    </div>
  );
}
