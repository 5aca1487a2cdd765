import { useTranslation } from 'react-i18next';
import type { UserTypeRow } from '@servicedesk/contracts';
import { useSaveUserTypeNotificationDefaults, useUserTypeNotificationDefaults } from '@servicedesk/api/notifications/notification-preferences';
import { organisationTimeZone } from '@servicedesk/i18n';
import { Dialog } from '@servicedesk/ui/Dialog';
import { toast } from '@servicedesk/ui/Toast';
import { NotificationPreferencesForm } from '../../shared/notification-preferences/NotificationPreferencesForm';
import * as p from '../../shared/page.css';
import * as f from '../../shared/forms.css';

export interface NotificationDefaultsDialogProps {
  /** The user type whose defaults are edited; null = closed. */
  type: UserTypeRow | null;
  onClose: () => void;
}

/**
 * The admin's notification defaults of a user type (issue #38): the same form as the profile's,
 * applying to the type's users who have not chosen their own. Needs admin.userTypes.update.
 */
export function NotificationDefaultsDialog({ type, onClose }: NotificationDefaultsDialogProps) {
  const { t } = useTranslation();
  const defaults = useUserTypeNotificationDefaults(type?.id ?? null);
  const save = useSaveUserTypeNotificationDefaults(type?.id ?? 0, {
    onSuccess: () => {
      toast.show({ title: t('notificationPrefs.defaults.saved'), variant: 'success' });
      onClose();
    },
  });
  return (
    <Dialog
      title={t('notificationPrefs.defaults.dialogTitle', { name: type?.name ?? '' })}
      isOpen={type !== null}
      onOpenChange={(open) => !open && onClose()}
      closeLabel={t('close')}
      size="lg"
    >
      <p className={f.note}>{t('notificationPrefs.defaults.description')}</p>
      {defaults.isPending && <p className={p.muted} role="status">{t('loading')}</p>}
      {defaults.isError && <p role="alert">{t('error.generic')}</p>}
      {defaults.data && (
        <NotificationPreferencesForm
          key={defaults.data.userTypeId}
          idPrefix={`type-${defaults.data.userTypeId}-notifications`}
          value={defaults.data.preferences}
          timeZone={organisationTimeZone()}
          isSaving={save.isPending}
          onSave={(value) => save.mutate(value)}
          notice={defaults.data.isSet ? null : <p className={f.info}>{t('notificationPrefs.defaults.builtIn')}</p>}
        />
      )}
      {save.isError && (
        <p className={f.error} role="alert">
          {t('error.generic')}
        </p>
      )}
    </Dialog>
  );
}
