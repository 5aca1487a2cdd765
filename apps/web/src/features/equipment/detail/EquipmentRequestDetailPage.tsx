import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  type EquipmentLineDecision,
  type EquipmentRequestDetail,
  type EquipmentStatus,
} from '@servicedesk/contracts';
import {
  useEquipmentReference,
  useEquipmentRequest,
} from '@servicedesk/api/equipment/get-equipment-request';
import { searchMaterials } from '@servicedesk/api/equipment/search-materials';
import { useApiClient } from '@servicedesk/api/provider';
import {
  useAddEquipmentComment,
  useEquipmentAction,
} from '@servicedesk/api/equipment/equipment-mutations';
import { useUsersNameAndId } from '@servicedesk/api/global/get-users-name-and-id';
import { formatDateTime, formatMoney } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import type { MentionUser } from '@servicedesk/ui/MentionTextArea';
import { RecordPage, RecordSection, type RecordField } from '@servicedesk/ui/RecordPage';
import type { SearchResult } from '@servicedesk/ui/SelectSearch';
// The processing controls only the warehouse keeper sees load when shown (issue #19).
import { lazyPart, LazySelect as Select, LazySelectSearch as SelectSearch, usePreload } from '../../shared/lazy-fields';
import * as table from '@servicedesk/ui/SimpleTable';
import { StatusBadge } from '@servicedesk/ui/StatusBadge';
import { Timeline, type TimelineEntry } from '@servicedesk/ui/Timeline';
import { toast } from '@servicedesk/ui/Toast';
import { LazyApprovalChain } from '../../shared/record/lazy-approval-chain';
import { refusalKey } from '../../shared/record/refusal';
import { FileDownloadList } from '../../shared/files/FileDownloadList';
import { numericDateTime } from '../../shared/format';
import { RecordCommentForm } from '../../shared/record/RecordCommentForm';
import { isRecordGone, RecordLoadState } from '../../shared/record/RecordLoadState';
import { useLiveRecords } from '../../../realtime/live-records';
import { storage } from '../../../session/storage';
import { EQUIPMENT_RECORD_KIND, statusFamily, statusKey } from '../shared/equipment-display';
import { RecordViewers } from '../../shared/record/RecordViewers';
import * as p from '../../shared/page.css';
import * as f from '../../shared/forms.css';
import * as s from '../shared/equipment.css';

/** The pending step's decision (DecisionBar, budget override), loaded with the record (issue #19). */
const DecisionSection = lazyPart(() => import('./DecisionSection').then((m) => m.DecisionSection));

function Status({ status }: { status: EquipmentStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} family={statusFamily[status]}>
      {t(statusKey(status))}
    </StatusBadge>
  );
}

/** History rows and comments, newest first, as Timeline entries (who, on behalf of whom, what, the comment, budget figures). */
function useTimeline(detail: EquipmentRequestDetail | undefined): TimelineEntry[] {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    if (!detail) return [];
    const money = (n: unknown) => formatMoney(Number(n), i18n.language, detail.request.currency);
    const history = detail.history.map((h): TimelineEntry & { at: number } => {
      const d = (h.details ?? {}) as {
        budget?: { override?: boolean; remaining?: number; requested?: number };
        overBudget?: boolean;
        remaining?: number;
        requested?: number;
        lines?: { position: number; decision: string }[];
      };
      const notes: string[] = [];
      if (h.action === 'budgetCheck')
        notes.push(
          t(d.overBudget ? 'equipment.history.overBudget' : 'equipment.history.withinBudget', {
            remaining: money(d.remaining),
            requested: money(d.requested),
          }),
        );
      if (d.budget?.override)
        notes.push(
          t('equipment.history.override', {
            remaining: money(d.budget.remaining),
            requested: money(d.budget.requested),
          }),
        );
      for (const line of d.lines ?? [])
        notes.push(t(`equipment.history.line.${line.decision}`, { n: line.position }));
      if (h.comment) notes.push(h.comment);
      const who = h.actor?.name ?? t('equipment.history.system');
      return {
        id: `h${h.id}`,
        at: Date.parse(h.createdAt),
        user: {
          name: h.onBehalfOf
            ? t('equipment.history.onBehalf', { name: who, onBehalfOf: h.onBehalfOf.name })
            : who,
          img: h.actor?.imgPath ?? null,
        },
        date: h.createdAt,
        action: t(`equipment.history.${h.action}`, { defaultValue: h.action }),
        from:
          h.fromStatus && h.toStatus && h.fromStatus !== h.toStatus ? (
            <Status status={h.fromStatus as EquipmentStatus} />
          ) : undefined,
        to:
          h.toStatus && h.fromStatus !== h.toStatus ? (
            <Status status={h.toStatus as EquipmentStatus} />
          ) : undefined,
        comment: notes.length ? (
          <span className={s.timelineText}>{notes.join('\n')}</span>
        ) : undefined,
      };
    });
    const comments = detail.comments.map((c) => ({
      id: `c${c.id}`,
      at: Date.parse(c.createdAt),
      user: { name: c.author.name, img: c.author.imgPath },
      date: c.createdAt,
      action: t('equipment.history.commented'),
      comment: <span className={s.timelineText}>{c.text}</span>,
    }));
    return [...history, ...comments]
      .sort((a, b) => b.at - a.at)
      .map(({ at: _at, ...entry }) => entry);
  }, [detail, t, i18n.language]);
}

/** The comment box with @mentions. */
function CommentForm({ id, users }: { id: number; users: MentionUser[] }) {
  const { t } = useTranslation();
  const add = useAddEquipmentComment();
  return (
    <RecordCommentForm
      users={users}
      labels={{
        label: t('equipment.detail.comment'),
        suggestions: t('equipment.detail.mentionSuggestions'),
        send: t('equipment.detail.send'),
      }}
      onSend={(input) => add.mutateAsync({ id, ...input })}
      isPending={add.isPending}
    />
  );
}

/**
 * The lines; for the warehouse keeper (action `process`): the warehouse to issue from, and for
 * each open line "Issue from stock" (a free-text line first names its catalogue material) or
 * "Mark for purchase". An issued line shows its stock operation's number.
 */
function LinesSection({ detail }: { detail: EquipmentRequestDetail }) {
  const { t, i18n } = useTranslation();
  const r = detail.request;
  const canProcess = detail.allowedActions.includes('process');
  const reference = useEquipmentReference();
  const client = useApiClient();
  const action = useEquipmentAction();
  const [running, setRunning] = useState<string | null>(null);
  const [warehouseId, setWarehouseId] = useState<number | null>(null);
  const [picked, setPicked] = useState<Record<number, SearchResult | null>>({});
  const warehouses = canProcess ? (reference.data?.warehouses ?? []) : [];
  const me = storage.getUser()?.id ?? null;
  // The keeper's own warehouse first.
  const warehouse =
    warehouseId ?? (warehouses.find((w) => w.keeperId === me) ?? warehouses[0])?.id ?? null;
  const money = (n: number) => formatMoney(n, i18n.language, r.currency);
  const findMaterials = useMemo(
    () => async (text: string, signal: AbortSignal) =>
      (await searchMaterials(client, text, signal)).map((m) => ({
        id: m.id,
        name: `${m.code} · ${m.name}`,
      })),
    [client],
  );
  const decide = async (lineId: number, decision: EquipmentLineDecision) => {
    setRunning(`${lineId}-${decision}`);
    const material = picked[lineId];
    try {
      await action.mutateAsync({
        id: r.id,
        action: 'process',
        input: {
          lines: [
            {
              lineId,
              decision,
              ...(decision === 'issue' && warehouse !== null ? { warehouseId: warehouse } : {}),
              ...(decision === 'issue' && material ? { materialId: Number(material.id) } : {}),
            },
          ],
        },
      });
    } catch (error) {
      toast.show({
        title: t(refusalKey(error), { defaultValue: t('error.generic') }),
        variant: 'error',
      });
    } finally {
      setRunning(null);
    }
  };
  return (
    <RecordSection title={t('equipment.detail.linesTitle')}>
      {canProcess && warehouses.length > 0 ? (
        <div className={s.processBar}>
          <Select
            label={t('equipment.detail.warehouse')}
            items={warehouses.map((w) => ({ id: String(w.id), label: w.name }))}
            selectedKey={warehouse === null ? null : String(warehouse)}
            onSelectionChange={(key) => setWarehouseId(key === null ? null : Number(key))}
          />
        </div>
      ) : null}
      <div className={table.tableWrap}>
        <table className={table.table}>
          <thead>
            <tr>
              <th className={table.th}>#</th>
              <th className={table.th}>{t('equipment.form.item')}</th>
              <th className={table.th}>{t('equipment.form.quantity')}</th>
              <th className={table.th}>{t('equipment.form.price')}</th>
              <th className={table.th}>{t('equipment.columns.total')}</th>
              <th className={table.th}>{t('equipment.detail.handling')}</th>
            </tr>
          </thead>
          <tbody>
            {r.lines.map((line) => (
              <tr key={line.id}>
                <td className={table.td}>{line.position}</td>
                <td className={table.td}>
                  {line.description}
                  {line.material ? <span className={s.muted}> ({line.material.code})</span> : null}
                </td>
                <td className={`${table.td} ${table.numeric}`}>
                  {line.quantity} {line.unit}
                </td>
                <td className={`${table.td} ${table.numeric}`}>{money(line.unitPrice)}</td>
                <td className={`${table.td} ${table.numeric}`}>{money(line.total)}</td>
                <td className={table.td}>
                  {line.decision ? (
                    <span>
                      {t(`equipment.lineDecision.${line.decision}`)}
                      {line.stockOperation ? ` · ${line.stockOperation.number}` : ''}
                      {line.warehouseName ? ` · ${line.warehouseName}` : ''}
                      {line.decidedBy ? ` · ${line.decidedBy.name}` : ''}
                      {line.decisionNote ? ` · ${line.decisionNote}` : ''}
                    </span>
                  ) : canProcess ? (
                    <div className={s.commentForm}>
                      {line.material === null ? (
                        <SelectSearch
                          label={t('equipment.detail.issueAs', { n: line.position })}
                          search={findMaterials}
                          value={picked[line.id] ?? null}
                          onChange={(value) => setPicked((all) => ({ ...all, [line.id]: value }))}
                          loadingLabel={t('loading')}
                          emptyLabel={t('equipment.form.noMaterials')}
                          openLabel={t('equipment.form.openMaterials')}
                          minLength={0}
                        />
                      ) : null}
                      <span
                        className={s.actions}
                        role="group"
                        aria-label={t('equipment.detail.lineActions', { n: line.position })}
                      >
                        <Button
                          size="sm"
                          isPending={running === `${line.id}-issue`}
                          isDisabled={
                            running !== null ||
                            warehouse === null ||
                            (line.material === null && !picked[line.id])
                          }
                          onPress={() => void decide(line.id, 'issue')}
                        >
                          {t('equipment.detail.issue')}
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          isPending={running === `${line.id}-purchase`}
                          isDisabled={running !== null}
                          onPress={() => void decide(line.id, 'purchase')}
                        >
                          {t('equipment.detail.purchase')}
                        </Button>
                      </span>
                    </div>
                  ) : (
                    <span className={s.muted}>{t('equipment.detail.notHandled')}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={s.total}>{t('equipment.form.total', { total: money(r.total) })}</p>
    </RecordSection>
  );
}

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
  useLiveRecords();
  const detail = query.data;
  const timeline = useTimeline(detail);
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
  const run = async (which: 'submit' | 'cancel') => {
    try {
      await action.mutateAsync(
        which === 'submit' ? { id: r.id, action: 'submit' } : { id: r.id, action: 'cancel' },
      );
      toast.show({ title: t(`equipment.done.${which}`), variant: 'success' });
    } catch (error) {
      toast.show({
        title: t(refusalKey(error), { defaultValue: t('error.generic') }),
        variant: 'error',
      });
    }
  };
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
            <Status status={r.status} />
          </div>
        }
        fieldsTitle={t('equipment.detail.fieldsTitle')}
        fields={fields}
        timelineTitle={t('equipment.detail.historyTitle')}
        comments={<CommentForm id={r.id} users={mentionUsers} />}
        timeline={
          <Timeline
            entries={timeline}
            label={t('equipment.detail.historyTitle')}
            formatDate={(d) => formatDateTime(d, lang, numericDateTime)}
            changedToLabel={t('equipment.history.changedTo')}
            emptyText={t('equipment.history.empty')}
          />
        }
        filesTitle={t('equipment.detail.attachments')}
        files={
          <FileDownloadList
            files={detail.attachments}
            label={t('equipment.detail.attachments')}
            emptyText={t('equipment.detail.noAttachments')}
          />
        }
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
          <LazyApprovalChain recordKind={EQUIPMENT_RECORD_KIND} recordId={r.id} version={r.updatedAt} />
        </RecordSection>
        <RecordSection title={t('equipment.form.justification')}>
          <p className={s.justification}>{r.justification}</p>
        </RecordSection>
      </RecordPage>
    </div>
  );
}
