import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLogin } from '@servicedesk/api/auth/login';
import { systemHasLdapQueryOptions, useSystemHasLdap } from '@servicedesk/api/auth/system-has-ldap';
import { useApiClient } from '@servicedesk/api/provider';
import { isApiRequestError } from '@servicedesk/api/errors';
import { Button } from '@servicedesk/ui/Button';
import { TextField } from '@servicedesk/ui/TextField';
import { PasswordField } from '@servicedesk/ui/PasswordField';
import { Spinner } from '@servicedesk/ui/Spinner';
import { storage } from '../../session/storage';
import { isSafeReturnUrl } from '../../session/session';
import { switchLanguage } from '../../app/i18n';
import { useGeoPosition } from './use-geo-position';
import * as f from '../shared/forms.css';

/** Where to go after a successful login: a safe returnUrl, else the dashboard. */
export function afterLoginTarget(returnUrl: string | null): string {
  return returnUrl && isSafeReturnUrl(returnUrl) && !returnUrl.startsWith('/auth') ? returnUrl : '/home/dashboard';
}

/**
 * /auth/login (SPEC §2, §7): email (trimmed) and password, the browser position when allowed
 * (never waited for), the LDAP check before login (company-account notice), the spinner after
 * 1 s of a pending login, an error for 401 / 429, and returnUrl after success. bypassGuard=true
 * (after a countdown) is handled by the route loader, which otherwise sends a signed-in user on.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const ldap = useSystemHasLdap();
  const position = useGeoPosition();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [checkingLdap, setCheckingLdap] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const login = useLogin({
    onSuccess: (res) => {
      storage.setSession(res.token, res.expiresAt, res.user);
      storage.setCountdownEnd(null);
      // A browser without a language choice of its own adopts the one the user picked last time.
      if (!storage.hasLanguage() && res.user.language !== i18n.language) void switchLanguage(i18n, res.user.language);
      void navigate(afterLoginTarget(params.get('returnUrl')), { replace: true });
    },
  });

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted(true);
    if (login.isPending || email.trim() === '' || password === '') return;
    // SPEC §6: the company-directory option is checked before login.
    setCheckingLdap(true);
    try {
      await queryClient.ensureQueryData(systemHasLdapQueryOptions(client));
    } catch {
      // The check failing must not stop a sign-in.
    } finally {
      setCheckingLdap(false);
    }
    login.mutate({
      email: email.trim(),
      password,
      latitude: position.current?.latitude ?? null,
      longitude: position.current?.longitude ?? null,
    });
  }

  const error = login.error
    ? isApiRequestError(login.error, 401)
      ? t('auth.login.invalidCredentials')
      : isApiRequestError(login.error, 429)
        ? t('auth.login.rateLimited')
        : isApiRequestError(login.error, 0)
          ? t('error.network')
          : t('auth.login.failed')
    : null;
  const pending = login.isPending || checkingLdap;

  return (
    <>
      <h1 className={f.title}>{t('auth.login.title')}</h1>
      <p className={f.subtitle}>{t('auth.login.subtitle')}</p>
      <form className={f.form} onSubmit={onSubmit} noValidate aria-busy={pending}>
        {ldap.data?.systemHasLdap && (
          <p className={f.info} data-testid="ldap-notice">
            {t('auth.login.ldapNotice')}
          </p>
        )}
        <TextField
          label={t('auth.login.email')}
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={setEmail}
          isRequired
          isInvalid={submitted && email.trim() === ''}
          errorMessage={t('validation.required')}
        />
        <PasswordField
          label={t('auth.login.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          isRequired
          isInvalid={submitted && password === ''}
          errorMessage={t('validation.required')}
          showLabel={t('password.show')}
          hideLabel={t('password.hide')}
        />
        {error && (
          <p className={f.error} role="alert">
            {error}
          </p>
        )}
        <Button type="submit" isPending={pending} className={f.fullWidth}>
          {t('auth.login.submit')}
        </Button>
        {login.isPending && (
          <div className={f.spinnerRow}>
            <Spinner label={t('auth.login.signingIn')} delay={1000} showLabel />
          </div>
        )}
        <div className={f.actions}>
          <RouterLink className={f.link} to="/auth/forgot-password">
            {t('auth.login.forgotPassword')}
          </RouterLink>
        </div>
        <p className={f.note}>{t('auth.login.positionNote')}</p>
      </form>
    </>
  );
}
