import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  useEquipmentRequest,
} from '@servicedesk/api/equipment/get-equipment-request';
import { useAddEquipmentComment } from '@servicedesk/api/equipment/equipment-mutations';
import { formatDateTime, formatMoney } from '@servicedesk/i18n';
import { RecordPage, RecordSection, type RecordField } from '@servicedesk/ui/RecordPage';
import { StatusBadge } from '@servicedesk/ui/StatusBadge';
// The processing controls only the warehouse keeper sees load when shown (issue #19).
import { lazyPart, usePreload } from '../../shared/lazy-fields';
import { LazyApprovalChain } from '../../shared/record/lazy-approval-chain';
import { numericDateTime } from '../../shared/format';
import { RecordCommentForm } from '../../shared/record/RecordCommentForm';
import { isRecordGone, RecordLoadState } from '../../shared/record/RecordLoadState';
import { RecordAttachments } from '../../shared/record/RecordAttachments';
import { RecordTimeline } from '../../shared/record/RecordTimeline';
import { useRecordTimeline } from '../../shared/record/use-record-timeline';
import { LinesSection } from './LinesSection';
import { AuthorActionsSection, BudgetCheckSection } from './RequestSections';
import { equipmentStatus, equipmentTimelineOptions } from './equipment-timeline';
import { useLiveRecords } from '../../../realtime/live-records';
import { EQUIPMENT_RECORD_KIND } from '../shared/equipment-display';
import { RecordViewers } from '../../shared/record/RecordViewers';
import * as p from '../../shared/page.css';
import * as f from '../../shared/forms.css';
import * as s from '../shared/equipment.css';
import { useMentionUsers } from '../../shared/record/use-mention-users';

/** The pending step's decision (DecisionBar, budget override), loaded with the record. */
const DecisionSection = lazyPart(() => import('./DecisionSection').then((m) => m.DecisionSection));

/**
 * /home/inventory/requests/:id (issue #12 detail): the request's fields and lines, its budget
 * check, the author's actions (edit, submit, cancel), the pending step's decision for its
 * approver or substitute (with the director's budget override), per-line processing for the
 * warehouse keeper, the approval chain (engine), the history and comments, attachments. Live:
 * RecordChanged of this request refetches it (and the chain, through `version`).
 */
export function EquipmentRequestDetailPage() {
  const { t, i18n } = useTranslation();
  usePreload(LazyApprovalChain, DecisionSection);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useEquipmentRequest(valid ? id : null);
  const comment = useAddEquipmentComment();
  useLiveRecords();
  const detail = query.data;
  const currency = detail?.request.currency ?? 'AZN';
  const timeline = useRecordTimeline(detail, useMemo(() => equipmentTimelineOptions(currency, i18n.language), [currency, i18n.language]));
  const mentionUsers = useMentionUsers();
  const lang = i18n.language;
  const date = (iso: string | null) => (iso ? formatDateTime(iso, lang, numericDateTime) : '—');

  const back = (
    <RouterLink className={f.link} to="/home/inventory/requests">
      {t('equipment.detail.back')}
    </RouterLink>
  );

  if (!detail || isRecordGone(valid, query)) {
    return (
      <RecordLoadState
        valid={valid}
        query={query}
        heading={t('equipment.detail.heading')}
        notFoundText={t('equipment.detail.notFound')}
        forbiddenText={t('equipment.detail.forbidden')}
        back={back}
      />
    );
  }

  const r = detail.request;
  const money = (n: number) => formatMoney(n, lang, r.currency);
  const field = (label: string, value: ReactNode): RecordField => ({ label, value });
  const budget = r.budget;
  const fields: RecordField[] = [
    field(t('equipment.form.requester'), r.requester.name),
    ...(r.createdBy.id !== r.requester.id
      ? [field(t('equipment.detail.enteredBy'), r.createdBy.name)]
      : []),
    field(t('equipment.columns.group'), r.groupName ?? '—'),
    field(
      t('equipment.form.budget'),
      budget
        ? `${budget.groupName} · ${budget.year} · ${t(`equipment.budgetCategory.${budget.category}`)}`
        : t('equipment.detail.noBudget'),
    ),
    field(t('equipment.columns.total'), money(r.total)),
    field(t('equipment.columns.createdAt'), date(r.createdAt)),
    field(t('equipment.detail.submittedAt'), date(r.submittedAt)),
    ...(r.processedAt ? [field(t('equipment.detail.processedAt'), date(r.processedAt))] : []),
  ];

  return (
    <div className={p.page}>
      <RecordPage
        back={back}
        viewers={<RecordViewers kind="equipmentRequest" id={r.id} />}
        number={r.number}
        title={r.lines[0]?.description ?? t('equipment.detail.heading')}
        status={
          <div data-testid="request-status">
            {equipmentStatus(r.status)}
            {r.awaitingPurchase ? (
              <>
                {' '}
                <StatusBadge status="awaitingPurchase" family="warning">
                  {t('equipment.awaitingPurchase')}
                </StatusBadge>
              </>
            ) : null}
          </div>
        }
        fieldsTitle={t('equipment.detail.fieldsTitle')}
        fields={fields}
        timelineTitle={t('equipment.detail.historyTitle')}
        comments={
          <RecordCommentForm
            users={mentionUsers}
            labels={{ label: t('equipment.detail.comment'), suggestions: t('equipment.detail.mentionSuggestions'), send: t('equipment.detail.send') }}
            onSend={(input) => comment.mutateAsync({ id: r.id, ...input })}
            isPending={comment.isPending}
          />
        }
        timeline={<RecordTimeline entries={timeline} label={t('equipment.detail.historyTitle')} emptyText={t('equipment.history.empty')} />}
        filesTitle={t('equipment.detail.attachments')}
        files={<RecordAttachments files={detail.attachments} label={t('equipment.detail.attachments')} emptyText={t('equipment.detail.noAttachments')} />}
      >
        <BudgetCheckSection detail={detail} />
        <AuthorActionsSection detail={detail} />
        <DecisionSection detail={detail} />
        <LinesSection detail={detail} />
        <RecordSection title={t('approvals.chain.label')}>
          <LazyApprovalChain recordKind={EQUIPMENT_RECORD_KIND} recordId={r.id} />
        </RecordSection>
        <RecordSection title={t('equipment.form.justification')}>
          <p className={s.justification}>{r.justification}</p>
        </RecordSection>
      </RecordPage>
    </div>
  );
}
