import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { type DebtStatus } from '@servicedesk/contracts';
import { useDebtEntries, useDebtPaymentHistory, useDebtReport } from '@servicedesk/api/debts/get-debt-reports';
import { useAddDebtComment } from '@servicedesk/api/debts/save-debts';
import { formatMoney } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { LazySelect as Select, usePreload } from '../shared/lazy-fields';
import { RecordPage, RecordSection, type RecordField } from '@servicedesk/ui/RecordPage';
import { usePagePermissions } from '../access/use-page-permissions';
import { RecordCommentForm } from '../shared/record/RecordCommentForm';
import { isRecordGone, RecordLoadState } from '../shared/record/RecordLoadState';
import { RecordStatus } from '../shared/record/RecordStatus';
import { RecordTimeline } from '../shared/record/RecordTimeline';
import { useRecordTimeline, type RecordTimelineOptions } from '../shared/record/use-record-timeline';
import { AgeingSection, DEBT_REFUSALS, EntriesTable, GroupSelect, StatusForm, YearSection } from './DebtReportSections';
import { useLiveRecords } from '../../realtime/live-records';
import { statusFamily } from './debts-display';
import { RecordViewers } from '../shared/record/RecordViewers';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';
import * as s from './debts.css';
import { DunningLetterButtons } from './DunningLetterButtons';
import { useMentionUsers } from '../shared/record/use-mention-users';

const status = (value: string) => <RecordStatus status={value as DebtStatus} families={statusFamily} labels="debts.status" />;

/** Status and group changes in the debts' words ("status", "group"), comments with them. */
const TIMELINE: RecordTimelineOptions = { actions: 'debts.detail.history', actionKey: (e) => `debts.detail.history.${e.action === 'group' ? 'group' : 'status'}`, status };

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
  const { can } = usePagePermissions('finance.debtReports');
  useLiveRecords();
  // Printing shows the report alone (debts.css.ts hides the shell for a body marked so).
  useEffect(() => {
    document.body.setAttribute('data-print-report', '');
    return () => document.body.removeAttribute('data-print-report');
  }, []);
  const timeline = useRecordTimeline(query.data, TIMELINE);
  const comment = useAddDebtComment(valid ? id : 0);
  const mentionUsers = useMentionUsers();
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
            {status(detail.status)}
          </span>
        }
        actions={
          <span className={s.noPrint}>
            <Button variant="secondary" onPress={() => window.print()}>
              {t('debts.detail.pdf')}
            </Button>{' '}
            <DunningLetterButtons id={detail.id} />
          </span>
        }
        fieldsTitle={t('debts.detail.fieldsTitle')}
        fields={fields}
        timelineTitle={t('debts.detail.history.title')}
        comments={
          can('finance.debtReports.comment') ? (
            <RecordCommentForm
              className={s.noPrint}
              users={mentionUsers}
              labels={{ label: t('debts.detail.comments.label'), suggestions: t('debts.detail.comments.suggestions'), send: t('debts.detail.comments.send'), sent: t('debts.detail.comments.sent') }}
              onSend={(input) => comment.mutateAsync(input)}
              isPending={comment.isPending}
              refusal={DEBT_REFUSALS}
            />
          ) : undefined
        }
        timeline={<RecordTimeline entries={timeline} label={t('debts.detail.history.title')} emptyText={t('debts.detail.history.empty')} />}
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
