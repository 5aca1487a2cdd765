import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HOLIDAY_KINDS, type HolidayKind } from '@servicedesk/contracts';
import { useCheckMenuPermission } from '@servicedesk/api/global/check-menu-permission';
import { useHolidayEdits, useHolidays } from '@servicedesk/api/schedules/schedules';
import { Button } from '@servicedesk/ui/Button';
import { toast } from '@servicedesk/ui/Toast';
import { NativeInputField, NativeSelectField } from '../shared/native-fields';
import { refusal } from './refusal';
import { dayText } from './schedule-model';
import * as s from './schedules.css';

/** The organisation admin's form adding (or replacing) a day of the calendar: day, kind, name, day off. */
function HolidayForm() {
  const { t, i18n } = useTranslation();
  const edits = useHolidayEdits();
  const [day, setDay] = useState('');
  const [kind, setKind] = useState<HolidayKind>('other');
  const [name, setName] = useState('');
  const [dayOff, setDayOff] = useState(true);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!day) return;
    edits.save.mutate(
      { day, kind, name: name.trim() || null, dayOff },
      {
        onSuccess: () => {
          toast.show({ title: t('schedules.holidays.saved'), variant: 'success' });
          setDay('');
          setName('');
        },
        onError: (error) =>
          toast.show({ title: refusal(t, error, i18n.language), variant: 'error' }),
      },
    );
  };
  return (
    <form className={s.toolbar} onSubmit={submit} aria-label={t('schedules.holidays.add')}>
      <NativeInputField
        label={t('schedules.holidays.day')}
        type="date"
        required
        value={day}
        onChange={(e) => setDay(e.target.value)}
      />
      <NativeSelectField
        label={t('schedules.holidays.kindLabel')}
        value={kind}
        onChange={(e) => setKind(e.target.value as HolidayKind)}
        options={HOLIDAY_KINDS.map((k) => ({ value: k, label: t(`schedules.holidays.kind.${k}`) }))}
      />
      <NativeInputField
        label={t('schedules.holidays.name')}
        value={name}
        maxLength={200}
        onChange={(e) => setName(e.target.value)}
      />
      <label className={s.check}>
        <input type="checkbox" checked={dayOff} onChange={(e) => setDayOff(e.target.checked)} />
        {t('schedules.holidays.dayOff')}
      </label>
      <Button type="submit" isPending={edits.save.isPending} isDisabled={!day}>
        {t('schedules.holidays.add')}
      </Button>
    </form>
  );
}

/**
 * The year's holiday calendar (issue #41; the server's public_holidays), folded until opened; an
 * organisation admin (`admin.org`, asked with checkMenuPermission) adds, changes and removes days.
 */
export function HolidayCalendar({ year }: { year: number }) {
  const { t, i18n } = useTranslation();
  const holidays = useHolidays(year);
  const admin = useCheckMenuPermission({ actionName: 'admin.org' });
  const edits = useHolidayEdits();
  const onError = (error: unknown) =>
    toast.show({ title: refusal(t, error, i18n.language), variant: 'error' });
  const canEdit = admin.data?.hasPermission === true;
  return (
    <details className={s.details}>
      <summary className={s.summary}>{t('schedules.holidays.title', { year })}</summary>
      {canEdit ? <HolidayForm /> : null}
      <div className={s.scroll}>
        <table className={s.table}>
          <thead>
            <tr>
              <th scope="col">{t('schedules.holidays.day')}</th>
              <th scope="col">{t('schedules.holidays.name')}</th>
              <th scope="col">{t('schedules.holidays.dayOff')}</th>
              {canEdit ? <th scope="col">{t('schedules.holidays.actions')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {(holidays.data ?? []).map((h) => (
              <tr key={h.day} data-testid="holiday-row">
                <td>{dayText(h.day, i18n.language)}</td>
                <td>{h.name ?? t(`schedules.holidays.kind.${h.kind}`)}</td>
                <td>{h.dayOff ? t('yes') : t('no')}</td>
                {canEdit ? (
                  <td>
                    <Button
                      variant="secondary"
                      size="sm"
                      onPress={() => edits.remove.mutate(h.day, { onError })}
                      aria-label={t('schedules.holidays.remove', {
                        day: dayText(h.day, i18n.language),
                      })}
                    >
                      {t('schedules.holidays.removeShort')}
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
