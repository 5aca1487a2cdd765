import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AGEING_BUCKETS, DEBT_STATUSES, type DebtEntry, type DebtReportDetail, type DebtStatus } from '@servicedesk/contracts';
import { useDebtAgeing, useDebtEntries, useDebtGroups, useDebtPaymentHistory, useDebtReport, useDebtYearlyData } from '@servicedesk/api/debts/get-debt-reports';
import { useAddDebtComment, useAssignDebtGroup, useUpdateDebtStatus } from '@servicedesk/api/debts/save-debts';
import { useUsersNameAndId } from '@servicedesk/api/global/get-users-name-and-id';
import { formatDate, formatDateTime, formatMoney, toMajorUnits } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { DatePicker, LazySelect as Select, usePreload } from '../shared/lazy-fields';
import type { MentionUser } from '@servicedesk/ui/MentionTextArea';
import { RecordPage, RecordSection, type RecordField } from '@servicedesk/ui/RecordPage';
import { StatusBadge } from '@servicedesk/ui/StatusBadge';
import { TextField } from '@servicedesk/ui/TextField';
import { Timeline, type TimelineEntry } from '@servicedesk/ui/Timeline';
import { toast } from '@servicedesk/ui/Toast';
import * as tbl from '@servicedesk/ui/SimpleTable';
import { usePagePermissions } from '../access/use-page-permissions';
import { firstDayOfWeek, numericDate, numericDateTime } from '../shared/format';
import { RecordCommentForm } from '../shared/record/RecordCommentForm';
import { isRecordGone, RecordLoadState } from '../shared/record/RecordLoadState';
import { LazyBarChart } from '../shared/LazyBarChart';
import { LazyLineChart } from '../shared/LazyLineChart';
import { useLiveRecords } from '../../realtime/live-records';
import { bakuToday, refusalText, statusFamily } from './debts-display';
import { RecordViewers } from '../shared/record/RecordViewers';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';
import * as s from './debts.css';

function Status({ status }: { status: DebtStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} family={statusFamily[status]}>
      {t(`debts.status.${status}`)}
    </StatusBadge>
  );
}

/** Status changes, group changes and comments as one Timeline, newest first. */
function useTimeline(detail: DebtReportDetail | undefined): TimelineEntry[] {
  const { t } = useTranslation();
  return useMemo(() => {
    if (!detail) return [];
    const history: TimelineEntry[] = detail.history.map((e) => ({
      id: `h${e.id}`,
      user: { name: e.actor?.name ?? t('debts.detail.history.system'), img: null },
      date: e.createdAt,
      action: t(`debts.detail.history.${e.action === 'group' ? 'group' : 'status'}`),
      from: e.fromStatus ? <Status status={e.fromStatus as DebtStatus} /> : undefined,
      to: e.toStatus ? <Status status={e.toStatus as DebtStatus} /> : undefined,
      comment: e.comment ? <span className={s.timelineText}>{e.comment}</span> : undefined,
    }));
    const comments: TimelineEntry[] = detail.comments.map((c) => ({
      id: `c${c.id}`,
      user: { name: c.author.name, img: null },
      date: c.createdAt,
      action: t('debts.detail.history.commented'),
      comment: <span className={s.timelineText}>{c.text}</span>,
    }));
    return [...history, ...comments].sort((a, b) => String(b.date).localeCompare(String(a.date)));
  }, [detail, t]);
}

/** The comment box with @mentions: the mentioned colleagues are notified live. */
function CommentForm({ id, users }: { id: number; users: MentionUser[] }) {
  const { t } = useTranslation();
  const add = useAddDebtComment(id);
  return (
    <RecordCommentForm
      className={s.noPrint}
      users={users}
      labels={{
        label: t('debts.detail.comments.label'),
        suggestions: t('debts.detail.comments.suggestions'),
        send: t('debts.detail.comments.send'),
        sent: t('debts.detail.comments.sent'),
      }}
      onSend={(input) => add.mutateAsync(input)}
      isPending={add.isPending}
    />
  );
}

/** The status control: a new status, a comment (required to write off), Change status. */
function StatusForm({ detail }: { detail: DebtReportDetail }) {
  const { t } = useTranslation();
  const [next, setNext] = useState<DebtStatus>(detail.status === 'normal' ? 'watch' : 'normal');
  const [comment, setComment] = useState('');
  const update = useUpdateDebtStatus(detail.id);
  return (
    <div className={`${s.row} ${s.noPrint}`}>
      <div className={s.grow}>
        <Select
          label={t('debts.detail.newStatus')}
          items={DEBT_STATUSES.filter((st) => st !== detail.status).map((st) => ({ id: st, label: t(`debts.status.${st}`) }))}
          selectedKey={next === detail.status ? null : next}
          onSelectionChange={(key) => key && setNext(key as DebtStatus)}
        />
      </div>
      <div className={s.grow}>
        <TextField label={t('debts.detail.statusComment')} value={comment} onChange={setComment} />
      </div>
      <Button
        isPending={update.isPending}
        isDisabled={next === detail.status}
        onPress={() =>
          update.mutate(
            { status: next, comment: comment.trim() || undefined },
            {
              onSuccess: (saved) => {
                setComment('');
                setNext(saved.status === 'normal' ? 'watch' : 'normal');
                toast.show({ title: t('debts.detail.statusSaved'), variant: 'success' });
              },
              onError: (e) => toast.show({ title: refusalText(t, e, 'debts.detail.errors'), variant: 'error' }),
            },
          )
        }
      >
        {t('debts.detail.changeStatus')}
      </Button>
    </div>
  );
}

/** The counterparty's debt-report group (with `finance.debtReports.manage`). */
function GroupSelect({ detail }: { detail: DebtReportDetail }) {
  const { t } = useTranslation();
  const groups = useDebtGroups();
  const assign = useAssignDebtGroup(detail.id);
  const NONE = 'none';
  return (
    <div className={s.noPrint}>
      <Select
        label={t('debts.columns.group')}
        items={[{ id: NONE, label: t('debts.detail.noGroup') }, ...(groups.data ?? []).map((g) => ({ id: String(g.id), label: g.name }))]}
        selectedKey={detail.group ? String(detail.group.id) : NONE}
        onSelectionChange={(key) =>
          assign.mutate(key === NONE || key === null ? null : Number(key), { onError: () => toast.show({ title: t('error.generic'), variant: 'error' }) })
        }
      />
    </div>
  );
}

/** The ageing as of a chosen date (default today): the four buckets as figures and a bar chart. */
function AgeingSection({ id, currency }: { id: number; currency: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [asOf, setAsOf] = useState(bakuToday());
  const ageing = useDebtAgeing(id, asOf);
  const money = (minor: number) => formatMoney(minor, lang, currency);
  const data = ageing.data;
  return (
    <RecordSection title={t('debts.detail.ageing.title')}>
      <div className={f.form}>
        <div className={`${s.row} ${s.noPrint}`}>
          <DatePicker
            label={t('debts.detail.ageing.asOf')}
            value={asOf}
            onChange={(value) => value && setAsOf(value)}
            firstDayOfWeek={firstDayOfWeek(lang)}
            openCalendarLabel={t('debts.detail.ageing.asOf')}
          />
        </div>
        {data ? (
          <>
            <p data-testid="ageing-total">{t('debts.detail.ageing.total', { date: formatDate(`${data.asOf}T12:00:00Z`, lang, numericDate), amount: money(data.totalMinor) })}</p>
            {data.creditMinor > 0 ? <p>{t('debts.detail.ageing.credit', { amount: money(data.creditMinor) })}</p> : null}
            <dl className={s.figures} data-testid="ageing-buckets">
              {AGEING_BUCKETS.map((b) => (
                <div key={b} className={s.figure}>
                  <dt className={p.statLabel}>{t(`debts.buckets.${b}`)}</dt>
                  <dd className={s.figureValue} data-bucket={b}>
                    {money(data.buckets[b])}
                  </dd>
                </div>
              ))}
            </dl>
            <LazyBarChart
              title={t('debts.detail.ageing.chart')}
              height={220}
              emptyText={t('debts.detail.payments.empty')}
              data={AGEING_BUCKETS.map((b) => ({ bucket: t(`debts.buckets.${b}`), amount: toMajorUnits(data.buckets[b]) }))}
              categoryKey="bucket"
              categoryLabel={t('debts.detail.ageing.chart')}
              series={[{ key: 'amount', label: t('debts.detail.balance') }]}
              formatValue={(v) => formatMoney(Math.round(v * 100), lang, currency)}
            />
          </>
        ) : null}
      </div>
    </RecordSection>
  );
}

/** The year by month: a line chart of the balance and the table (opening, invoices, payments, closing). */
function YearSection({ id, currency }: { id: number; currency: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const thisYear = Number(bakuToday().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const data = useDebtYearlyData(id, year).data;
  const money = (minor: number) => formatMoney(minor, lang, currency);
  const monthName = (m: number) => formatDate(`${year}-${String(m).padStart(2, '0')}-15`, lang, { month: 'long' });
  const years = [thisYear, thisYear - 1, thisYear - 2].map((y) => ({ id: String(y), label: String(y) }));
  return (
    <RecordSection title={t('debts.detail.yearly.title')}>
      <div className={f.form}>
        <div className={`${s.row} ${s.noPrint}`}>
          <Select label={t('debts.detail.yearly.year')} items={years} selectedKey={String(year)} onSelectionChange={(key) => key && setYear(Number(key))} />
        </div>
        {data ? (
          <>
            <LazyLineChart
              title={t('debts.detail.yearly.chart')}
              height={220}
              emptyText={t('debts.detail.payments.empty')}
              data={data.months.map((m) => ({ month: monthName(m.month), closing: toMajorUnits(m.closingMinor) }))}
              categoryKey="month"
              categoryLabel={t('debts.detail.yearly.month')}
              series={[{ key: 'closing', label: t('debts.detail.yearly.closing') }]}
              formatValue={(v) => formatMoney(Math.round(v * 100), lang, currency)}
            />
            <div className={tbl.tableWrap}>
              <table className={tbl.table} aria-label={t('debts.detail.yearly.tableLabel', { year })}>
                <thead>
                  <tr>
                    <th className={tbl.th}>{t('debts.detail.yearly.month')}</th>
                    <th className={tbl.th}>{t('debts.columns.invoiced')}</th>
                    <th className={tbl.th}>{t('debts.columns.paid')}</th>
                    <th className={tbl.th}>{t('debts.detail.yearly.closing')}</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <td className={tbl.td}>{t('debts.detail.opening')}</td>
                    <td className={tbl.td} />
                    <td className={tbl.td} />
                    <td className={`${tbl.td} ${s.numeric}`}>{money(data.openingMinor)}</td>
                  </tr>
                  {data.months.map((m) => (
                    <tr key={m.month}>
                      <td className={tbl.td}>{monthName(m.month)}</td>
                      <td className={`${tbl.td} ${s.numeric}`}>{money(m.invoicedMinor)}</td>
                      <td className={`${tbl.td} ${s.numeric}`}>{money(m.paidMinor)}</td>
                      <td className={`${tbl.td} ${s.numeric}`}>{money(m.closingMinor)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
      </div>
    </RecordSection>
  );
}

/** Entries as a table: kind, document, dates, amount, payment type and where each came from (file, line). */
function EntriesTable({ entries, label }: { entries: DebtEntry[]; label: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const day = (iso: string | null) => (iso ? formatDate(`${iso}T12:00:00Z`, lang, numericDate) : '');
  return (
    <div className={tbl.tableWrap}>
      <table className={tbl.table} aria-label={label}>
        <thead>
          <tr>
            <th className={tbl.th}>{t('debts.detail.entries.date')}</th>
            <th className={tbl.th}>{t('debts.detail.entries.kind')}</th>
            <th className={tbl.th}>{t('debts.detail.entries.number')}</th>
            <th className={tbl.th}>{t('debts.detail.entries.due')}</th>
            <th className={tbl.th}>{t('debts.detail.entries.amount')}</th>
            <th className={tbl.th}>{t('debts.detail.entries.type')}</th>
            <th className={tbl.th}>{t('debts.detail.entries.source')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <td className={tbl.td}>{day(e.docDate)}</td>
              <td className={tbl.td}>{t(`debts.entryKind.${e.kind}`)}</td>
              <td className={tbl.td}>{e.docNumber}</td>
              <td className={tbl.td}>{day(e.dueDate)}</td>
              <td className={`${tbl.td} ${s.numeric}`}>{formatMoney(e.amountMinor, lang, e.currency)}</td>
              <td className={tbl.td}>{e.paymentType ?? ''}</td>
              <td className={tbl.td}>{e.source ? t('debts.detail.entries.sourceText', { file: e.source.fileName, line: e.source.line }) : t('debts.detail.entries.manual')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /home/finance/debt-reports/:id (issue #17): one counterparty's debt report — totals of the year
 * and the balance in its currency, the status with a change control (with
 * `finance.debtReports.updateStatus`), the ageing as of any date, the year by month (chart and
 * table), the payment history, every entry with its file and line, history and comments with
 * @mentions (with `finance.debtReports.comment`). "Print / PDF" prints the report alone (the
 * browser's "Save as PDF"). Live: RecordChanged("debtReport", id) refetches it.
 */
export function DebtReportDetailPage() {
  const { t, i18n } = useTranslation();
  usePreload(Select);
  const lang = i18n.language;
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useDebtReport(valid ? id : 0);
  const payments = useDebtPaymentHistory(valid ? id : 0);
  const entries = useDebtEntries(valid ? id : 0);
  const users = useUsersNameAndId();
  const { can } = usePagePermissions('finance.debtReports');
  useLiveRecords();
  // Printing shows the report alone (debts.css.ts hides the shell for a body marked so).
  useEffect(() => {
    document.body.setAttribute('data-print-report', '');
    return () => document.body.removeAttribute('data-print-report');
  }, []);
  const timeline = useTimeline(query.data);
  const mentionUsers = useMemo(() => (users.data ?? []).map((u) => ({ id: u.id, name: u.name })), [users.data]);
  const back = (
    <RouterLink className={f.link} to="/home/finance/debt-reports">
      {t('debts.detail.back')}
    </RouterLink>
  );
  const detail = query.data;
  if (!detail || isRecordGone(valid, query)) {
    return (
      <RecordLoadState
        valid={valid}
        query={query}
        heading={t('debts.detail.heading')}
        notFoundText={t('debts.detail.notFound')}
        forbiddenText={t('debts.detail.forbidden')}
        back={back}
      />
    );
  }
  const money = (minor: number) => formatMoney(minor, lang, detail.currency);
  const fields: RecordField[] = [
    { label: t('debts.columns.tin'), value: detail.tin ?? '—' },
    { label: t('debts.columns.kind'), value: t(`debts.kind.${detail.kind}`) },
    { label: t('debts.columns.group'), value: detail.group?.name ?? t('debts.detail.noGroup') },
    { label: t('debts.columns.currency'), value: detail.currency },
    { label: t('debts.detail.opening'), value: money(detail.openingMinor) },
    { label: t('debts.detail.invoicedYear'), value: money(detail.invoicedMinor) },
    { label: t('debts.detail.paidYear'), value: money(detail.paidMinor) },
  ];
  return (
    <div className={p.page}>
      <RecordPage
        back={<span className={s.noPrint}>{back}</span>}
        viewers={<RecordViewers kind="debtReport" id={detail.id} />}
        number={detail.tin ?? undefined}
        title={detail.name}
        status={
          <span data-testid="debt-status">
            <Status status={detail.status} />
          </span>
        }
        actions={
          <span className={s.noPrint}>
            <Button variant="secondary" onPress={() => window.print()}>
              {t('debts.detail.pdf')}
            </Button>
          </span>
        }
        fieldsTitle={t('debts.detail.fieldsTitle')}
        fields={fields}
        timelineTitle={t('debts.detail.history.title')}
        comments={can('finance.debtReports.comment') ? <CommentForm id={detail.id} users={mentionUsers} /> : undefined}
        timeline={
          <Timeline
            entries={timeline}
            label={t('debts.detail.history.title')}
            formatDate={(d) => formatDateTime(d, lang, numericDateTime)}
            changedToLabel={t('debts.detail.history.changedTo')}
            emptyText={t('debts.detail.history.empty')}
          />
        }
      >
        <RecordSection title={t('debts.detail.balance')}>
          <p className={p.statValue} data-testid="debt-balance">
            {money(detail.balanceMinor)}
          </p>
        </RecordSection>
        {can('finance.debtReports.updateStatus') ? (
          <RecordSection title={t('debts.detail.statusTitle')}>
            <StatusForm key={detail.status} detail={detail} />
          </RecordSection>
        ) : null}
        {can('finance.debtReports.manage') ? (
          <RecordSection title={t('debts.columns.group')}>
            <GroupSelect detail={detail} />
          </RecordSection>
        ) : null}
        <AgeingSection id={detail.id} currency={detail.currency} />
        <YearSection id={detail.id} currency={detail.currency} />
        <RecordSection title={t('debts.detail.payments.title')}>
          {payments.data && payments.data.length > 0 ? <EntriesTable entries={payments.data} label={t('debts.detail.payments.title')} /> : <p className={p.muted}>{t('debts.detail.payments.empty')}</p>}
        </RecordSection>
        <RecordSection title={t('debts.detail.entries.title')}>
          <EntriesTable entries={entries.data ?? []} label={t('debts.detail.entries.title')} />
        </RecordSection>
      </RecordPage>
    </div>
  );
}
