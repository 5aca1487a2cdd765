import { useTranslation } from 'react-i18next';
import {
  useMyNotificationPreferences,
  useResetMyNotificationPreferences,
  useSaveMyNotificationPreferences,
} from '@servicedesk/api/notifications/notification-preferences';
import { Button } from '@servicedesk/ui/Button';
import { toast } from '@servicedesk/ui/Toast';
import { NotificationPreferencesForm } from '../shared/notification-preferences/NotificationPreferencesForm';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';

/**
 * The profile's "Notifications" card (issue #38): per event kind the mail delivery and WhatsApp
 * switch, the WhatsApp quiet hours; Save stores my own choice, "Use the defaults" returns to my
 * user type's. Without a WhatsApp number a note says WhatsApp cannot reach me yet.
 */
export function NotificationPreferencesCard() {
  const { t } = useTranslation();
  const mine = useMyNotificationPreferences();
  const save = useSaveMyNotificationPreferences({ onSuccess: () => toast.show({ title: t('notificationPrefs.saved'), variant: 'success' }) });
  const reset = useResetMyNotificationPreferences({ onSuccess: () => toast.show({ title: t('notificationPrefs.resetDone'), variant: 'success' }) });
  const data = mine.data;
  return (
    <section className={p.card} aria-labelledby="notification-preferences-heading">
      <h2 id="notification-preferences-heading" className={p.cardTitle}>
        {t('notificationPrefs.title')}
      </h2>
      {mine.isPending && <p className={p.muted} role="status">{t('loading')}</p>}
      {mine.isError && <p role="alert">{t('error.generic')}</p>}
      {data && (
        <NotificationPreferencesForm
          // A reset or another tab's save shows the server's choice afresh.
          key={JSON.stringify(data.preferences)}
          idPrefix="my-notifications"
          value={data.preferences}
          timeZone={data.timeZone}
          isSaving={save.isPending}
          onSave={(value) => save.mutate(value)}
          notice={
            <>
              <p className={f.note}>{data.isCustom ? t('notificationPrefs.custom') : t('notificationPrefs.usingDefaults')}</p>
              {data.whatsappNumber === null && <p className={f.info}>{t('notificationPrefs.noNumber')}</p>}
            </>
          }
          actions={
            data.isCustom ? (
              <Button variant="secondary" isPending={reset.isPending} onPress={() => reset.mutate()}>
                {t('notificationPrefs.reset')}
              </Button>
            ) : null
          }
        />
      )}
      {(save.isError || reset.isError) && (
        <p className={f.error} role="alert">
          {t('error.generic')}
        </p>
      )}
    </section>
  );
}
