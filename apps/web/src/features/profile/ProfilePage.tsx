import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordFlags, PASSWORD_MIN_LENGTH, type CurrentUserProfile } from '@servicedesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '@servicedesk/api/global/get-current-user';
import { notificationPreferenceKeys } from '@servicedesk/api/notifications/notification-preferences';
import { toPhoneNumber, useUpdateUserNumber } from '@servicedesk/api/global/update-user-number';
import { useChangePassword } from '@servicedesk/api/auth/change-password';
import { useCheckCurrentPassword } from '@servicedesk/api/auth/check-current-password';
import { isApiRequestError } from '@servicedesk/api/errors';
import { formatDate, languages } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { TextField } from '@servicedesk/ui/TextField';
import { PasswordField } from '@servicedesk/ui/PasswordField';
import { toast } from '@servicedesk/ui/Toast';
import { confirmationError, passwordError } from '../shared/password';
import { maskPhone, phoneToMasked } from './phone';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';
import * as s from './profile.css';
import { numericDate } from '../shared/format';
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

/** Change password (SPEC §5): the current one checked on blur, the new one with its flags, the confirmation notMatching. */
function ChangePassword() {
  const { t } = useTranslation();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [oldWrong, setOldWrong] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const check = useCheckCurrentPassword({ onSuccess: (res) => setOldWrong(!res.isCorrect) });
  const change = useChangePassword({
    onSuccess: () => {
      toast.show({ title: t('account.password.changed'), variant: 'success' });
      setOldPassword('');
      setNewPassword('');
      setConfirm('');
      setSubmitted(false);
    },
    onError: (error) => {
      if (isApiRequestError(error, 422)) setOldWrong(true);
    },
  });

  const required = (v: string) => (submitted && v === '' ? t('validation.required') : undefined);
  const oldError = oldWrong ? t('account.password.wrongPassword') : required(oldPassword);
  const newError = passwordError(newPassword, t) ?? required(newPassword);
  const confirmError = confirmationError(confirm, newPassword, t) ?? required(confirm);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted(true);
    if (oldPassword === '' || oldWrong || passwordFlags(newPassword).length > 0 || confirm !== newPassword) return;
    change.mutate({ oldpassword: oldPassword, newPassword });
  }

  return (
    <form className={f.form} onSubmit={onSubmit} noValidate aria-labelledby="change-password-heading">
      <PasswordField
        label={t('account.password.old')}
        name="current-password"
        autoComplete="current-password"
        value={oldPassword}
        onChange={(v) => {
          setOldPassword(v);
          setOldWrong(false);
        }}
        onBlur={() => {
          if (oldPassword !== '') check.mutate({ password: oldPassword });
        }}
        isInvalid={oldError !== undefined}
        errorMessage={oldError}
        showLabel={t('password.show')}
        hideLabel={t('password.hide')}
      />
      <PasswordField
        label={t('account.password.new')}
        description={t('auth.reset.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        name="new-password"
        autoComplete="new-password"
        value={newPassword}
        onChange={setNewPassword}
        isInvalid={newError !== undefined}
        errorMessage={newError}
        showLabel={t('password.show')}
        hideLabel={t('password.hide')}
      />
      <PasswordField
        label={t('account.password.confirm')}
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
        isInvalid={confirmError !== undefined}
        errorMessage={confirmError}
        showLabel={t('password.show')}
        hideLabel={t('password.hide')}
      />
      {change.isError && !isApiRequestError(change.error, 422) && (
        <p className={f.error} role="alert">
          {t('error.generic')}
        </p>
      )}
      <div>
        <Button type="submit" isPending={change.isPending}>
          {t('account.password.submit')}
        </Button>
      </div>
    </form>
  );
}

/** The WhatsApp number (SPEC §2 "Phone prompt", §5): mask (00) 0000000, saved as 994 + 9 digits. */
function PhoneNumber({ stored }: { stored: string | null }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(() => phoneToMasked(stored));
  const [invalid, setInvalid] = useState(false);
  const queryClient = useQueryClient();
  const update = useUpdateUserNumber({
    onSuccess: () => {
      toast.show({ title: t('wpNumberUpdated'), variant: 'success', placement: 'top-center' });
      // The notification card says whether WhatsApp can reach the user.
      void queryClient.invalidateQueries({ queryKey: notificationPreferenceKeys.all });
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const number = toPhoneNumber(value);
    setInvalid(number === null);
    if (number) update.mutate({ number });
  }

  return (
    <form className={f.form} onSubmit={onSubmit} noValidate aria-labelledby="phone-heading">
      <TextField
        label={t('account.phone.label')}
        description={t('account.phone.description')}
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder="(00) 0000000"
        value={value}
        onChange={(v) => {
          setValue(maskPhone(v));
          setInvalid(false);
        }}
        isInvalid={invalid}
        errorMessage={t('account.phone.invalid')}
      />
      {update.isError && (
        <p className={f.error} role="alert">
          {t('error.generic')}
        </p>
      )}
      <div>
        <Button type="submit" isPending={update.isPending}>
          {t('account.phone.save')}
        </Button>
      </div>
    </form>
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
