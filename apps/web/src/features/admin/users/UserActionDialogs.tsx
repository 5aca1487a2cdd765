import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEACTIVATION_REASON_MIN_LENGTH, passwordFlags, PASSWORD_MIN_LENGTH, type AdminUserRow } from '@servicedesk/contracts';
import { isApiRequestError } from '@servicedesk/api/errors';
import { useActivateUser, useDeactivateUser, useResetUserPassword } from '@servicedesk/api/admin/users/user-status';
import { Button } from '@servicedesk/ui/Button';
import { ConfirmDialog } from '@servicedesk/ui/ConfirmDialog';
import { Dialog } from '@servicedesk/ui/Dialog';
import { PasswordField } from '@servicedesk/ui/PasswordField';
import { Prompt } from '@servicedesk/ui/Prompt';
import { toast } from '@servicedesk/ui/Toast';
import { passwordError } from '../../shared/password';
import * as f from '../../shared/forms.css';
import * as s from './users.css';

/** Which status dialog is open, for whom. */
export type UserAction = { kind: 'deactivate' | 'reactivate' | 'resetPassword'; user: Pick<AdminUserRow, 'id' | 'firstName' | 'lastName' | 'email'> };

const fullName = (u: UserAction['user']) => `${u.firstName} ${u.lastName}`;

/** Translated text of a failed status change, by the server's code (SPEC §8: never its message). */
function failure(error: unknown, t: (key: string) => string): string {
  if (isApiRequestError(error, 422) && error.code === 'cannotDeactivateSelf') return t('admin.users.errors.cannotDeactivateSelf');
  if (isApiRequestError(error, 422) && error.code === 'alreadyInactive') return t('admin.users.errors.alreadyInactive');
  if (isApiRequestError(error, 403)) return t('admin.users.errors.forbidden');
  return t('error.generic');
}

/**
 * The status dialogs of a user (issue #5): deactivate with a reason (the SPEC §5 free-text
 * Prompt, at least 10 characters, sent as deactivateElement {id, type: 'user', desc}),
 * reactivate after a confirmation, and reset the password (a new one typed here, or an empty
 * field to mail the user a link). Success and failure are toasts; the lists refresh.
 */
export function UserActionDialogs({ action, onClose }: { action: UserAction | null; onClose: () => void }) {
  const { t } = useTranslation();
  const deactivate = useDeactivateUser();
  const activate = useActivateUser();
  // The last action stays while its dialog closes, so texts do not flicker.
  const [shown, setShown] = useState(action);
  if (action && action !== shown) setShown(action);
  const user = shown?.user;
  const name = user ? fullName(user) : '';

  return (
    <>
      <Prompt
        key={`deactivate-${user?.id ?? 0}-${action?.kind === 'deactivate' ? 'open' : 'closed'}`}
        title={t('admin.users.deactivate.title', { name })}
        message={<p className={f.note}>{t('admin.users.deactivate.hint')}</p>}
        label={t('admin.users.deactivate.reason')}
        isOpen={action?.kind === 'deactivate'}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        submitLabel={t('admin.users.deactivate.submit')}
        cancelLabel={t('cancel')}
        minLength={DEACTIVATION_REASON_MIN_LENGTH}
        minLengthMessage={t('admin.users.deactivate.minLength', { min: DEACTIVATION_REASON_MIN_LENGTH })}
        onSubmit={async (desc) => {
          if (!user) return;
          try {
            await deactivate.mutateAsync({ id: user.id, desc });
            toast.show({ title: t('admin.users.deactivate.done', { name }), variant: 'success' });
          } catch (error) {
            toast.show({ title: failure(error, t), variant: 'error' });
            onClose();
          }
        }}
      />
      <ConfirmDialog
        title={t('admin.users.reactivate.title', { name })}
        isOpen={action?.kind === 'reactivate'}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        confirmLabel={t('admin.users.reactivate.submit')}
        cancelLabel={t('cancel')}
        variant="info"
        onConfirm={async () => {
          if (user) await activate.mutateAsync(user.id);
        }}
        onConfirmed={() => toast.show({ title: t('admin.users.reactivate.done', { name }), variant: 'success' })}
        onError={(error) => toast.show({ title: failure(error, t), variant: 'error' })}
      >
        <p>{t('admin.users.reactivate.message')}</p>
      </ConfirmDialog>
      <Dialog
        title={t('admin.users.resetPassword.title', { name })}
        isOpen={action?.kind === 'resetPassword'}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        closeLabel={t('close')}
      >
        {action?.kind === 'resetPassword' && user ? <ResetPasswordForm user={user} onDone={onClose} /> : null}
      </Dialog>
    </>
  );
}

function ResetPasswordForm({ user, onDone }: { user: UserAction['user']; onDone: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const [password, setPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const reset = useResetUserPassword({
    onSuccess: ({ resetMailQueued }) => {
      toast.show({
        title: resetMailQueued
          ? t('admin.users.resetPassword.doneMail', { email: user.email })
          : t('admin.users.resetPassword.doneSet', { name: fullName(user) }),
        variant: 'success',
      });
      onDone();
    },
    onError: (error) => toast.show({ title: failure(error, t), variant: 'error' }),
  });
  const error = attempted ? passwordError(password, t) : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    if (password !== '' && passwordFlags(password).length > 0) return;
    reset.mutate({ id: user.id, password: password === '' ? undefined : password });
  }

  return (
    <form id={formId} className={f.form} onSubmit={submit} noValidate aria-label={t('admin.users.resetPassword.title', { name: fullName(user) })}>
      <p className={f.note}>{t('admin.users.resetPassword.message')}</p>
      <PasswordField
        label={t('admin.users.resetPassword.password')}
        description={t('auth.reset.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        isInvalid={error !== undefined}
        errorMessage={error}
        showLabel={t('password.show')}
        hideLabel={t('password.hide')}
      />
      <div className={s.formActions}>
        <Button variant="secondary" onPress={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" isPending={reset.isPending}>
          {t('admin.users.resetPassword.submit')}
        </Button>
      </div>
    </form>
  );
}
