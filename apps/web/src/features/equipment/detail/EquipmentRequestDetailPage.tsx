import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  type EquipmentStatus,
} from '@servicedesk/contracts';
import {
  useEquipmentRequest,
} from '@servicedesk/api/equipment/get-equipment-request';
import {
  useAddEquipmentComment,
  useEquipmentAction,
} from '@servicedesk/api/equipment/equipment-mutations';
import { useUsersNameAndId } from '@servicedesk/api/global/get-users-name-and-id';
import { formatDateTime, formatMoney } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { RecordPage, RecordSection, type RecordField } from '@servicedesk/ui/RecordPage';
import { StatusBadge } from '@servicedesk/ui/StatusBadge';
// The processing controls only the warehouse keeper sees load when shown (issue #19).
import { lazyPart, usePreload } from '../../shared/lazy-fields';
import { LazyApprovalChain } from '../../shared/record/lazy-approval-chain';
import { numericDateTime } from '../../shared/format';
import { RecordCommentForm } from '../../shared/record/RecordCommentForm';
import { isRecordGone, RecordLoadState } from '../../shared/record/RecordLoadState';
import { RecordAttachments } from '../../shared/record/RecordAttachments';
import { RecordStatus } from '../../shared/record/RecordStatus';
import { RecordTimeline } from '../../shared/record/RecordTimeline';
import { useRecordAction } from '../../shared/record/use-record-action';
import { useRecordTimeline, type RecordTimelineOptions } from '../../shared/record/use-record-timeline';
import { equipmentKeys } from '@servicedesk/api/equipment/equipment-keys';
import { LinesSection } from './LinesSection';
import { useLiveRecords } from '../../../realtime/live-records';
import { EQUIPMENT_RECORD_KIND, statusFamily } from '../shared/equipment-display';
import { RecordViewers } from '../../shared/record/RecordViewers';
import * as p from '../../shared/page.css';
import * as f from '../../shared/forms.css';
import * as s from '../shared/equipment.css';

/** The pending step's decision (DecisionBar, budget override), loaded with the record. */
const DecisionSection = lazyPart(() => import('./DecisionSection').then((m) => m.DecisionSection));

const status = (value: string) => <RecordStatus status={value as EquipmentStatus} families={statusFamily} labels="equipment.status" />;

/** The equipment history's words: budget checks and overrides (amounts in the request's currency), line decisions; a substitute named with the one they stood in for. */
const timelineOptions = (currency: string, lang: string): RecordTimelineOptions => ({
  actions: 'equipment.history',
  status,
  onBehalf: (who, onBehalfOf, t) => t('equipment.history.onBehalf', { name: who, onBehalfOf }),
  notes: (h, t) => {
    const d = (h.details ?? {}) as { budget?: { override?: boolean; remaining?: number; requested?: number }; overBudget?: boolean; remaining?: number; requested?: number; currency?: string; lines?: { position: number; decision: string }[] };
    const money = (n: unknown) => formatMoney(Number(n), lang, currency);
    const notes: string[] = [];
    if (h.action === 'budgetCheck') notes.push(t(d.overBudget ? 'equipment.history.overBudget' : 'equipment.history.withinBudget', { remaining: money(d.remaining), requested: money(d.requested) }));
    if (d.budget?.override) notes.push(t('equipment.history.override', { remaining: money(d.budget.remaining), requested: money(d.budget.requested) }));
    for (const line of d.lines ?? []) notes.push(t(`equipment.history.line.${line.decision}`, { n: line.position }));
    if (h.action === 'receivePurchase') notes.push(t('equipment.history.line.received', { n: (d as { position?: number }).position ?? '', number: (d as { operationNumber?: string }).operationNumber ?? '' }));
    return notes;
  },
});

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
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useEquipmentRequest(valid ? id : null);
  const users = useUsersNameAndId();
  const action = useEquipmentAction();
  const comment = useAddEquipmentComment();
  const act = useRecordAction<'submit' | 'cancel'>({ recordKind: EQUIPMENT_RECORD_KIND, recordId: id, recordKey: equipmentKeys.detail(id) });
  useLiveRecords();
  const detail = query.data;
  const currency = detail?.request.currency ?? 'AZN';
  const timeline = useRecordTimeline(detail, useMemo(() => timelineOptions(currency, i18n.language), [currency, i18n.language]));
  const mentionUsers = useMemo(
    () => (users.data ?? []).map((u) => ({ id: u.id, name: u.name })),
    [users.data],
  );
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
  const run = (which: 'submit' | 'cancel') =>
    act.run(which, () => action.mutateAsync(which === 'submit' ? { id: r.id, action: 'submit' } : { id: r.id, action: 'cancel' }), t(`equipment.done.${which}`)).catch(() => undefined);
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
  const authorActions = detail.allowedActions.filter(
    (a) => a === 'edit' || a === 'submit' || a === 'cancel',
  );
  const check = detail.budgetCheck;

  return (
    <div className={p.page}>
      <RecordPage
        back={back}
        viewers={<RecordViewers kind="equipmentRequest" id={r.id} />}
        number={r.number}
        title={r.lines[0]?.description ?? t('equipment.detail.heading')}
        status={
          <div data-testid="request-status">
            {status(r.status)}
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
        {check ? (
          <RecordSection title={t('equipment.budget.title')}>
            <p
              className={check.overBudget ? s.budgetWarning : s.budgetOk}
              data-testid="budget-check"
            >
              {t(check.overBudget ? 'equipment.budget.over' : 'equipment.budget.within', {
                remaining: money(check.remaining),
                requested: money(check.requested),
              })}
            </p>
          </RecordSection>
        ) : null}
        {authorActions.length > 0 ? (
          <RecordSection title={t('equipment.detail.actionsTitle')}>
            <div className={s.actions}>
              {authorActions.includes('edit') ? (
                <Button
                  variant="secondary"
                  onPress={() => void navigate(`/home/inventory/requests/${r.id}/edit`)}
                >
                  {t('equipment.detail.edit')}
                </Button>
              ) : null}
              {authorActions.includes('submit') ? (
                <Button onPress={() => void run('submit')}>{t('equipment.detail.submit')}</Button>
              ) : null}
              {authorActions.includes('cancel') ? (
                <Button variant="danger" onPress={() => void run('cancel')}>
                  {t('equipment.detail.cancel')}
                </Button>
              ) : null}
            </div>
          </RecordSection>
        ) : null}
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
