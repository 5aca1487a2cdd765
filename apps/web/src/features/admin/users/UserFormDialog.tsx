import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUserDetail, AdminUserRow, FileItem } from '@servicedesk/contracts';
import { isApiRequestError } from '@servicedesk/api/errors';
import { useCreateUser, useUpdateUser } from '@servicedesk/api/admin/users/save-user';
import { languages } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { Dialog } from '@servicedesk/ui/Dialog';
import { PasswordField } from '@servicedesk/ui/PasswordField';
import { PhoneField } from '@servicedesk/ui/PhoneField';
import { Select } from '@servicedesk/ui/Select';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import { FileUploadField } from '../../shared/files/FileUploadField';
import { passwordError } from '../../shared/password';
import { emptyUserForm, userFormFrom, validateUserForm, type FieldError, type UserFormValues } from './user-form';
import { useUserOptions, type Option } from './use-user-options';
import * as f from '../../shared/forms.css';
import * as s from './users.css';

const NONE = 'none';

/** Picker items with a leading "not set" choice. */
function choices(options: Option[], notSet: string) {
  return [{ id: NONE, label: notSet }, ...options.map((o) => ({ id: String(o.id), label: o.name }))];
}

const toId = (key: string | number | null) => (key === null || key === NONE ? null : Number(key));

export interface UserFormDialogProps {
  /** The user to edit (a list row is enough), or null to create one. */
  user: AdminUserRow | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Called with the saved user after a successful save (the dialog closes itself). */
  onSaved?: (user: AdminUserDetail) => void;
}

/**
 * Create or edit a user (issue #5): names, email, phone (PhoneField, `994` + 9 digits),
 * user type, position, location, language, the avatar (FileUploadField, upload type
 * 'avatar') and, for a new user, an optional initial password (without one the server mails a
 * link to set it). Checked as the server checks (user-form.ts) when saving; the server's
 * `emailTaken` lands on the email field.
 */
export function UserFormDialog({ user, isOpen, onOpenChange, onSaved }: UserFormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={user ? t('admin.users.form.editTitle') : t('admin.users.form.createTitle')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      closeLabel={t('close')}
      size="lg"
      isDismissable={false}
    >
      {/* Mounted per opening, so every opening starts from the stored values. */}
      {isOpen ? <UserForm key={user?.id ?? 'new'} user={user} onDone={() => onOpenChange(false)} onSaved={onSaved} /> : null}
    </Dialog>
  );
}

function UserForm({ user, onDone, onSaved }: { user: AdminUserRow | null; onDone: () => void; onSaved?: (user: AdminUserDetail) => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const isNew = user === null;
  const options = useUserOptions();
  const [values, setValues] = useState<UserFormValues>(() => (user ? userFormFrom(user) : emptyUserForm()));
  const [attempted, setAttempted] = useState(false);
  const [emailTaken, setEmailTaken] = useState(false);
  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const name = (u: AdminUserDetail) => `${u.firstName} ${u.lastName}`;
  const onError = (error: unknown) => {
    if (isApiRequestError(error, 409)) setEmailTaken(true);
    else toast.show({ title: t('error.generic'), variant: 'error' });
  };
  const create = useCreateUser({
    onSuccess: ({ user: saved, resetMailQueued }) => {
      toast.show({
        title: resetMailQueued
          ? t('admin.users.form.createdMail', { name: name(saved), email: saved.email })
          : t('admin.users.form.created', { name: name(saved) }),
        variant: 'success',
      });
      onSaved?.(saved);
      onDone();
    },
    onError,
  });
  const update = useUpdateUser({
    onSuccess: (saved) => {
      toast.show({ title: t('admin.users.form.updated', { name: name(saved) }), variant: 'success' });
      onSaved?.(saved);
      onDone();
    },
    onError,
  });

  const errors = attempted ? validateUserForm(values, isNew) : {};
  const message = (error: FieldError | undefined) => (error ? t(error.key, error.values ?? {}) : undefined);
  const emailError = emailTaken ? t('admin.users.form.emailTaken') : message(errors.email);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(validateUserForm(values, isNew)).length > 0 || emailTaken) return;
    const fields = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      phone: values.phone,
      userTypeId: values.userTypeId ?? 0,
      positionId: values.positionId,
      locationId: values.locationId,
      language: values.language,
      imgPath: values.imgPath,
    };
    if (user) update.mutate({ id: user.id, input: fields });
    else create.mutate(values.password === '' ? fields : { ...fields, password: values.password });
  }

  const avatar: FileItem[] =
    values.imgPath && user?.imgPath === values.imgPath
      ? [{ id: Number(values.imgPath.split('/').pop()) || 0, name: t('admin.users.avatar.label'), url: values.imgPath, type: 'avatar', mime: 'image/*', sizeBytes: 0 }]
      : [];

  return (
    <form id={formId} className={f.form} onSubmit={submit} noValidate aria-label={isNew ? t('admin.users.form.createTitle') : t('admin.users.form.editTitle')}>
      <div className={s.formGrid}>
        <TextField
          label={t('admin.users.form.firstName')}
          value={values.firstName}
          onChange={(v) => set('firstName', v)}
          isRequired
          autoComplete="off"
          isInvalid={errors.firstName !== undefined}
          errorMessage={message(errors.firstName)}
        />
        <TextField
          label={t('admin.users.form.lastName')}
          value={values.lastName}
          onChange={(v) => set('lastName', v)}
          isRequired
          autoComplete="off"
          isInvalid={errors.lastName !== undefined}
          errorMessage={message(errors.lastName)}
        />
        <TextField
          label={t('admin.users.form.email')}
          type="email"
          value={values.email}
          onChange={(v) => {
            set('email', v);
            setEmailTaken(false);
          }}
          isRequired
          autoComplete="off"
          isInvalid={emailError !== undefined}
          errorMessage={emailError}
        />
        <PhoneField
          label={t('admin.users.form.phone')}
          description={t('admin.users.form.phoneHint')}
          defaultValue={values.phone}
          onChange={(v) => set('phone', v)}
          onInput={(e) => set('phoneText', e.currentTarget.value.replace(/\D/g, '') !== '')}
          isInvalid={errors.phone !== undefined}
          errorMessage={message(errors.phone) ?? t('admin.users.form.invalidPhone')}
        />
        <Select
          label={t('admin.users.form.userType')}
          items={options.userTypes.map((o) => ({ id: String(o.id), label: o.name }))}
          selectedKey={values.userTypeId === null ? null : String(values.userTypeId)}
          onSelectionChange={(key) => set('userTypeId', toId(key))}
          placeholder={t('admin.users.form.notSet')}
          isRequired
          isInvalid={errors.userTypeId !== undefined}
          errorMessage={message(errors.userTypeId)}
        />
        <Select
          label={t('admin.users.form.language')}
          items={languages.map((l) => ({ id: l.code, label: l.label }))}
          selectedKey={values.language}
          onSelectionChange={(key) => {
            const code = languages.find((l) => l.code === key)?.code;
            if (code) set('language', code);
          }}
        />
        <Select
          label={t('admin.users.form.position')}
          items={choices(options.positions, t('admin.users.form.notSet'))}
          selectedKey={values.positionId === null ? NONE : String(values.positionId)}
          onSelectionChange={(key) => set('positionId', toId(key))}
        />
        <Select
          label={t('admin.users.form.location')}
          items={choices(options.locations, t('admin.users.form.notSet'))}
          selectedKey={values.locationId === null ? NONE : String(values.locationId)}
          onSelectionChange={(key) => set('locationId', toId(key))}
        />
        {isNew ? (
          <PasswordField
            label={t('admin.users.form.password')}
            description={t('admin.users.form.passwordHint')}
            name="new-password"
            autoComplete="new-password"
            value={values.password}
            onChange={(v) => set('password', v)}
            isInvalid={errors.password !== undefined}
            errorMessage={errors.password ? passwordError(values.password, t) : undefined}
            showLabel={t('password.show')}
            hideLabel={t('password.hide')}
          />
        ) : null}
      </div>
      <FileUploadField
        type="avatar"
        label={t('admin.users.avatar.label')}
        allowsMultiple={false}
        defaultFiles={avatar}
        emptyText={t('admin.users.avatar.empty')}
        onChange={(files) => set('imgPath', files.at(-1)?.url ?? null)}
      />
      <div className={s.formActions}>
        <Button variant="secondary" onPress={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" isPending={create.isPending || update.isPending}>
          {isNew ? t('admin.users.form.create') : t('admin.users.form.save')}
        </Button>
      </div>
    </form>
  );
}
