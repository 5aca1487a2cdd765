import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FileItem, HelpdeskAction, HelpdeskRequestDetail, HelpdeskStatus, HelpdeskTransitionInput } from '@servicedesk/contracts';
import { useRequest } from '@servicedesk/api/helpdesk/get-request';
import { useRequestAction } from '@servicedesk/api/helpdesk/request-action';
import { useAddRequestComment } from '@servicedesk/api/helpdesk/add-comment';
import { useSaveRequest } from '@servicedesk/api/helpdesk/save-request';
import { useHelpdeskReference } from '@servicedesk/api/helpdesk/get-helpdesk-reference';
import { useUsersNameAndId } from '@servicedesk/api/global/get-users-name-and-id';
import { formatDateTime } from '@servicedesk/i18n';
import { Badge } from '@servicedesk/ui/Badge';
import { Button } from '@servicedesk/ui/Button';
import type { MentionUser } from '@servicedesk/ui/MentionTextArea';
import { StatusBadge } from '@servicedesk/ui/StatusBadge';
import { RecordPage, RecordSection, type RecordField } from '@servicedesk/ui/RecordPage';
import { Timeline, type TimelineEntry } from '@servicedesk/ui/Timeline';
import { toast } from '@servicedesk/ui/Toast';
import { LazyApprovalChain } from '../../shared/record/lazy-approval-chain';
import { FileDownloadList } from '../../shared/files/FileDownloadList';
import { FileUploadField, lazyDialog, usePreload } from '../../shared/lazy-fields';
import { numericDateTime } from '../../shared/format';
import { RecordCommentForm } from '../../shared/record/RecordCommentForm';
import { isRecordGone, RecordLoadState } from '../../shared/record/RecordLoadState';
import { storage } from '../../../session/storage';
import { actionButtons, actionInputs, actionTones, historyAssigneeId, HELPDESK_RECORD_KIND, refusalKey, timelineItems } from './detail-model';
import { useHelpdeskRecordRefresh } from './use-record-live';
import { RecordViewers } from '../../shared/record/RecordViewers';
import * as p from '../../shared/page.css';
import * as f from '../../shared/forms.css';
import * as s from './detail.css';

/** The action dialogs (prompts, selects) load when the first one opens (issue #19). */
const ActionDialogs = lazyDialog(
  () => import('./ActionDialogs').then((m) => m.ActionDialogs),
  (props) => props.action !== null,
);

const statusFamily: Record<HelpdeskStatus, 'info' | 'warning' | 'success' | 'danger' | 'neutral'> = {
  NEW: 'info',
  APPROVED: 'info',
  IN_PROGRESS: 'warning',
  ON_HOLD: 'warning',
  RESOLVED: 'success',
  CLOSED: 'neutral',
  REJECTED: 'danger',
  CANCELLED: 'danger',
};

/** A status as a coloured badge with its translated word. */
function Status({ status }: { status: HelpdeskStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} family={statusFamily[status]}>
      {t(`helpdesk.status.${status}`)}
    </StatusBadge>
  );
}

/** History rows and comments as Timeline entries, newest first. */
function useTimeline(detail: HelpdeskRequestDetail | undefined, names: Map<number, string>): TimelineEntry[] {
  const { t } = useTranslation();
  return useMemo(() => {
    if (!detail) return [];
    return timelineItems(detail).map((item): TimelineEntry => {
      if (item.kind === 'comment') {
        const c = item.comment;
        return {
          id: item.key,
          user: { name: c.author.name, img: null },
          date: c.createdAt,
          action: t('helpdeskDetail.history.commented'),
          comment: <span className={s.timelineText}>{c.text}</span>,
        };
      }
      const e = item.entry;
      const assigneeId = historyAssigneeId(e);
      const notes: ReactNode[] = [];
      if (e.action === 'assign' && assigneeId !== null) notes.push(t('helpdeskDetail.history.assignedTo', { name: names.get(assigneeId) ?? `#${assigneeId}` }));
      const holdReason = e.details?.holdReason;
      if (e.action === 'hold' && typeof holdReason === 'string') notes.push(`${t('helpdeskDetail.dialogs.holdReason')}: ${t(`helpdesk.holdReason.${holdReason}`)}`);
      const solution = e.details?.solution;
      if (e.action === 'resolve' && typeof solution === 'string') notes.push(`${t('helpdeskDetail.fields.solution')}: ${solution}`);
      if (e.comment) notes.push(e.comment);
      // A substitute's decision: "approved by X on behalf of Y" (issue #11 delegation).
      if (e.onBehalfOf) notes.unshift(t('helpdeskDetail.history.onBehalfOf', { name: e.onBehalfOf.name }));
      return {
        id: item.key,
        user: { name: e.actor?.name ?? t('helpdeskDetail.history.system'), img: null },
        date: e.createdAt,
        action: t(`helpdeskDetail.history.${e.action}`),
        from: e.fromStatus && e.fromStatus !== e.toStatus ? <Status status={e.fromStatus} /> : undefined,
        to: e.fromStatus !== e.toStatus ? <Status status={e.toStatus} /> : undefined,
        comment:
          notes.length > 0 ? (
            <span className={s.timelineText}>
              {notes.map((n, i) => (
                <span key={i}>
                  {i > 0 ? <br /> : null}
                  {n}
                </span>
              ))}
            </span>
          ) : undefined,
      };
    });
  }, [detail, names, t]);
}

/** The comment box with @mentions (issue #6 "comment"). */
function CommentForm({ id, users }: { id: number; users: MentionUser[] }) {
  const { t } = useTranslation();
  const add = useAddRequestComment();
  return (
    <RecordCommentForm
      users={users}
      labels={{
        label: t('helpdeskDetail.comments.label'),
        suggestions: t('helpdeskDetail.comments.suggestions'),
        send: t('helpdeskDetail.comments.send'),
        sent: t('helpdeskDetail.comments.sent'),
      }}
      onSend={(input) => add.mutateAsync({ id, ...input })}
      isPending={add.isPending}
      refusal={{ rules: 'helpdeskDetail.refusals' }}
    />
  );
}

/**
 * More attachments while the request may still be edited (its requester, while NEW — the
 * server's rule for /requests/save with an id): upload through the FileUploader, then attach.
 */
function AddAttachments({ detail }: { detail: HelpdeskRequestDetail }) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<FileItem[]>([]);
  const [version, setVersion] = useState(0);
  const save = useSaveRequest();
  const r = detail.request;
  const attach = () =>
    save.mutate(
      {
        id: r.id,
        title: r.title,
        description: r.description,
        componentId: r.componentId,
        priority: r.priority,
        locationId: r.locationId,
        fileIds: files.map((file) => file.id),
      },
      {
        onSuccess: () => {
          setFiles([]);
          setVersion((v) => v + 1);
          toast.show({ title: t('helpdeskDetail.attachments.attached'), variant: 'success' });
        },
        onError: (error) => toast.show({ title: t(refusalKey(error), { defaultValue: t('error.generic') }), variant: 'error' }),
      },
    );
  return (
    <div className={s.commentForm}>
      <FileUploadField key={version} type="helpdeskRequest" label={t('helpdeskDetail.attachments.add')} onChange={setFiles} emptyText={null} />
      <div className={s.formEnd}>
        <Button onPress={attach} isPending={save.isPending} isDisabled={files.length === 0}>
          {t('helpdeskDetail.attachments.attach')}
        </Button>
      </div>
    </div>
  );
}

/** The buttons of the actions the server allows now (and the solution once resolved). */
function ActionsSection({
  buttons,
  running,
  onPress,
  solution,
}: {
  buttons: HelpdeskAction[];
  running: HelpdeskAction | null;
  onPress: (which: HelpdeskAction) => void;
  solution: string | null | undefined;
}) {
  const { t } = useTranslation();
  return (
    <RecordSection title={t('helpdeskDetail.actionsTitle')}>
      {buttons.length > 0 ? (
        <div className={s.actions} role="group" aria-label={t('helpdeskDetail.actionsTitle')}>
          {buttons.map((which) => (
            <Button
              key={which}
              variant={actionTones[which]}
              isPending={running === which && actionInputs[which] === 'none'}
              isDisabled={running !== null}
              onPress={() => onPress(which)}
            >
              {t(`helpdeskDetail.actions.${which}`)}
            </Button>
          ))}
        </div>
      ) : (
        <p className={s.muted}>{t('helpdeskDetail.noActions')}</p>
      )}
      {solution ? (
        <p className={s.solution}>
          <strong>{t('helpdeskDetail.fields.solution')}:</strong> {solution}
        </p>
      ) : null}
    </RecordSection>
  );
}

/**
 * /home/helpdesk/requests/:id (issue #6 detail page): the request's fields, its status with the
 * actions the server allows this user now (GET …/requests/{id} `allowedActions`) as buttons —
 * reject and reopen ask a comment, hold a reason and a comment, resolve the solution, assign a
 * group member, cancel a confirmation; the server's refusals as toasts in the user's language —
 * the timeline of history and comments, a comment box with @mentions, the attachments (download;
 * more while the requester may still edit it) and who is viewing it now (presence over the hub).
 * A request whose component needs approval shows its approval chain (ApprovalTimeline from the
 * approval engine, issue #11); deciding stays with the approve / reject buttons above it.
 * Live: RecordChanged for this request (and a hub reconnection) refetches it.
 */
export function RequestDetailPage() {
  const { t, i18n } = useTranslation();
  usePreload(LazyApprovalChain);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useRequest(valid ? id : null);
  const reference = useHelpdeskReference();
  const users = useUsersNameAndId();
  const action = useRequestAction();
  const [dialog, setDialog] = useState<HelpdeskAction | null>(null);
  const [running, setRunning] = useState<HelpdeskAction | null>(null);
  // Join only a request the server showed us (a refused one would only fail the join).
  useHelpdeskRecordRefresh(valid ? id : null);
  const lang = i18n.language;
  const me = storage.getUser()?.id ?? null;

  const names = useMemo(() => new Map((users.data ?? []).map((u) => [u.id, u.name])), [users.data]);
  const mentionUsers = useMemo(() => (users.data ?? []).map((u) => ({ id: u.id, name: u.name })), [users.data]);
  const detail = query.data;
  const timeline = useTimeline(detail, names);
  const date = (iso: string) => formatDateTime(iso, lang, numericDateTime);

  const back = (
    <RouterLink className={f.link} to="/home/helpdesk/requests">
      {t('helpdeskDetail.back')}
    </RouterLink>
  );

  const refused = (error: unknown) => toast.show({ title: t(refusalKey(error), { defaultValue: t('error.generic') }), variant: 'error' });

  const run = async (which: HelpdeskAction, input: HelpdeskTransitionInput) => {
    setRunning(which);
    try {
      await action.mutateAsync({ id, action: which, ...input });
      toast.show({ title: t(`helpdeskDetail.done.${which}`), variant: 'success' });
    } catch (error) {
      refused(error);
      throw error;
    } finally {
      setRunning(null);
    }
  };

  const press = (which: HelpdeskAction) => {
    if (actionInputs[which] === 'none') run(which, {}).catch(() => undefined);
    else setDialog(which);
  };

  if (!detail || isRecordGone(valid, query)) {
    return (
      <RecordLoadState
        valid={valid}
        query={query}
        heading={t('helpdeskDetail.heading')}
        notFoundText={t('helpdeskDetail.notFound')}
        forbiddenText={t('helpdeskDetail.forbidden')}
        back={back}
      />
    );
  }

  const r = detail.request;
  const buttons = actionButtons(detail.allowedActions);
  const members = reference.data?.groups.find((g) => g.id === r.groupId)?.members ?? [];
  const canAttach = me === r.requester.id && r.status === 'NEW';
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

  return (
    <div className={p.page}>
      <RecordPage
        back={back}
        number={r.number}
        title={r.title}
        status={
          <div className={s.badges} data-testid="request-status">
            <Status status={r.status} />
            <Badge variant={r.priority === 'critical' ? 'danger' : r.priority === 'high' ? 'warning' : 'neutral'}>{t(`helpdesk.priority.${r.priority}`)}</Badge>
            {r.overdue ? <span className={s.overdue}>{t('helpdeskDetail.fields.overdue')}</span> : null}
          </div>
        }
        viewers={<RecordViewers kind={HELPDESK_RECORD_KIND} id={r.id} />}
        fieldsTitle={t('helpdeskDetail.fieldsTitle')}
        fields={fields}
        timelineTitle={t('helpdeskDetail.history.title')}
        comments={<CommentForm id={r.id} users={mentionUsers} />}
        timeline={
          <Timeline
            entries={timeline}
            label={t('helpdeskDetail.history.title')}
            formatDate={(d) => formatDateTime(d, lang, numericDateTime)}
            changedToLabel={t('helpdeskDetail.history.changedTo')}
            emptyText={t('helpdeskDetail.history.empty')}
          />
        }
        filesTitle={t('helpdeskDetail.attachments.title')}
        files={
          <>
            <FileDownloadList files={detail.attachments} label={t('helpdeskDetail.attachments.title')} emptyText={t('helpdeskDetail.attachments.empty')} />
            {canAttach ? <AddAttachments detail={detail} /> : null}
          </>
        }
      >
        <ActionsSection buttons={buttons} running={running} onPress={press} solution={r.solution} />
        {r.requiresApproval ? (
          <RecordSection title={t('approvals.chain.label')}>
            <LazyApprovalChain recordKind={HELPDESK_RECORD_KIND} recordId={r.id} version={r.updatedAt} />
          </RecordSection>
        ) : null}
        <RecordSection title={t('helpdeskDetail.fields.description')}>
          <p className={s.description}>{r.description}</p>
        </RecordSection>
      </RecordPage>

      <ActionDialogs action={dialog} onClose={() => setDialog(null)} members={members} onSubmit={run} />
    </div>
  );
}
