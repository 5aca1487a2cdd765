import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, passwordFlags } from '@servicedesk/contracts';
import { useCheckResetToken } from '@servicedesk/api/auth/check-reset-token';
import { useResetPassword } from '@servicedesk/api/auth/reset-password';
import { isApiRequestError } from '@servicedesk/api/errors';
import { Button } from '@servicedesk/ui/Button';
import { PasswordField } from '@servicedesk/ui/PasswordField';
import { confirmationError, passwordError } from '../shared/password';
import * as f from '../shared/forms.css';

function InvalidLink() {
  const { t } = useTranslation();
  return (
    <div className={f.form}>
      <p className={f.error} role="alert">
        {t('auth.reset.invalidToken')}
      </p>
      <RouterLink className={f.link} to="/auth/forgot-password">
        {t('auth.reset.requestNew')}
      </RouterLink>
    </div>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const check = useCheckResetToken(token);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const reset = useResetPassword();

  // Success first: the used token is checked again afterwards and then reads as invalid.
  if (reset.isSuccess) {
    return (
      <div className={f.form}>
        <p className={f.success} role="status">
          {t('auth.reset.success')}
        </p>
        <RouterLink className={f.link} to="/auth/login">
          {t('auth.reset.backToLogin')}
        </RouterLink>
      </div>
    );
  }
  if (check.isPending) return <p className={f.note} role="status">{t('auth.reset.checking')}</p>;
  if (check.isError || !check.data.isValid || isApiRequestError(reset.error, 422)) return <InvalidLink />;

  const pwError = passwordError(password, t) ?? (submitted && password === '' ? t('validation.required') : undefined);
  const confirmError = confirmationError(confirm, password, t) ?? (submitted && confirm === '' ? t('validation.required') : undefined);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted(true);
    if (passwordFlags(password).length > 0 || confirm !== password) return;
    reset.mutate({ token, password });
  }

  return (
    <form className={f.form} onSubmit={onSubmit} noValidate>
      <PasswordField
        label={t('auth.reset.newPassword')}
        description={t('auth.reset.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        isRequired
        isInvalid={pwError !== undefined}
        errorMessage={pwError}
        showLabel={t('password.show')}
        hideLabel={t('password.hide')}
      />
      <PasswordField
        label={t('auth.reset.confirmPassword')}
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
        isRequired
        isInvalid={confirmError !== undefined}
        errorMessage={confirmError}
        showLabel={t('password.show')}
        hideLabel={t('password.hide')}
      />
      {reset.isError && (
        <p className={f.error} role="alert">
          {t('error.generic')}
        </p>
      )}
      <Button type="submit" isPending={reset.isPending} className={f.fullWidth}>
        {t('auth.reset.submit')}
      </Button>
    </form>
  );
}

/** /auth/reset-password?token=…: checks the token first (checkResetToken), then sets a new password (SPEC §5 flags). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <>
      <h1 className={f.title}>{t('auth.reset.title')}</h1>
      {token ? <ResetForm token={token} /> : <InvalidLink />}
    </>
  );
}
