import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAIL_DELIVERIES,
  NOTIFICATION_EVENT_KINDS,
  type MailDelivery,
  type NotificationEventKind,
  type NotificationPreferencesValue,
} from '@servicedesk/contracts/plain/notification-preferences';
import { Button } from '@servicedesk/ui/Button';
import * as f from '../forms.css';
import * as s from './notification-preferences.css';

/** Quiet hours offered when the user turns them on (the built-in defaults' 22:00–08:00). */
const DEFAULT_QUIET = { from: '22:00', to: '08:00' };

export interface NotificationPreferencesFormProps {
  /** The choice shown first (the saved one); editing keeps a copy until saved. */
  value: NotificationPreferencesValue;
  /** Called with the whole edited choice on Save. */
  onSave(value: NotificationPreferencesValue): void;
  isSaving?: boolean;
  /** The zone the quiet hours are read in (GET /api/global/organisation, Asia/Baku). */
  timeZone: string;
  /** Shown above the table: the profile says whether WhatsApp can reach the user. */
  notice?: ReactNode;
  /** More buttons beside Save (the profile's "Use the defaults"). */
  actions?: ReactNode;
  /** Prefix of the controls' ids (two forms on one page stay apart). */
  idPrefix: string;
}

/**
 * The notification preferences (issue #38) as a form: one row per event kind with its mail
 * delivery (immediately / daily digest / never) and WhatsApp on/off — the app always shows every
 * notification — then the WhatsApp quiet hours (on/off, from, until, in the organisation's zone).
 * Used by the profile (my choice) and the user type page (the admin's defaults). Native controls,
 * each labelled by its event (`mailFor`, `whatsappOn`).
 */
export function NotificationPreferencesForm({ value, onSave, isSaving, timeZone, notice, actions, idPrefix }: NotificationPreferencesFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<NotificationPreferencesValue>(() => structuredClone(value));
  const [lastQuiet, setLastQuiet] = useState(value.quietHours ?? DEFAULT_QUIET);
  const sameTimes = draft.quietHours !== null && draft.quietHours.from === draft.quietHours.to;

  const setEvent = (kind: NotificationEventKind, change: Partial<NotificationPreferencesValue['events'][NotificationEventKind]>) =>
    setDraft((d) => ({ ...d, events: { ...d.events, [kind]: { ...d.events[kind], ...change } } }));
  const setQuiet = (quiet: NotificationPreferencesValue['quietHours']) => {
    if (quiet) setLastQuiet(quiet);
    setDraft((d) => ({ ...d, quietHours: quiet }));
  };

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (sameTimes) return;
    onSave(draft);
  }

  return (
    <form className={f.form} onSubmit={onSubmit} noValidate>
      <p className={f.note}>{t('notificationPrefs.description')}</p>
      {notice}
      <div className={s.tableWrap}>
        <table className={s.table}>
          <thead>
            <tr>
              <th scope="col">{t('notificationPrefs.eventColumn')}</th>
              <th scope="col">{t('notificationPrefs.mailColumn')}</th>
              <th scope="col">{t('notificationPrefs.whatsappColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_EVENT_KINDS.map((kind) => {
              const event = t(`notificationPrefs.events.${kind}`);
              return (
                <tr key={kind}>
                  <th scope="row">{event}</th>
                  <td>
                    <select
                      className={s.control}
                      aria-label={t('notificationPrefs.mailFor', { event })}
                      value={draft.events[kind].mail}
                      onChange={(e) => setEvent(kind, { mail: e.target.value as MailDelivery })}
                    >
                      {MAIL_DELIVERIES.map((m) => (
                        <option key={m} value={m}>
                          {t(`notificationPrefs.mail.${m}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <input
                      className={s.checkbox}
                      type="checkbox"
                      aria-label={t('notificationPrefs.whatsappOn', { event })}
                      checked={draft.events[kind].whatsapp}
                      onChange={(e) => setEvent(kind, { whatsapp: e.target.checked })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <fieldset className={s.fieldset}>
        <legend className={s.legend}>{t('notificationPrefs.quietHours.legend')}</legend>
        <label className={s.check}>
          <input
            className={s.checkbox}
            type="checkbox"
            checked={draft.quietHours !== null}
            onChange={(e) => setQuiet(e.target.checked ? lastQuiet : null)}
          />
          {t('notificationPrefs.quietHours.enabled')}
        </label>
        {draft.quietHours && (
          <div className={s.row}>
            <label className={s.field} htmlFor={`${idPrefix}-quiet-from`}>
              {t('notificationPrefs.quietHours.from')}
              <input
                id={`${idPrefix}-quiet-from`}
                className={s.control}
                type="time"
                required
                value={draft.quietHours.from}
                onChange={(e) => e.target.value && setQuiet({ ...draft.quietHours!, from: e.target.value })}
              />
            </label>
            <label className={s.field} htmlFor={`${idPrefix}-quiet-to`}>
              {t('notificationPrefs.quietHours.to')}
              <input
                id={`${idPrefix}-quiet-to`}
                className={s.control}
                type="time"
                required
                aria-invalid={sameTimes || undefined}
                value={draft.quietHours.to}
                onChange={(e) => e.target.value && setQuiet({ ...draft.quietHours!, to: e.target.value })}
              />
            </label>
          </div>
        )}
        <p className={f.note}>{t('notificationPrefs.quietHours.hint', { zone: timeZone })}</p>
        {sameTimes && (
          <p className={f.error} role="alert">
            {t('notificationPrefs.quietHours.same')}
          </p>
        )}
      </fieldset>
      <div className={s.buttons}>
        <Button type="submit" isPending={isSaving} isDisabled={sameTimes}>
          {t('notificationPrefs.save')}
        </Button>
        {actions}
      </div>
    </form>
  );
}
