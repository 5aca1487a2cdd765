import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { notificationPreferenceKeys } from '@servicedesk/api/notifications/notification-preferences';
import { toPhoneNumber, useUpdateUserNumber } from '@servicedesk/api/global/update-user-number';
import { Button } from '@servicedesk/ui/Button';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import { maskPhone, phoneToMasked } from './phone';
import * as f from '../shared/forms.css';

/** The WhatsApp number (SPEC §2 "Phone prompt", §5): mask (00) 0000000, saved as 994 + 9 digits. */
export function PhoneNumber({ stored }: { stored: string | null }) {
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
