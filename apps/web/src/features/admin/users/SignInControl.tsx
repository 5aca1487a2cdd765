import { useTranslation } from 'react-i18next';
import { useLiftSignInLock, useSignInLock, useSignOutEverywhere } from '@servicedesk/api/admin/users/sign-in-lock';
import { Badge } from '@servicedesk/ui/Badge';
import { Button } from '@servicedesk/ui/Button';
import { toast } from '@servicedesk/ui/Toast';
import * as p from '../../shared/page.css';
import * as s from './users.css';

/**
 * The admin user page's sign-in control (issue #20): whether the account's sign-in is slowed
 * by the throttle (failed attempts past LOGIN_RATE_LIMIT, minutes left) with "Lift the lock",
 * and "Sign out everywhere" (ends every session of the user at once). Both buttons need
 * `admin.users.resetPassword` (`canManage`); without it only the state shows.
 */
export function SignInControl({ userId, canManage }: { userId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const lock = useSignInLock(userId);
  const lift = useLiftSignInLock();
  const signOut = useSignOutEverywhere();
  const minutes = Math.max(1, Math.ceil((lock.data?.retryAfterSeconds ?? 0) / 60));
  return (
    <div className={s.detailActions} aria-live="polite">
      {lock.isPending ? <span className={p.muted}>{t('loading')}</span> : null}
      {lock.isError ? <span role="alert">{t('error.generic')}</span> : null}
      {lock.data ? (
        <Badge variant={lock.data.locked ? 'warning' : 'neutral'}>
          {lock.data.locked ? t('admin.users.signIn.locked', { minutes }) : t('admin.users.signIn.notLocked')}
        </Badge>
      ) : null}
      {canManage && lock.data?.locked ? (
        <Button
          variant="secondary"
          isDisabled={lift.isPending}
          onPress={() =>
            lift.mutate(userId, {
              onSuccess: () => toast.show({ title: t('admin.users.signIn.lifted'), variant: 'success' }),
              onError: () => toast.show({ title: t('error.generic'), variant: 'error' }),
            })
          }
        >
          {t('admin.users.signIn.lift')}
        </Button>
      ) : null}
      {canManage ? (
        <Button
          variant="secondary"
          isDisabled={signOut.isPending}
          onPress={() =>
            signOut.mutate(userId, {
              onSuccess: ({ revoked }) => toast.show({ title: t('admin.users.signIn.signedOutEverywhere', { count: revoked }), variant: 'success' }),
              onError: () => toast.show({ title: t('error.generic'), variant: 'error' }),
            })
          }
        >
          {t('admin.users.signIn.signOutEverywhere')}
        </Button>
      ) : null}
    </div>
  );
}
