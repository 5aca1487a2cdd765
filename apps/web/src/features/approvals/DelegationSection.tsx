import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Delegation } from '@servicedesk/contracts';
import { useCreateDelegation, useDelegations, useEndDelegation } from '@servicedesk/api/approvals/delegations';
import { getUsersNameAndId } from '@servicedesk/api/global/get-users-name-and-id';
import { useApiClient } from '@servicedesk/api/provider';
import { calendarDateOf, formatDate, matchesSearch } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { DateRangePicker, type IsoDateRange } from '@servicedesk/ui/DateRangePicker';
import { SelectSearch, type SearchResult } from '@servicedesk/ui/SelectSearch';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import { storage } from '../../session/storage';
import { firstDayOfWeek, numericDate } from '../shared/format';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';
import { refusalKey } from '../shared/record/refusal';

/**
 * The last day a delegation covers, as a calendar date: its chosen last day (`endsOn`), or — ended
 * early — the organisation's day of the instant before it was ended.
 */
export function lastDay(d: Pick<Delegation, 'endsOn' | 'endsAt' | 'endedAt'>): string {
  if (d.endedAt && d.endedAt < d.endsAt) return calendarDateOf(new Date(Date.parse(d.endedAt) - 1));
  return d.endsOn;
}

/**
 * The profile page's "Substitution" section (issue #11 delegation): name a colleague who sees and
 * decides your approvals for a range of days (the server refuses oneself, an inactive user, a past
 * or reversed range and an overlap with another of yours — its reason is shown), see who you have
 * named and whom you substitute, and end one early. Each change is in your audit history and
 * notifies the substitute (server).
 */
export function DelegationSection() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const client = useApiClient();
  const me = storage.getUser()?.id;
  const list = useDelegations();
  const create = useCreateDelegation();
  const end = useEndDelegation();
  const [substitute, setSubstitute] = useState<SearchResult | null>(null);
  const [range, setRange] = useState<IsoDateRange | null>(null);
  const [reason, setReason] = useState('');
  const [attempted, setAttempted] = useState(false);

  const search = async (text: string, signal: AbortSignal): Promise<SearchResult[]> =>
    (await getUsersNameAndId(client, signal)).filter((u) => u.id !== me && matchesSearch(u.name, text)).slice(0, 20);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    if (!substitute || !range) return;
    try {
      // The days as chosen: the server makes them a window in the organisation's time zone.
      const created = await create.mutateAsync({ substituteId: Number(substitute.id), startsOn: range.start, endsOn: range.end, reason: reason.trim() || undefined });
      toast.show({ title: t('approvals.delegation.created', { name: created.substitute.name }), variant: 'success' });
      setSubstitute(null);
      setRange(null);
      setReason('');
      setAttempted(false);
    } catch (error) {
      toast.show({ title: t(refusalKey(error), { defaultValue: t('error.generic') }), variant: 'error' });
    }
  }

  const span = (d: Delegation) => t('approvals.delegation.range', { from: formatDate(d.startsOn, lang, numericDate), to: formatDate(lastDay(d), lang, numericDate) });
  // Over as of when the list was read (no clock read during render).
  const over = (d: Delegation) => d.endedAt !== null || Date.parse(d.endsAt) <= list.dataUpdatedAt;

  return (
    <div>
      <p className={p.muted}>{t('approvals.delegation.description')}</p>
      <form className={f.form} onSubmit={(e) => void submit(e)} noValidate aria-label={t('approvals.delegation.title')}>
        <SelectSearch
          label={t('approvals.delegation.substitute')}
          search={search}
          value={substitute}
          onChange={setSubstitute}
          loadingLabel={t('approvals.delegation.searchLoading')}
          emptyLabel={t('approvals.delegation.searchEmpty')}
          openLabel={t('approvals.delegation.openList')}
          isRequired
          isInvalid={attempted && !substitute}
          errorMessage={t('approvals.delegation.required')}
        />
        <DateRangePicker
          label={t('approvals.delegation.period')}
          value={range}
          onChange={setRange}
          firstDayOfWeek={firstDayOfWeek(lang)}
          openCalendarLabel={t('approvals.delegation.openCalendar')}
          isRequired
          isInvalid={attempted && !range}
          errorMessage={t('approvals.delegation.required')}
        />
        <TextField label={t('approvals.delegation.reason')} value={reason} onChange={setReason} maxLength={500} />
        <Button type="submit" isDisabled={create.isPending}>
          {t('approvals.delegation.create')}
        </Button>
      </form>
      {list.data && (
        <>
          <h3 className={p.statLabel}>{t('approvals.delegation.given')}</h3>
          {list.data.given.length === 0 && <p className={p.muted}>{t('approvals.delegation.none')}</p>}
          <ul data-testid="delegations-given">
            {list.data.given.map((d) => (
              <li key={d.id}>
                {d.substitute.name} · {span(d)}
                {d.reason ? ` · ${d.reason}` : ''}
                {over(d) ? (
                  <span className={p.muted}> · {t('approvals.delegation.ended')}</span>
                ) : (
                  <Button
                    size="sm"
                    variant="ghost"
                    onPress={() =>
                      end.mutate(d.id, {
                        onSuccess: () => toast.show({ title: t('approvals.delegation.endedToast'), variant: 'success' }),
                        onError: (error) => toast.show({ title: t(refusalKey(error), { defaultValue: t('error.generic') }), variant: 'error' }),
                      })
                    }
                  >
                    {t('approvals.delegation.end')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <h3 className={p.statLabel}>{t('approvals.delegation.received')}</h3>
          {list.data.received.length === 0 && <p className={p.muted}>{t('approvals.delegation.none')}</p>}
          <ul data-testid="delegations-received">
            {list.data.received.map((d) => (
              <li key={d.id}>
                {d.user.name} · {span(d)}
                {over(d) && <span className={p.muted}> · {t('approvals.delegation.ended')}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
