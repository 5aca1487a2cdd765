import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LEAVE_KINDS, type LeaveRequest } from '@servicedesk/contracts';
import { useLeaveList, useRequestLeave } from '@servicedesk/api/schedules/schedules';
import { formatNumber } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { toast } from '@servicedesk/ui/Toast';
import { NativeInputField, NativeSelectField } from '../shared/native-fields';
import * as p from '../shared/page.css';
import { LeaveBalances } from './LeaveBalances';
import { refusal } from './refusal';
import { dayText } from './schedule-model';
import * as s from './schedules.css';

type LeaveKind = (typeof LEAVE_KINDS)[number];

/** A member's request for leave to the group's lead (`POST /api/schedules/leave`): kind, first and last day, reason. */
function LeaveForm({ groupId }: { groupId: number }) {
  const { t, i18n } = useTranslation();
  const ask = useRequestLeave();
  const [kind, setKind] = useState<LeaveKind>('vacation');
  const [startDay, setStartDay] = useState('');
  const [endDay, setEndDay] = useState('');
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!startDay || !endDay) return;
    ask.mutate(
      { groupId, kind, startDay, endDay, reason: reason.trim() || null },
      {
        onSuccess: () => {
          toast.show({ title: t('schedules.leave.sent'), variant: 'success' });
          setStartDay('');
          setEndDay('');
          setReason('');
        },
        onError: (error) =>
          toast.show({ title: refusal(t, error, i18n.language), variant: 'error' }),
      },
    );
  };
  return (
    <form className={s.toolbar} onSubmit={submit}>
      <NativeSelectField
        label={t('schedules.leave.kind')}
        value={kind}
        onChange={(e) => setKind(e.target.value as LeaveKind)}
        options={LEAVE_KINDS.map((k) => ({ value: k, label: t(`schedules.kinds.${k}`) }))}
      />
      <NativeInputField
        label={t('schedules.leave.from')}
        type="date"
        required
        value={startDay}
        onChange={(e) => setStartDay(e.target.value)}
      />
      <NativeInputField
        label={t('schedules.leave.to')}
        type="date"
        required
        value={endDay}
        min={startDay || undefined}
        onChange={(e) => setEndDay(e.target.value)}
      />
      <NativeInputField
        label={t('schedules.leave.reason')}
        value={reason}
        maxLength={1000}
        onChange={(e) => setReason(e.target.value)}
      />
      <Button type="submit" isPending={ask.isPending} isDisabled={!startDay || !endDay}>
        {t('schedules.leave.ask')}
      </Button>
    </form>
  );
}

/** Leave requests as a table: who (a link to the request's page), kind, days and their count, status. */
function LeaveTable({ rows }: { rows: LeaveRequest[] }) {
  const { t, i18n } = useTranslation();
  return (
    <div className={s.scroll}>
      <table className={s.table}>
        <thead>
          <tr>
            <th scope="col">{t('schedules.person')}</th>
            <th scope="col">{t('schedules.leave.kind')}</th>
            <th scope="col">{t('schedules.leave.days')}</th>
            <th scope="col">{t('schedules.leave.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((l) => (
            <tr key={l.id} data-testid="leave-row" data-start={l.startDay}>
              <td>
                <Link to={`/home/schedules/leave/${l.id}`}>{l.user.name}</Link>
              </td>
              <td>{t(`schedules.kinds.${l.kind}`)}</td>
              <td>
                {dayText(l.startDay, i18n.language)} – {dayText(l.endDay, i18n.language)} (
                {formatNumber(l.days, i18n.language)})
              </td>
              <td>{t(`schedules.leave.statuses.${l.status}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * "Ask for leave" on the schedule page (issue #18): a member's request to the group's lead and
 * the list of their own requests — or, for the lead (`isLead`), the group's requests, which they
 * decide on each request's page — with the year's leave balances.
 */
export function LeaveSection({ groupId, isLead }: { groupId: number; isLead: boolean }) {
  const { t } = useTranslation();
  const mine = useLeaveList(isLead ? groupId : null);
  return (
    <section className={p.card} aria-labelledby="leave-title">
      <h2 id="leave-title" className={p.cardTitle}>
        {isLead ? t('schedules.leave.teamTitle') : t('schedules.leave.title')}
      </h2>
      {!isLead ? <LeaveForm groupId={groupId} /> : null}
      <LeaveBalances groupId={groupId} isLead={isLead} year={new Date().getFullYear()} />
      {mine.data && mine.data.length > 0 ? (
        <LeaveTable rows={mine.data} />
      ) : (
        <p className={p.muted}>{t('schedules.leave.none')}</p>
      )}
    </section>
  );
}
