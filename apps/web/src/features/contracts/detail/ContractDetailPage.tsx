import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  COMMENT_MIN_LENGTH,
  type ContractAction,
  type ContractDetail,
} from '@servicedesk/contracts';
import { useContract } from '@servicedesk/api/contracts/get-contract';
import { useContractAction, type ContractCall } from '@servicedesk/api/contracts/contract-action';
import { useDownloadContractPdf } from '@servicedesk/api/contracts/download-contract-pdf';
import { useModalElements } from '@servicedesk/api/modalElements/get-modal-elements';
import { formatDate, formatDateTime, formatMoney } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { Prompt } from '@servicedesk/ui/Prompt';
import { RecordPage, RecordSection, type RecordField } from '@servicedesk/ui/RecordPage';
import { StatusBadge } from '@servicedesk/ui/StatusBadge';
import { Timeline, type TimelineEntry } from '@servicedesk/ui/Timeline';
import { toast } from '@servicedesk/ui/Toast';
import { LazyApprovalChain } from '../../shared/record/lazy-approval-chain';
import { usePreload } from '../../shared/lazy-fields';
import { FileDownloadList } from '../../files/FileDownloadList';
import { saveBlob } from '../../files/use-file-download';
import { numericDateTime } from '../../shared/format';
import { useLiveRecords } from '../../../realtime/live-records';
import {
  CONTRACT_RECORD_KIND,
  contractErrorText,
  contractStatusFamily,
} from '../shared/contracts-display';
import { isRecordGone, RecordLoadState } from '../../shared/record/RecordLoadState';
import { RecordViewers } from '../../shared/record/RecordViewers';
import * as p from '../../shared/page.css';
import * as s from '../shared/contracts.css';

/** The order of the action buttons; `edit` opens the form. */
const ORDER: ContractAction[] = [
  'visa',
  'lawyerCallback',
  'lawyerReject',
  'clerkProcess',
  'edit',
  'submit',
  'renew',
  'deactivate',
  'cancel',
];
/** Calls that ask a text first: lawyerReject a comment, deactivate the reason (both ≥ 10 characters). */
const ASKS: Partial<Record<ContractCall, 'comment' | 'reason'>> = {
  lawyerReject: 'comment',
  deactivate: 'reason',
};

/** A status of the contract or the engine (history rows name both) in words. */
function useStatusText() {
  const { t } = useTranslation();
  return (status: string | null) =>
    status ? t(`contracts.status.${status}`, { defaultValue: status }) : undefined;
}

/** History rows as Timeline entries, newest first. */
function useTimeline(detail: ContractDetail | undefined): TimelineEntry[] {
  const { t } = useTranslation();
  const statusText = useStatusText();
  return useMemo(
    () =>
      [...(detail?.history ?? [])].reverse().map((h) => ({
        id: h.id,
        user: {
          name: h.actor?.name ?? t('contracts.history.system'),
          img: h.actor?.imgPath ?? null,
        },
        date: h.createdAt,
        action: t(`contracts.history.${h.action}`, {
          defaultValue: h.action,
          number: String(h.details?.number ?? ''),
        }),
        from:
          h.fromStatus && h.toStatus && h.fromStatus !== h.toStatus
            ? statusText(h.fromStatus)
            : undefined,
        to: h.toStatus && h.fromStatus !== h.toStatus ? statusText(h.toStatus) : undefined,
        comment: h.comment ?? undefined,
      })),
    [detail, t, statusText],
  );
}

/**
 * /home/contracts/:id (issue #14 detail): the contract's fields (counterparty and TIN, amount in its
 * currency, dates with the notice and reminder dates, renewal, people), its status and the
 * actions the server allows this user now (`allowedActions`: visa, lawyer approve / return with
 * a comment, clerk register, edit, submit, renew, deactivate with a reason, cancel), the approval
 * chain (the engine's steps), the files, the chain of renewals, the history, and the PDF summary
 * sheet. Live: a RecordChanged of the contract refetches it, so each step of the chain shows
 * for the author without a reload.
 */
export function ContractDetailPage() {
  const { t, i18n } = useTranslation();
  usePreload(LazyApprovalChain);
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useContract(valid ? id : null);
  const action = useContractAction();
  const pdf = useDownloadContractPdf();
  const tags = useModalElements('tag');
  const [asking, setAsking] = useState<ContractCall | null>(null);
  const [running, setRunning] = useState<ContractAction | null>(null);
  useLiveRecords();
  const lang = i18n.language;
  const detail = query.data;
  const timeline = useTimeline(detail);
  const statusText = useStatusText();

  const back = (
    <RouterLink className={s.link} to="/home/contracts">
      {t('contracts.detail.back')}
    </RouterLink>
  );

  const run = async (call: ContractCall, text?: string) => {
    setRunning(call);
    try {
      const next = await action.mutateAsync({
        id,
        call,
        ...(call === 'deactivate' ? { desc: text } : { comment: text }),
      });
      toast.show({ title: t(`contracts.actions.done.${call}`), variant: 'success' });
      if (call === 'renew' && next) void navigate(`/home/contracts/${next.contract.id}`);
    } catch (error) {
      toast.show({ title: contractErrorText(error, t), variant: 'error' });
      throw error;
    } finally {
      setRunning(null);
    }
  };

  const press = (which: ContractAction) => {
    if (which === 'edit') {
      void navigate(`/home/contracts/${id}/edit`);
      return;
    }
    if (ASKS[which]) setAsking(which);
    else run(which).catch(() => undefined);
  };

  const downloadPdf = async () => {
    try {
      const file = await pdf.mutateAsync(id);
      saveBlob(file.blob, file.fileName);
    } catch (error) {
      toast.show({ title: contractErrorText(error, t), variant: 'error' });
    }
  };

  if (!detail || isRecordGone(valid, query)) {
    return (
      <RecordLoadState
        valid={valid}
        query={query}
        heading={t('contracts.list.title')}
        notFoundText={t('contracts.detail.notFound')}
        forbiddenText={t('contracts.detail.forbidden')}
        back={back}
      />
    );
  }

  const c = detail.contract;
  const date = (value: string) => formatDate(value, lang, { timeZone: 'UTC' });
  const field = (label: string, value: ReactNode): RecordField => ({ label, value });
  const fields: RecordField[] = [
    field(
      t('contracts.fields.counterparty'),
      `${c.counterparty.name} (${t(`contracts.kind.${c.counterparty.kind}`)})`,
    ),
    field(t('contracts.fields.tin'), c.counterparty.tin ?? '—'),
    field(t('contracts.fields.amount'), formatMoney(c.amountMinor, lang, c.currency)),
    field(t('contracts.fields.startDate'), date(c.startDate)),
    field(t('contracts.fields.endDate'), date(c.endDate)),
    field(t('contracts.fields.noticeDays'), String(c.noticeDays)),
    field(t('contracts.fields.noticeDate'), date(c.noticeDate)),
    field(t('contracts.fields.endReminderDate'), date(c.endReminderDate)),
    field(
      t('contracts.fields.renewal'),
      c.renewal === 'automatic'
        ? `${t('contracts.renewal.automatic')} · ${c.renewalMonths ?? ''}`
        : t(`contracts.renewal.${c.renewal}`),
    ),
    field(t('contracts.fields.responsible'), c.responsible.name),
    field(t('contracts.fields.author'), c.author.name),
    field(t('contracts.fields.reviewers'), c.reviewers.map((r) => r.name).join(', ')),
    field(t('contracts.fields.term'), String(c.term)),
  ];
  if (c.tagIds.length > 0) {
    const names = new Map((tags.data ?? []).map((tag) => [tag.id, tag.name]));
    fields.push(
      field(
        t('contracts.fields.tags'),
        c.tagIds.map((tid) => names.get(tid) ?? `#${tid}`).join(', '),
      ),
    );
  }
  if (c.registeredAt)
    fields.push(
      field(
        t('contracts.fields.registeredAt'),
        formatDateTime(c.registeredAt, lang, numericDateTime),
      ),
    );
  if (c.deactivationReason)
    fields.push(field(t('contracts.fields.deactivationReason'), c.deactivationReason));
  const buttons = ORDER.filter((a) => detail.allowedActions.includes(a));
  const heading = c.number
    ? t('contracts.detail.title', { number: c.number })
    : t('contracts.detail.draftTitle', { id: c.id });

  return (
    <div className={p.page}>
      <RecordPage
        back={back}
        viewers={<RecordViewers kind="contract" id={c.id} />}
        number={<span data-testid="contract-number">{c.number ?? `#${c.id}`}</span>}
        title={c.subject}
        status={
          <span data-testid="contract-status">
            <StatusBadge status={c.status} family={contractStatusFamily[c.status]}>
              {statusText(c.status)}
              {c.stage ? ` · ${t(`contracts.stage.${c.stage}`)}` : ''}
            </StatusBadge>
          </span>
        }
        actions={
          <Button
            variant="secondary"
            size="sm"
            isPending={pdf.isPending}
            onPress={() => void downloadPdf()}
          >
            {t('contracts.detail.pdf')}
          </Button>
        }
        fieldsTitle={heading}
        fields={fields}
        timelineTitle={t('contracts.detail.history')}
        timeline={
          <Timeline
            entries={timeline}
            label={t('contracts.detail.history')}
            formatDate={(d) => formatDateTime(d, lang, numericDateTime)}
            changedToLabel="→"
            emptyText={t('contracts.detail.history')}
          />
        }
        filesTitle={t('contracts.detail.files')}
        files={
          <FileDownloadList
            files={detail.attachments}
            label={t('contracts.detail.files')}
            emptyText={t('contracts.detail.noFiles')}
          />
        }
      >
        {buttons.length > 0 ? (
          <RecordSection title={t('contracts.fields.status')}>
            <div className={s.buttons}>
              {buttons.map((which) => (
                <Button
                  key={which}
                  variant={
                    which === 'deactivate' || which === 'cancel' || which === 'lawyerReject'
                      ? 'secondary'
                      : 'primary'
                  }
                  isPending={running === which}
                  isDisabled={running !== null && running !== which}
                  onPress={() => press(which)}
                >
                  {t(`contracts.actions.${which}`)}
                </Button>
              ))}
            </div>
          </RecordSection>
        ) : null}
        <RecordSection title={t('contracts.detail.approval')}>
          <LazyApprovalChain recordKind={CONTRACT_RECORD_KIND} recordId={c.id} version={c.updatedAt} />
        </RecordSection>
        {detail.terms.length > 1 ? (
          <RecordSection title={t('contracts.detail.terms')}>
            <ol className={s.terms}>
              {detail.terms.map((term) => (
                <li key={term.id}>
                  {term.id === c.id ? (
                    <strong>{term.number ?? `#${term.id}`}</strong>
                  ) : (
                    <RouterLink className={s.link} to={`/home/contracts/${term.id}`}>
                      {term.number ?? `#${term.id}`}
                    </RouterLink>
                  )}{' '}
                  {date(term.startDate)} – {date(term.endDate)} · {statusText(term.status)}
                </li>
              ))}
            </ol>
          </RecordSection>
        ) : null}
      </RecordPage>

      {asking ? (
        <Prompt
          key={asking}
          isOpen
          onOpenChange={(open) => (open ? undefined : setAsking(null))}
          title={t(`contracts.actions.${asking}`)}
          label={t(
            ASKS[asking] === 'reason'
              ? 'contracts.actions.reasonLabel'
              : 'contracts.actions.commentLabel',
          )}
          submitLabel={t(`contracts.actions.${asking}`)}
          cancelLabel={t('contracts.actions.close')}
          minLength={COMMENT_MIN_LENGTH}
          minLengthMessage={t('contracts.actions.commentHint')}
          onSubmit={async (text) => {
            await run(asking, text);
            setAsking(null);
          }}
        />
      ) : null}
    </div>
  );
}
