import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUserProfile } from '@servicedesk/contracts';
import { useCurrentUser } from '@servicedesk/api/global/get-current-user';
import { formatDate, languages } from '@servicedesk/i18n';
import * as p from '../shared/page.css';
import * as s from './profile.css';
import { numericDate } from '../shared/format';
import { ChangePassword } from './ChangePassword';
import { PhoneNumber } from './PhoneNumber';
import { SessionsCard } from './SessionsCard';

/** Delegation (issue #11) with its date-range picker loads after the page (bundle budget of /user/profile). */
const DelegationSection = lazy(() => import('../approvals/DelegationSection').then((m) => ({ default: m.DelegationSection })));
/** Notification preferences (issue #38) load after the page too. */
const NotificationPreferencesCard = lazy(() => import('./NotificationPreferencesCard').then((m) => ({ default: m.NotificationPreferencesCard })));

function Details({ user }: { user: CurrentUserProfile }) {
  const { t, i18n } = useTranslation();
  const notSet = <span className={p.muted}>{t('account.details.notSet')}</span>;
  const rows: [string, ReactNode][] = [
    [t('account.details.fullName'), `${user.firstName} ${user.lastName}`],
    [t('account.details.email'), user.email],
    [t('account.details.phone'), user.phone ? `+${user.phone}` : notSet],
    [t('account.details.position'), user.positionName ?? notSet],
    [t('account.details.location'), user.locationName ?? notSet],
    [t('account.details.userType'), user.userTypeName],
    [t('account.details.language'), languages.find((l) => l.code === user.language)?.label ?? user.language],
    [t('account.details.memberSince'), formatDate(user.createdAt, i18n.language, numericDate)],
  ];
  return (
    <dl className={s.details}>
      {rows.map(([label, value]) => (
        <div key={label} className={s.detailRow}>
          <dt className={p.statLabel}>{label}</dt>
          <dd className={s.detailValue}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}


/** /user/profile: the user's details (getCurrentUser), change password, the WhatsApp number, my open sessions (issue #20) and my notification preferences (issue #38). */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <div className={p.page}>
      <h1 className={p.heading}>{t('account.title')}</h1>
      <div className={s.columns}>
        <section className={p.card} aria-labelledby="details-heading">
          <h2 id="details-heading" className={p.cardTitle}>
            {t('account.details.heading')}
          </h2>
          {user.isPending && <p className={p.muted} role="status">{t('loading')}</p>}
          {user.isError && <p role="alert">{t('error.generic')}</p>}
          {user.data && <Details user={user.data} />}
        </section>
        <div className={s.stack}>
          <section className={p.card} aria-labelledby="change-password-heading">
            <h2 id="change-password-heading" className={p.cardTitle}>
              {t('account.password.heading')}
            </h2>
            <ChangePassword />
          </section>
          <section className={p.card} aria-labelledby="phone-heading">
            <h2 id="phone-heading" className={p.cardTitle}>
              {t('account.phone.heading')}
            </h2>
            {user.data ? <PhoneNumber stored={user.data.phone} /> : null}
          </section>
          <section className={p.card} aria-labelledby="delegation-heading">
            <h2 id="delegation-heading" className={p.cardTitle}>
              {t('approvals.delegation.title')}
            </h2>
            <Suspense fallback={<p className={p.muted} role="status">{t('loading')}</p>}>
              <DelegationSection />
            </Suspense>
          </section>
          <SessionsCard />
        </div>
      </div>
      <div className={s.wide}>
        <Suspense fallback={<p className={p.muted} role="status">{t('loading')}</p>}>
          <NotificationPreferencesCard />
        </Suspense>
      </div>
    </div>
  );
}
