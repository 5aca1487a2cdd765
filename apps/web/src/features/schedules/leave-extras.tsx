import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  HOLIDAY_KINDS,
  type HolidayKind,
  type ScheduleCellValue,
  type ScheduleMonth,
} from '@servicedesk/contracts';
import { useCheckMenuPermission } from '@servicedesk/api/global/check-menu-permission';
import { isApiRequestError } from '@servicedesk/api/errors';
import {
  useHolidayEdits,
  useHolidays,
  useLeaveBalances,
  useShiftTemplateEdits,
  useShiftTemplates,
} from '@servicedesk/api/schedules/schedules';
import { formatDate, formatNumber } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { toast } from '@servicedesk/ui/Toast';
import * as p from '../shared/page.css';
import * as s from './schedules.css';
import { mondayOf } from './schedule-model';

/*
 * Issue #41 on the schedule page: leave balances (the employee's own, the lead's team), the
 * holiday calendar (an organisation admin edits it), shift templates applied to a week, and the
 * server's refusals with their figures (the clashing leave's days and status, what is left).
 */

const dayText = (day: string, lang: string) =>
  formatDate(`${day}T12:00:00Z`, lang, { timeZone: 'UTC' });

/** The server's refusal as `schedules.errors.<code>` with its details (a clash's days and status, a balance's figures), else the generic text. */
export function refusal(t: TFunction, error: unknown, lang: string): string {
  if (!isApiRequestError(error)) return t('error.generic');
  const details = (error.details ?? {}) as {
    clash?: { startDay: string; endDay: string; status: string };
    year?: number;
    asked?: number;
    left?: number;
  };
  const values = details.clash
    ? {
        from: dayText(details.clash.startDay, lang),
        to: dayText(details.clash.endDay, lang),
        status: t(`schedules.leave.statuses.${details.clash.status}`),
      }
    : {
        year: details.year,
        asked: formatNumber(details.asked ?? 0, lang),
        left: formatNumber(details.left ?? 0, lang),
      };
  return t(`schedules.errors.${error.code}`, { ...values, defaultValue: t('error.generic') });
}

/** The leave balance of the year: the caller's, or (lead) each member's — allowance, taken, planned, left, in leave days. */
export function LeaveBalances({
  groupId,
  isLead,
  year,
}: {
  groupId: number;
  isLead: boolean;
  year: number;
}) {
  const { t, i18n } = useTranslation();
  const balances = useLeaveBalances(year, isLead ? groupId : null);
  const n = (v: number) => formatNumber(v, i18n.language);
  if (!balances.data) return null;
  return (
    <div className={s.scroll} data-testid="leave-balances">
      <table className={s.table}>
        <caption className={s.caption}>{t('schedules.balance.title', { year })}</caption>
        <thead>
          <tr>
            {isLead ? <th scope="col">{t('schedules.person')}</th> : null}
            <th scope="col">{t('schedules.balance.allowance')}</th>
            <th scope="col">{t('schedules.balance.taken')}</th>
            <th scope="col">{t('schedules.balance.planned')}</th>
            <th scope="col">{t('schedules.balance.left')}</th>
          </tr>
        </thead>
        <tbody>
          {balances.data.map((b) => (
            <tr key={b.userId}>
              {isLead ? <td>{b.name}</td> : null}
              <td>{n(b.allowance)}</td>
              <td>{n(b.taken)}</td>
              <td>{n(b.planned)}</td>
              <td className={b.left < 0 ? s.under : undefined}>{n(b.left)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={p.muted}>{t('schedules.balance.note')}</p>
    </div>
  );
}

/** The year's holiday calendar; an organisation admin (`admin.org`) adds, changes and removes days. */
export function HolidayCalendar({ year }: { year: number }) {
  const { t, i18n } = useTranslation();
  const holidays = useHolidays(year);
  const admin = useCheckMenuPermission({ actionName: 'admin.org' });
  const edits = useHolidayEdits();
  const [day, setDay] = useState('');
  const [kind, setKind] = useState<HolidayKind>('other');
  const [name, setName] = useState('');
  const [dayOff, setDayOff] = useState(true);
  const onError = (error: unknown) =>
    toast.show({ title: refusal(t, error, i18n.language), variant: 'error' });
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
        onError,
      },
    );
  };
  const canEdit = admin.data?.hasPermission === true;
  return (
    <details className={s.details}>
      <summary className={s.summary}>{t('schedules.holidays.title', { year })}</summary>
      {canEdit ? (
        <form className={s.toolbar} onSubmit={submit} aria-label={t('schedules.holidays.add')}>
          <label className={s.field}>
            {t('schedules.holidays.day')}
            <input
              className={s.input}
              type="date"
              required
              value={day}
              onChange={(e) => setDay(e.target.value)}
            />
          </label>
          <label className={s.field}>
            {t('schedules.holidays.kindLabel')}
            <select
              className={s.input}
              value={kind}
              onChange={(e) => setKind(e.target.value as HolidayKind)}
            >
              {HOLIDAY_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`schedules.holidays.kind.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={s.field}>
            {t('schedules.holidays.name')}
            <input
              className={s.input}
              value={name}
              maxLength={200}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <label className={s.check}>
            <input type="checkbox" checked={dayOff} onChange={(e) => setDayOff(e.target.checked)} />
            {t('schedules.holidays.dayOff')}
          </label>
          <Button type="submit" isPending={edits.save.isPending} isDisabled={!day}>
            {t('schedules.holidays.add')}
          </Button>
        </form>
      ) : null}
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

/**
 * The lead's shift templates: save the painting tool's value as a Monday–Friday template (the
 * weekend left as it is), and apply a template to the week of the first selected day for the
 * selected people (or everyone).
 */
export function ShiftTemplates({
  month,
  value,
  userIds,
  from,
}: {
  month: ScheduleMonth;
  value: ScheduleCellValue;
  userIds: number[];
  from: string | null;
}) {
  const { t, i18n } = useTranslation();
  const templates = useShiftTemplates(month.groupId);
  const edits = useShiftTemplateEdits();
  const [chosen, setChosen] = useState<number | null>(null);
  const [name, setName] = useState('');
  const onError = (error: unknown) =>
    toast.show({ title: refusal(t, error, i18n.language), variant: 'error' });
  const current = chosen ?? templates.data?.[0]?.id ?? null;
  const week = mondayOf(from ?? `${month.month}-01`);
  const people = userIds.length > 0 ? userIds : month.people.map((x) => x.id);
  return (
    <div className={s.toolbar} role="group" aria-label={t('schedules.templates.title')}>
      <label className={s.field}>
        {t('schedules.templates.name')}
        <input
          className={s.input}
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <Button
        variant="secondary"
        isDisabled={!name.trim()}
        isPending={edits.create.isPending}
        onPress={() =>
          edits.create.mutate(
            {
              groupId: month.groupId,
              name: name.trim(),
              days: [value, value, value, value, value, null, null],
            },
            {
              onSuccess: (created) => {
                setName('');
                setChosen(created.id);
                toast.show({ title: t('schedules.templates.saved'), variant: 'success' });
              },
              onError,
            },
          )
        }
      >
        {t('schedules.templates.save')}
      </Button>
      {templates.data && templates.data.length > 0 ? (
        <>
          <label className={s.field}>
            {t('schedules.templates.title')}
            <select
              className={s.input}
              value={current ?? ''}
              onChange={(e) => setChosen(Number(e.target.value))}
            >
              {templates.data.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
            </select>
          </label>
          <Button
            variant="secondary"
            isDisabled={current === null}
            isPending={edits.apply.isPending}
            onPress={() =>
              current !== null &&
              edits.apply.mutate(
                { groupId: month.groupId, templateId: current, weekStart: week, userIds: people },
                {
                  onSuccess: () =>
                    toast.show({ title: t('schedules.templates.applied'), variant: 'success' }),
                  onError,
                },
              )
            }
          >
            {t('schedules.templates.apply', {
              week: dayText(week, i18n.language),
              n: formatNumber(people.length, i18n.language),
            })}
          </Button>
        </>
      ) : null}
    </div>
  );
}
