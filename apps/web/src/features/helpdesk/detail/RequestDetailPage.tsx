import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { HelpdeskHistoryEntry, HelpdeskRequestDetail, HelpdeskStatus } from '@servicedesk/contracts';
import type { TFunction } from 'i18next';
import { useRequest } from '@servicedesk/api/helpdesk/get-request';
import { useAddRequestComment } from '@servicedesk/api/helpdesk/add-comment';
import { useSaveRequest } from '@servicedesk/api/helpdesk/save-request';
import { useUsersNameAndId } from '@servicedesk/api/global/get-users-name-and-id';
import { formatDateTime } from '@servicedesk/i18n';
import { Badge } from '@servicedesk/ui/Badge';
import { RecordPage, RecordSection, type RecordField } from '@servicedesk/ui/RecordPage';
import { LazyApprovalChain } from '../../shared/record/lazy-approval-chain';
import { usePreload } from '../../shared/lazy-fields';
import { numericDateTime } from '../../shared/format';
import { RecordAttachments } from '../../shared/record/RecordAttachments';
import { RecordCommentForm } from '../../shared/record/RecordCommentForm';
import { isRecordGone, RecordLoadState } from '../../shared/record/RecordLoadState';
import { RecordStatus, type StatusFamily } from '../../shared/record/RecordStatus';
import { RecordTimeline } from '../../shared/record/RecordTimeline';
import { RecordViewers } from '../../shared/record/RecordViewers';
import { useRecordTimeline, type RecordTimelineOptions } from '../../shared/record/use-record-timeline';
import { storage } from '../../../session/storage';
import { historyAssigneeId, HELPDESK_RECORD_KIND } from './detail-model';
import { RequestActions, HELPDESK_REFUSALS } from './RequestActions';
import { useHelpdeskRecordRefresh } from './use-record-live';
import * as p from '../../shared/page.css';
import * as f from '../../shared/forms.css';
import * as s from './detail.css';
import { useMentionUsers } from '../../shared/record/use-mention-users';

const statusFamily: Record<HelpdeskStatus, StatusFamily> = {
  NEW: 'info',
  APPROVED: 'info',
  IN_PROGRESS: 'warning',
  ON_HOLD: 'warning',
  RESOLVED: 'success',
  CLOSED: 'neutral',
  REJECTED: 'danger',
  CANCELLED: 'danger',
};
const status = (value: string) => <RecordStatus status={value as HelpdeskStatus} families={statusFamily} labels="helpdesk.status" />;

/** The request's fields on its page. */
function requestFields(detail: HelpdeskRequestDetail, t: TFunction, date: (iso: string) => string): RecordField[] {
  const r = detail.request;
  const notSet = <span className={p.muted}>{t('helpdeskDetail.fields.notSet')}</span>;
  const field = (label: string, value: ReactNode): RecordField => ({ label, value });
  const fields: RecordField[] = [
    field(t('helpdeskDetail.fields.category'), `${r.categoryName} → ${r.componentName}`),
    field(t('helpdeskDetail.fields.priority'), t(`helpdesk.priority.${r.priority}`)),
    field(t('helpdeskDetail.fields.requester'), r.requester.name),
    field(t('helpdeskDetail.fields.group'), r.groupName),
    field(t('helpdeskDetail.fields.assignee'), r.assignee?.name ?? notSet),
    field(t('helpdeskDetail.fields.location'), r.locationName ?? notSet),
    field(t('helpdeskDetail.fields.createdAt'), date(r.createdAt)),
    field(t('helpdeskDetail.fields.dueAt'), date(r.dueAt)),
  ];
  if (r.status === 'ON_HOLD' && r.holdReason) fields.push(field(t('helpdeskDetail.dialogs.holdReason'), t(`helpdesk.holdReason.${r.holdReason}`)));
  if (r.requiresApproval) fields.push(field(t('helpdeskDetail.fields.approval'), t('helpdeskDetail.fields.approvalNeeded')));
  return fields;
}

/**
 * /home/helpdesk/requests/:id: the request's fields, its status with the actions the server
 * allows this user now (RequestActions), the timeline of history and comments, a comment box with
 * @mentions, the attachments (download; more while the requester may still edit it) and who is
 * viewing it now. A request whose component needs approval shows its approval chain, fetched
 * again whenever the request is. Live: RecordChanged for this request (and a hub reconnection)
 * refetches it.
 */
export function RequestDetailPage() {
  const { t, i18n } = useTranslation();
  usePreload(LazyApprovalChain);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useRequest(valid ? id : null);
  const users = useUsersNameAndId();
  const comment = useAddRequestComment();
  const save = useSaveRequest();
  // Join only a request the server showed us (a refused one would only fail the join).
  useHelpdeskRecordRefresh(valid ? id : null);
  const me = storage.getUser()?.id ?? null;
  const names = useMemo(() => new Map((users.data ?? []).map((u) => [u.id, u.name])), [users.data]);
  const mentionUsers = useMentionUsers();
  const timelineOptions = useMemo<RecordTimelineOptions<HelpdeskHistoryEntry>>(
    () => ({
      actions: 'helpdeskDetail.history',
      status,
      notes: (e, tt) => {
        const notes: string[] = [];
        const assigneeId = historyAssigneeId(e);
        if (e.action === 'assign' && assigneeId !== null) notes.push(tt('helpdeskDetail.history.assignedTo', { name: names.get(assigneeId) ?? `#${assigneeId}` }));
        const holdReason = e.details?.holdReason;
        if (e.action === 'hold' && typeof holdReason === 'string') notes.push(`${tt('helpdeskDetail.dialogs.holdReason')}: ${tt(`helpdesk.holdReason.${holdReason}`)}`);
        const solution = e.details?.solution;
        if (e.action === 'resolve' && typeof solution === 'string') notes.push(`${tt('helpdeskDetail.fields.solution')}: ${solution}`);
        // Opened from a mail to the help-desk mailbox (issue #38): say so, with the sender's address.
        if (e.action === 'create' && e.details?.via === 'mail' && typeof e.details.from === 'string') notes.push(tt('helpdeskDetail.history.viaMail', { from: e.details.from }));
        return notes;
      },
    }),
    [names],
  );
  const detail = query.data;
  const timeline = useRecordTimeline(detail, timelineOptions);
  const back = (
    <RouterLink className={f.link} to="/home/helpdesk/requests">
      {t('helpdeskDetail.back')}
    </RouterLink>
  );

  if (!detail || isRecordGone(valid, query)) {
    return (
      <RecordLoadState valid={valid} query={query} heading={t('helpdeskDetail.heading')} notFoundText={t('helpdeskDetail.notFound')} forbiddenText={t('helpdeskDetail.forbidden')} back={back} />
    );
  }

  const r = detail.request;
  const canAttach = me === r.requester.id && r.status === 'NEW';
  const attach = (fileIds: number[]) =>
    save.mutateAsync({ id: r.id, title: r.title, description: r.description, componentId: r.componentId, priority: r.priority, locationId: r.locationId, fileIds });
  return (
    <div className={p.page}>
      <RecordPage
        back={back}
        number={r.number}
        title={r.title}
        status={
          <div className={s.badges} data-testid="request-status">
            {status(r.status)}
            <Badge variant={r.priority === 'critical' ? 'danger' : r.priority === 'high' ? 'warning' : 'neutral'}>{t(`helpdesk.priority.${r.priority}`)}</Badge>
            {r.overdue ? <span className={s.overdue}>{t('helpdeskDetail.fields.overdue')}</span> : null}
          </div>
        }
        viewers={<RecordViewers kind={HELPDESK_RECORD_KIND} id={r.id} />}
        fieldsTitle={t('helpdeskDetail.fieldsTitle')}
        fields={requestFields(detail, t, (iso) => formatDateTime(iso, i18n.language, numericDateTime))}
        timelineTitle={t('helpdeskDetail.history.title')}
        comments={
          <RecordCommentForm
            users={mentionUsers}
            labels={{ label: t('helpdeskDetail.comments.label'), suggestions: t('helpdeskDetail.comments.suggestions'), send: t('helpdeskDetail.comments.send'), sent: t('helpdeskDetail.comments.sent') }}
            onSend={(input) => comment.mutateAsync({ id: r.id, ...input })}
            isPending={comment.isPending}
            refusal={HELPDESK_REFUSALS}
          />
        }
        timeline={<RecordTimeline entries={timeline} label={t('helpdeskDetail.history.title')} emptyText={t('helpdeskDetail.history.empty')} />}
        filesTitle={t('helpdeskDetail.attachments.title')}
        files={
          <RecordAttachments
            files={detail.attachments}
            label={t('helpdeskDetail.attachments.title')}
            emptyText={t('helpdeskDetail.attachments.empty')}
            add={canAttach ? { type: 'helpdeskRequest', attach, isPending: save.isPending, refusal: HELPDESK_REFUSALS } : undefined}
          />
        }
      >
        <RequestActions detail={detail} />
        {r.requiresApproval ? (
          <RecordSection title={t('approvals.chain.label')}>
            <LazyApprovalChain recordKind={HELPDESK_RECORD_KIND} recordId={r.id} />
          </RecordSection>
        ) : null}
        <RecordSection title={t('helpdeskDetail.fields.description')}>
          <p className={s.description}>{r.description}</p>
        </RecordSection>
      </RecordPage>
    </div>
  );
}
