import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { AdminUserRow } from '@servicedesk/contracts';
import { useUsersListPages } from '@servicedesk/api/admin/users/get-users-list';
import { Button } from '@servicedesk/ui/Button';
import type { DataTableColumn } from '@servicedesk/ui/DataTable';
import { MenuButton } from '@servicedesk/ui/Menu';
import { usePagePermissions } from '../../access/use-page-permissions';
import { AppDataTable, infinitePages } from '../../shared/AppDataTable';
import { tableKeys } from '../../shared/data-table';
import { UserActionDialogs, type UserAction } from './UserActionDialogs';
import { lazyDialog } from '../../shared/lazy-fields';
import { displayPhone, languageLabel } from './user-display';
import { UserAvatar } from './UserAvatar';
import * as p from '../../shared/page.css';
import * as s from './users.css';

/** The user form (phone mask, avatar upload) loads the first time it opens (issue #19). */
const UserFormDialog = lazyDialog(() => import('./UserFormDialog').then((m) => m.UserFormDialog));

const fullName = (u: AdminUserRow) => `${u.firstName} ${u.lastName}`;

/** The row actions a user may take on `row`, by the page's element permissions. */
function rowActions(row: AdminUserRow, can: (key: string) => boolean, t: (key: string) => string) {
  return [
    { id: 'details', label: t('admin.users.actions.details') },
    ...(can('admin.users.update') ? [{ id: 'edit', label: t('admin.users.actions.edit') }] : []),
    ...(can('admin.users.resetPassword') && row.isActive ? [{ id: 'resetPassword', label: t('admin.users.actions.resetPassword') }] : []),
    ...(can('admin.users.deactivate') && row.isActive ? [{ id: 'deactivate', label: t('admin.users.actions.deactivate') }] : []),
    ...(can('admin.users.reactivate') && !row.isActive ? [{ id: 'reactivate', label: t('admin.users.actions.reactivate') }] : []),
  ];
}

/**
 * /home/admin/users (issue #5, SPEC §2 named list "users list"): every user in the DataTable
 * with filters, search, sort and grouping remembered under the `usersList` key, the saved
 * column order (Layout/UpdateTableOrder/usersList) and CSV/XLSX export; "New user" and the row
 * actions (edit, reset password, deactivate with a reason, reactivate) show only when the
 * user's type holds their element action (getMenuPermissions 'admin.users').
 */
export function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = usePagePermissions('admin.users');
  const list = useUsersListPages({ sortBy: 'name', sortDir: 'asc' });
  const [editing, setEditing] = useState<{ user: AdminUserRow | null } | null>(null);
  const [action, setAction] = useState<UserAction | null>(null);

  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const total = list.data?.pages[0]?.totalCount ?? 0;

  const columns = useMemo<DataTableColumn<AdminUserRow>[]>(
    () => [
      {
        columnName: 'fullName',
        header: t('admin.users.columns.fullName'),
        accessor: fullName,
        minWidth: 240,
        render: (_value, row) => (
          <span className={s.nameCell}>
            <UserAvatar imgPath={row.imgPath} name={fullName(row)} size="sm" />
            <RouterLink className={s.nameLink} to={`/home/admin/users/${row.id}`}>
              {fullName(row)}
            </RouterLink>
          </span>
        ),
      },
      { columnName: 'email', header: t('admin.users.columns.email'), minWidth: 280, copyToClipboard: true, noWrap: true },
      { columnName: 'phone', header: t('admin.users.columns.phone'), accessor: (row) => displayPhone(row.phone), minWidth: 220, noWrap: true },
      { columnName: 'userTypeName', header: t('admin.users.columns.userType') },
      { columnName: 'positionName', header: t('admin.users.columns.position') },
      { columnName: 'locationName', header: t('admin.users.columns.location') },
      { columnName: 'language', header: t('admin.users.columns.language'), accessor: (row) => languageLabel(row.language), minWidth: 160 },
      {
        columnName: 'status',
        header: t('admin.users.columns.status'),
        type: 'status',
        accessor: (row) => (row.isActive ? 'admin.users.status.active' : 'admin.users.status.inactive'),
        translate: true,
        statusVariant: (value) => (value === 'admin.users.status.active' ? 'success' : 'neutral'),
        minWidth: 150,
      },
      { columnName: 'createdAt', header: t('admin.users.columns.createdAt'), type: 'date', minWidth: 150 },
      {
        columnName: 'actions',
        header: t('admin.users.columns.actions'),
        accessor: () => '',
        isSortable: false,
        isFilterable: false,
        isGroupable: false,
        minWidth: 120,
        render: (_value, row) => (
          <MenuButton
            label={t('admin.users.columns.actions')}
            ariaLabel={t('admin.users.actions.menu', { name: fullName(row) })}
            icon="settings"
            iconOnly
            variant="ghost"
            items={rowActions(row, can, t)}
            onAction={(id) => {
              if (id === 'details') void navigate(`/home/admin/users/${row.id}`);
              else if (id === 'edit') setEditing({ user: row });
              else if (id === 'deactivate' || id === 'reactivate' || id === 'resetPassword') setAction({ kind: id, user: row });
            }}
          />
        ),
      },
    ],
    [t, can, navigate],
  );

  return (
    <div className={p.page}>
      <div className={s.header}>
        <div>
          <h1 className={p.heading}>{t('layout.menu.users')}</h1>
          <p className={p.lead}>{t('admin.users.description')}</p>
        </div>
        {can('admin.users.create') ? <Button onPress={() => setEditing({ user: null })}>{t('admin.users.newUser')}</Button> : null}
      </div>
      <section className={`${p.card} ${s.tableCard}`}>
        {list.isError ? (
          <p role="alert">{t('error.generic')}</p>
        ) : (
          <AppDataTable
            tableKey={tableKeys.usersList}
            aria-label={t('admin.users.tableLabel')}
            data={rows}
            columns={columns}
            getRowId={(row) => String(row.id)}
            isLoading={list.isPending}
            onRowAction={(row) => void navigate(`/home/admin/users/${row.id}`)}
            {...infinitePages(list)}
            exportFileName={t('admin.users.exportName')}
            height="min(70vh, 640px)"
          />
        )}
        {total > rows.length ? <p className={p.muted}>{t('table.rowCount', { shown: rows.length, total })}</p> : null}
      </section>
      <UserFormDialog user={editing?.user ?? null} isOpen={editing !== null} onOpenChange={(open) => !open && setEditing(null)} />
      <UserActionDialogs action={action} onClose={() => setAction(null)} />
    </div>
  );
}
