import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemHasLdapResponse } from '@servicedesk/contracts';
import type { ApiClient } from '@servicedesk/api/client';
import { login } from '@servicedesk/api/auth/login';
import { systemHasLdap } from '@servicedesk/api/auth/system-has-ldap';
import { isApiRequestError } from '@servicedesk/api/errors';
import { Button } from '@servicedesk/ui/Button';
import { TextField } from '@servicedesk/ui/TextField';
import { PasswordField } from '@servicedesk/ui/PasswordField';
import { Spinner } from '@servicedesk/ui/Spinner';
import { storage } from '../../session/storage';
import { afterLoginTarget } from '../../session/session';
import { switchLanguage } from '../../app/i18n';
import { useGeoPosition } from './use-geo-position';
import * as f from '../shared/forms.css';

/** What {@link LoginPage} needs from the page around it (the app's route or the light sign-in entry). */
export interface LoginPageProps {
  /** The api client (createApiClient); the login and the LDAP check need no token. */
  client: ApiClient;
  /** The returnUrl query parameter (null when absent); unsafe or /auth values lead to the dashboard. */
  returnUrl: string | null;
  /**
   * Goes to `to` after a successful login, replacing the login page in the history: a router
   * navigation inside the app, a full page load from the light sign-in entry (issue #19).
   */
  navigate(to: string): void;
}

/**
 * The company-directory check of SPEC §6 (GET /api/auth/systemHasLdap): asked once when the page
 * opens; `ensure()` answers that same call (or asks again after a failure), so a login waits for
 * it at most once. `enabled` is true when the notice is to be shown.
 */
function useLdapCheck(client: ApiClient): { enabled: boolean; ensure(): Promise<SystemHasLdapResponse> } {
  const call = useRef<Promise<SystemHasLdapResponse> | null>(null);
  const [enabled, setEnabled] = useState(false);
  const ensure = useCallback(() => {
    call.current ??= systemHasLdap(client).then(
      (answer) => {
        setEnabled(answer.systemHasLdap);
        return answer;
      },
      (error: unknown) => {
        call.current = null;
        throw error;
      },
    );
    return call.current;
  }, [client]);
  useEffect(() => {
    ensure().catch(() => undefined);
  }, [ensure]);
  return { enabled, ensure };
}

/**
 * The company directory's refusals the sign-in page names (auth.login.<code>): a disabled or locked
 * directory account, an expired directory password, a directory that cannot be reached (503).
 */
const DIRECTORY_REFUSALS = new Set(['directoryAccountDisabled', 'directoryAccountLocked', 'directoryPasswordExpired', 'directoryUnavailable']);

/**
 * /auth/login (SPEC §2, §7): email (trimmed) and password, the browser position when allowed
 * (never waited for), the LDAP check before login (company-account notice), the spinner after
 * 1 s of a pending login, an error for 401 / 429 / no network, and returnUrl after success.
 * Independent of the router and TanStack Query (it talks to `client` directly), so the light
 * sign-in entry (app/sign-in-entry.tsx, issue #19) and the app's route (LoginRoute) share it.
 * Whether a signed-in visitor sees it at all is `loginRedirect`'s rule (session/session.ts).
 */
export function LoginPage({ client, returnUrl, navigate }: LoginPageProps) {
  const { t, i18n } = useTranslation();
  const ldap = useLdapCheck(client);
  const position = useGeoPosition();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [checkingLdap, setCheckingLdap] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [submitted, setSubmitted] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted(true);
    if (signingIn || checkingLdap || email.trim() === '' || password === '') return;
    // SPEC §6: the company-directory option is checked before login.
    setCheckingLdap(true);
    try {
      await ldap.ensure();
    } catch {
      // The check failing must not stop a sign-in.
    } finally {
      setCheckingLdap(false);
    }
    setSigningIn(true);
    setFailure(null);
    let res;
    try {
      res = await login(client, {
        email: email.trim(),
        password,
        latitude: position.current?.latitude ?? null,
        longitude: position.current?.longitude ?? null,
      });
    } catch (error) {
      setFailure(error);
      setSigningIn(false);
      return;
    }
    storage.setSession(res.token, res.expiresAt, res.user);
    storage.setCountdownEnd(null);
    // A browser without a language choice of its own adopts the one the user picked last time.
    if (!storage.hasLanguage() && res.user.language !== i18n.language) void switchLanguage(i18n, res.user.language);
    // The spinner stays until the next page replaces this one.
    navigate(afterLoginTarget(returnUrl));
  }

  const error = failure
    ? isApiRequestError(failure) && DIRECTORY_REFUSALS.has(failure.code)
      ? t(`auth.login.${failure.code}`)
      : isApiRequestError(failure, 401)
      ? t('auth.login.invalidCredentials')
      : isApiRequestError(failure, 429)
        ? t('auth.login.rateLimited')
        : isApiRequestError(failure, 0)
          ? t('error.network')
          : t('auth.login.failed')
    : null;
  const pending = signingIn || checkingLdap;

  return (
    <>
      <h1 className={f.title}>{t('auth.login.title')}</h1>
      <p className={f.subtitle}>{t('auth.login.subtitle')}</p>
      <form className={f.form} onSubmit={onSubmit} noValidate aria-busy={pending}>
        {ldap.enabled && (
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
        {signingIn && (
          <div className={f.spinnerRow}>
            <Spinner label={t('auth.login.signingIn')} delay={1000} showLabel />
          </div>
        )}
        <div className={f.actions}>
          {/* A plain link: the light sign-in entry has no router (issue #19); the app loads the page. */}
          <a className={f.link} href="/auth/forgot-password">
            {t('auth.login.forgotPassword')}
          </a>
        </div>
        <p className={f.note}>{t('auth.login.positionNote')}</p>
      </form>
    </>
  );
}
