import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useUser } from '@servicedesk/api/admin/users/get-user';
import { useAdminAudit } from '@servicedesk/api/admin/users/get-admin-audit';
import { isApiRequestError } from '@servicedesk/api/errors';
import { formatDate, formatDateTime } from '@servicedesk/i18n';
import { Badge } from '@servicedesk/ui/Badge';
import { Button } from '@servicedesk/ui/Button';
import { Timeline } from '@servicedesk/ui/Timeline';
import { usePagePermissions } from '../../access/use-page-permissions';
import { numericDate, numericDateTime } from '../../shared/format';
import { UserActionDialogs, type UserAction } from './UserActionDialogs';
import { lazyDialog } from '../../shared/lazy-fields';
import { SignInControl } from './SignInControl';
import { displayPhone, languageLabel } from './user-display';
import { UserAvatar } from './UserAvatar';
import { useHistoryEntries } from './user-history';
import * as p from '../../shared/page.css';
import * as f from '../../shared/forms.css';
import * as s from './users.css';

/** The user form (phone mask, avatar upload) loads the first time it opens (issue #19). */
const UserFormDialog = lazyDialog(() => import('./UserFormDialog').then((m) => m.UserFormDialog));

/**
 * /home/admin/users/:id (issue #5): one user's details, the actions the page's element
 * permissions allow (edit, reset password, deactivate with a reason, reactivate) and the user's
 * audit history (GET /api/admin/audit/user/{id}) as a timeline.
 */
export function UserDetailPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const user = useUser(valid ? id : null);
  const audit = useAdminAudit('user', valid ? id : 0);
  const history = useHistoryEntries(valid ? audit.data : []);
  const { can } = usePagePermissions('admin.users');
  const [editing, setEditing] = useState(false);
  const [action, setAction] = useState<UserAction | null>(null);
  const lang = i18n.language;

  const back = (
    <RouterLink className={f.link} to="/home/admin/users">
      {t('admin.users.detail.back')}
    </RouterLink>
  );

  if (!valid || (user.isError && isApiRequestError(user.error, 404))) {
    return (
      <div className={p.page}>
        <h1 className={p.heading}>{t('admin.users.detail.title')}</h1>
        <p role="alert">{t('admin.users.detail.notFound')}</p>
        <p>{back}</p>
      </div>
    );
  }

  const u = user.data;
  const notSet = <span className={p.muted}>{t('admin.users.form.notSet')}</span>;
  const rows: [string, ReactNode][] = u
    ? [
        [t('admin.users.columns.email'), u.email],
        [t('admin.users.columns.phone'), u.phone ? displayPhone(u.phone) : notSet],
        [t('admin.users.columns.userType'), u.userTypeName],
        [t('admin.users.columns.position'), u.positionName ?? notSet],
        [t('admin.users.columns.location'), u.locationName ?? notSet],
        [t('admin.users.columns.language'), languageLabel(u.language)],
        [t('admin.users.columns.createdAt'), formatDate(u.createdAt, lang, numericDate)],
      ]
    : [];

  return (
    <div className={p.page}>
      <div>{back}</div>
      <section className={p.card} aria-labelledby="user-heading" aria-busy={user.isPending}>
        {user.isPending ? <p className={p.muted} role="status">{t('loading')}</p> : null}
        {user.isError ? <p role="alert">{t('error.generic')}</p> : null}
        {u ? (
          <>
            <div className={s.profileHead}>
              <UserAvatar imgPath={u.imgPath} name={`${u.firstName} ${u.lastName}`} size="lg" />
              <div>
                <h1 id="user-heading" className={p.heading}>
                  {u.firstName} {u.lastName}
                </h1>
                <Badge variant={u.isActive ? 'success' : 'neutral'}>
                  {u.isActive ? t('admin.users.status.active') : t('admin.users.status.inactive')}
                </Badge>
              </div>
            </div>
            <dl className={s.details}>
              {rows.map(([label, value]) => (
                <div key={label}>
                  <dt className={p.statLabel}>{label}</dt>
                  <dd className={s.detailValue}>{value}</dd>
                </div>
              ))}
            </dl>
            {!u.isActive && u.deactivationReason ? (
              <p className={s.reason}>
                <strong>{t('admin.users.detail.deactivationReason')}:</strong> {u.deactivationReason}
              </p>
            ) : null}
            <div className={s.detailActions}>
              {can('admin.users.update') ? <Button onPress={() => setEditing(true)}>{t('admin.users.actions.edit')}</Button> : null}
              {can('admin.users.resetPassword') && u.isActive ? (
                <Button variant="secondary" onPress={() => setAction({ kind: 'resetPassword', user: u })}>
                  {t('admin.users.actions.resetPassword')}
                </Button>
              ) : null}
              {can('admin.users.deactivate') && u.isActive ? (
                <Button variant="danger" onPress={() => setAction({ kind: 'deactivate', user: u })}>
                  {t('admin.users.actions.deactivate')}
                </Button>
              ) : null}
              {can('admin.users.reactivate') && !u.isActive ? (
                <Button variant="secondary" onPress={() => setAction({ kind: 'reactivate', user: u })}>
                  {t('admin.users.actions.reactivate')}
                </Button>
              ) : null}
            </div>
            <SignInControl userId={u.id} canManage={can('admin.users.resetPassword')} />
          </>
        ) : null}
      </section>
      <section className={p.card} aria-labelledby="history-heading">
        <h2 id="history-heading" className={p.cardTitle}>
          {t('admin.users.detail.history')}
        </h2>
        {audit.isError ? <p role="alert">{t('error.generic')}</p> : null}
        <Timeline
          entries={history}
          label={t('admin.users.detail.history')}
          formatDate={(date) => formatDateTime(date, lang, numericDateTime)}
          changedToLabel={t('admin.users.detail.changedTo')}
          emptyText={audit.isPending ? t('loading') : t('admin.users.detail.historyEmpty')}
        />
      </section>
      {u ? <UserFormDialog user={u} isOpen={editing} onOpenChange={setEditing} /> : null}
      <UserActionDialogs action={action} onClose={() => setAction(null)} />
    </div>
  );
}
