import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useForgotPassword } from '@servicedesk/api/auth/forgot-password';
import { isApiRequestError } from '@servicedesk/api/errors';
import { Button } from '@servicedesk/ui/Button';
import { TextField } from '@servicedesk/ui/TextField';
import * as f from '../shared/forms.css';

/**
 * /auth/forgot-password: asks for the email and always answers with the same confirmation,
 * whether or not an account exists (the server answers alike; only a network failure shows
 * an error, so nothing reveals which emails are registered).
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [sent, setSent] = useState(false);
  const forgot = useForgotPassword({
    onSettled: (_data, error) => {
      if (!error || !isApiRequestError(error, 0)) setSent(true);
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted(true);
    if (email.trim() === '') return;
    forgot.mutate({ email: email.trim() });
  }

  return (
    <>
      <h1 className={f.title}>{t('auth.forgot.title')}</h1>
      {sent ? (
        <div className={f.form}>
          <p className={f.success} role="status">
            {t('auth.forgot.sent')}
          </p>
          <RouterLink className={f.link} to="/auth/login">
            {t('auth.forgot.backToLogin')}
          </RouterLink>
        </div>
      ) : (
        <>
          <p className={f.subtitle}>{t('auth.forgot.description')}</p>
          <form className={f.form} onSubmit={onSubmit} noValidate>
            <TextField
              label={t('auth.forgot.email')}
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={setEmail}
              isRequired
              isInvalid={submitted && email.trim() === ''}
              errorMessage={t('validation.required')}
            />
            {forgot.error && isApiRequestError(forgot.error, 0) && (
              <p className={f.error} role="alert">
                {t('error.network')}
              </p>
            )}
            <Button type="submit" isPending={forgot.isPending} className={f.fullWidth}>
              {t('auth.forgot.submit')}
            </Button>
            <RouterLink className={f.link} to="/auth/login">
              {t('auth.forgot.backToLogin')}
            </RouterLink>
          </form>
        </>
      )}
    </>
  );
}
