import { useTranslation } from 'react-i18next';
import type { UserSession } from '@servicedesk/contracts';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '@servicedesk/api/auth/sessions';
import { formatDateTime } from '@servicedesk/i18n';
import { Badge } from '@servicedesk/ui/Badge';
import { Button } from '@servicedesk/ui/Button';
import { toast } from '@servicedesk/ui/Toast';
import * as p from '../shared/page.css';
import * as s from './profile.css';
import { numericDateTime } from '../shared/format';

/**
 * The profile's "Sessions" card (issue #20): my open sign-ins (device, address, last seen,
 * signed in), this browser marked and listed first by the server's order, "Sign out" per other
 * session and "Sign out everywhere else". A signed-out session's next call answers 401 and that
 * browser goes to the sign-in page. Loading, error and "only this browser" states included.
 */
export function SessionsCard() {
  const { t, i18n } = useTranslation();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const when = (iso: string) => formatDateTime(iso, i18n.language, numericDateTime);
  const others = (sessions.data ?? []).filter((session) => !session.isCurrent);
  const ordered: UserSession[] = [...(sessions.data ?? []).filter((session) => session.isCurrent), ...others];

  const signOut = (session: UserSession) =>
    revoke.mutate(session.id, {
      onSuccess: () => toast.show({ title: t('account.sessions.signedOut', { device: session.device }), variant: 'success' }),
      onError: () => toast.show({ title: t('error.generic'), variant: 'error' }),
    });
  const signOutOthers = () =>
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) => toast.show({ title: t('account.sessions.signedOutOthers', { count: revoked }), variant: 'success' }),
      onError: () => toast.show({ title: t('error.generic'), variant: 'error' }),
    });

  return (
    <section className={p.card} aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className={p.cardTitle}>
        {t('account.sessions.heading')}
      </h2>
      {sessions.isPending && <p className={p.muted} role="status">{t('loading')}</p>}
      {sessions.isError && <p role="alert">{t('error.generic')}</p>}
      {sessions.data && (
        <>
          <ul className={s.sessionList} aria-label={t('account.sessions.heading')}>
            {ordered.map((session) => (
              <li key={session.id} className={s.sessionItem} data-testid="session-item">
                <div className={s.sessionText}>
                  <span className={s.sessionDevice}>
                    {session.device}
                    {session.isCurrent && <Badge variant="info">{t('account.sessions.current')}</Badge>}
                  </span>
                  <span className={p.muted}>
                    {t('account.sessions.address')}: {session.ip ?? t('account.sessions.unknownAddress')}
                  </span>
                  <span className={p.muted}>
                    {t('account.sessions.lastSeen')}: {when(session.lastSeenAt)} · {t('account.sessions.signedIn')}: {when(session.createdAt)}
                  </span>
                </div>
                {!session.isCurrent && (
                  <Button
                    variant="secondary"
                    size="sm"
                    onPress={() => signOut(session)}
                    isDisabled={revoke.isPending}
                    aria-label={t('account.sessions.signOutDevice', { device: session.device })}
                  >
                    {t('account.sessions.signOut')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {others.length === 0 ? (
            <p className={p.muted}>{t('account.sessions.onlyThis')}</p>
          ) : (
            <div>
              <Button variant="secondary" onPress={signOutOthers} isDisabled={revokeOthers.isPending}>
                {t('account.sessions.signOutOthers')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
