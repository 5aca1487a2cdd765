import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordFlags, PASSWORD_MIN_LENGTH } from '@servicedesk/contracts';
import { useChangePassword } from '@servicedesk/api/auth/change-password';
import { useCheckCurrentPassword } from '@servicedesk/api/auth/check-current-password';
import { isApiRequestError } from '@servicedesk/api/errors';
import { Button } from '@servicedesk/ui/Button';
import { PasswordField } from '@servicedesk/ui/PasswordField';
import { toast } from '@servicedesk/ui/Toast';
import { confirmationError, passwordError } from '../shared/password';
import * as f from '../shared/forms.css';

/** Change password (SPEC §5): the current one checked on blur, the new one with its flags, the confirmation notMatching. */
export function ChangePassword() {
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
