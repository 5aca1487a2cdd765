import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ApprovalDecision, MyApprovalRow } from '@servicedesk/contracts';
import { useBulkApprove, useMyApprovals } from '@servicedesk/api/approvals/my-approvals';
import { formatDateTime } from '@servicedesk/i18n';
import { Badge } from '@servicedesk/ui/Badge';
import { Button } from '@servicedesk/ui/Button';
import { EmptyState } from '@servicedesk/ui/EmptyState';
import { Pagination } from '@servicedesk/ui/Pagination';
import { Prompt } from '@servicedesk/ui/Prompt';
import { toast } from '@servicedesk/ui/Toast';
import { numericDateTime } from '../shared/format';
import * as p from '../shared/page.css';
import { recordKindAndId, recordKindLabel } from '../shared/record-kinds';
import { ApprovalDecisionPanel } from '../shared/record/ApprovalChain';
import { refusalKey } from '../shared/record/refusal';
import * as s from './approvals.css';

/** Rows per page of my approvals. */
export const MY_APPROVALS_PAGE_SIZE = 25;

const keyOf = (row: Pick<MyApprovalRow, 'recordKind' | 'recordId'>) =>
  `${row.recordKind}:${row.recordId}`;

/**
 * /home/approvals (issue #11 "My approvals"): everything waiting for the caller's decision — as
 * an approver, or as the substitute of one ("on behalf of …") — across every module on the
 * approval engine, newest first, 25 a page. A row opens in place (its "Review" button,
 * aria-expanded) to show the record's chain (ApprovalTimeline) and the decision bar: approve,
 * reject or return with a comment of at least 10 characters (the server checks it too; its
 * refusal is shown in the bar). Or select several and approve them with one comment: each record
 * is still checked on its own and the refused ones are listed with the reason.
 */
export function MyApprovalsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkRows, setBulkRows] = useState<MyApprovalRow[] | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [failures, setFailures] = useState<{ key: string; label: string; reason: string }[]>([]);
  const list = useMyApprovals({
    skip: (page - 1) * MY_APPROVALS_PAGE_SIZE,
    take: MY_APPROVALS_PAGE_SIZE,
  });
  const bulk = useBulkApprove();
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / MY_APPROVALS_PAGE_SIZE));
  const label = (row: MyApprovalRow) => (row.number ? `${row.number} ${row.title}` : row.title);
  const chosen = rows.filter((row) => selected.has(keyOf(row)));

  const toggle = (row: MyApprovalRow) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(keyOf(row))) next.delete(keyOf(row));
      else next.add(keyOf(row));
      return next;
    });
  const allChecked = rows.length > 0 && chosen.length === rows.length;

  /** After the server took a decision from a row's panel: toast it, unselect the row, close the panel. */
  const decided = (row: MyApprovalRow, decision: ApprovalDecision) => {
    toast.show({
      title: t(`approvals.done.${decision}`, { record: label(row) }),
      variant: 'success',
    });
    setSelected((old) => new Set([...old].filter((k) => k !== keyOf(row))));
    setOpen(null);
  };

  const runBulk = async (targets: MyApprovalRow[], comment: string) => {
    try {
      const answer = await bulk.mutateAsync({
        items: targets.map((r) => ({ recordKind: r.recordKind, recordId: r.recordId })),
        comment: comment || undefined,
      });
      const byKey = new Map(targets.map((r) => [keyOf(r), r]));
      setFailures(
        answer.results
          .filter((r) => !r.ok)
          .map((r) => ({
            key: keyOf(r),
            label: byKey.get(keyOf(r))
              ? label(byKey.get(keyOf(r))!)
              : recordKindAndId(t, r.recordKind, r.recordId),
            reason: t(`errors.api.${r.code ?? 'generic'}`, {
              defaultValue: r.message ?? t('error.generic'),
            }),
          })),
      );
      toast.show({
        title: t('approvals.bulk.result', { approved: answer.approved, failed: answer.failed }),
        variant: answer.failed > 0 ? 'warning' : 'success',
      });
      setSelected(new Set());
      return true;
    } catch (error) {
      toast.show({
        title: t(refusalKey(error), { defaultValue: t('error.generic') }),
        variant: 'error',
      });
      return false;
    }
  };

  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('approvals.title')}</h1>
        <p className={p.lead}>{t('approvals.description')}</p>
      </div>
      <section className={p.card} aria-busy={list.isFetching}>
        {list.isPending && (
          <p className={p.muted} role="status">
            {t('loading')}
          </p>
        )}
        {list.isError && (
          <EmptyState
            variant="error"
            title={t('approvals.loadFailed')}
            action={<Button onPress={() => void list.refetch()}>{t('approvals.retry')}</Button>}
          />
        )}
        {list.data && total === 0 && (
          <EmptyState
            icon="check"
            title={t('approvals.empty')}
            description={t('approvals.emptyHint')}
          />
        )}
        {failures.length > 0 && (
          <div role="alert">
            <p className={s.title}>{t('approvals.bulk.failures')}</p>
            <ul className={s.failures}>
              {failures.map((f) => (
                <li key={f.key} data-testid="bulk-failure">
                  {f.label}: {f.reason}
                </li>
              ))}
            </ul>
          </div>
        )}
        {rows.length > 0 && (
          <>
            <div className={s.toolbar}>
              <Button
                variant="primary"
                isDisabled={chosen.length === 0 || bulk.isPending}
                onPress={() => setBulkRows(chosen)}
              >
                {t('approvals.bulk.approveSelected', { n: chosen.length })}
              </Button>
              <span className={p.muted}>{t('approvals.total', { n: total })}</span>
            </div>
            {/* A wide table scrolls on its own; the wrapper is focusable so keyboard users can scroll it. */}
            <div
              className={s.tableWrap}
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={0}
              role="region"
              aria-label={t('approvals.title')}
            >
              <table className={s.table}>
                <thead>
                  <tr>
                    <th className={s.th} scope="col">
                      <input
                        type="checkbox"
                        aria-label={t('approvals.selectAll')}
                        checked={allChecked}
                        onChange={() =>
                          setSelected(allChecked ? new Set() : new Set(rows.map(keyOf)))
                        }
                      />
                    </th>
                    <th className={s.th} scope="col">
                      {t('approvals.columns.record')}
                    </th>
                    <th className={s.th} scope="col">
                      {t('approvals.columns.author')}
                    </th>
                    <th className={s.th} scope="col">
                      {t('approvals.columns.step')}
                    </th>
                    <th className={s.th} scope="col">
                      {t('approvals.columns.waitingSince')}
                    </th>
                    <th className={s.th} scope="col">
                      {t('approvals.columns.actions')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => {
                    const key = keyOf(row);
                    const panelId = `approval-panel-${row.recordKind}-${row.recordId}`;
                    const expanded = open === key;
                    return (
                      <Fragment key={key}>
                        <tr data-testid="approval-row">
                          <td className={s.td}>
                            <input
                              type="checkbox"
                              aria-label={t('approvals.select', { record: label(row) })}
                              checked={selected.has(keyOf(row))}
                              onChange={() => toggle(row)}
                            />
                          </td>
                          <td className={s.td}>
                            <div className={p.muted}>
                              {recordKindLabel(t, row.recordKind)}
                            </div>
                            {row.url ? (
                              <Link className={s.title} to={row.url}>
                                {label(row)}
                              </Link>
                            ) : (
                              <span className={s.title}>{label(row)}</span>
                            )}
                            {row.onBehalfOf && (
                              <div>
                                <Badge variant="info">
                                  {t('approvals.onBehalfOf', { name: row.onBehalfOf.name })}
                                </Badge>
                              </div>
                            )}
                          </td>
                          <td className={s.td}>{row.author.name}</td>
                          <td className={s.td}>
                            {t('approvals.stepOf', {
                              position: row.stepPosition,
                              steps: row.stepCount,
                            })}
                            {row.role && (
                              <div className={p.muted}>{t(`approvals.roles.${row.role}`)}</div>
                            )}
                          </td>
                          <td className={s.td}>
                            <time dateTime={row.waitingSince}>
                              {formatDateTime(row.waitingSince, lang, numericDateTime)}
                            </time>
                          </td>
                          <td className={s.td}>
                            <Button
                              size="sm"
                              variant={expanded ? 'primary' : 'secondary'}
                              aria-expanded={expanded}
                              aria-controls={expanded ? panelId : undefined}
                              aria-label={t('approvals.review', { record: label(row) })}
                              onPress={() => setOpen(expanded ? null : key)}
                            >
                              {t('approvals.reviewShort')}
                            </Button>
                          </td>
                        </tr>
                        {expanded && (
                          <tr data-testid="approval-panel">
                            <td className={s.td} colSpan={6}>
                              <section
                                id={panelId}
                                className={s.panel}
                                aria-label={t('approvals.panel', { record: label(row) })}
                              >
                                <ApprovalDecisionPanel
                                  recordKind={row.recordKind}
                                  recordId={row.recordId}
                                  onDecided={(decision) => decided(row, decision)}
                                />
                              </section>
                            </td>
                          </tr>
                        )}
                      </Fragment>
                    );
                  })}
                </tbody>
              </table>
            </div>
            {pageCount > 1 && (
              <Pagination
                page={page}
                pageCount={pageCount}
                onPageChange={setPage}
                ariaLabel={t('approvals.pages')}
                previousLabel={t('approvals.previous')}
                nextLabel={t('approvals.next')}
                pageLabel={(n) => t('approvals.page', { page: n })}
              />
            )}
          </>
        )}
      </section>
      {bulkRows && (
        <Prompt
          key="bulk"
          isOpen
          onOpenChange={(isOpen) => (isOpen ? undefined : setBulkRows(null))}
          title={t('approvals.dialogs.bulkTitle', { n: bulkRows.length })}
          label={t('approvals.dialogs.bulkComment')}
          submitLabel={t('approvals.actions.approve')}
          cancelLabel={t('cancel')}
          minLength={0}
          minLengthMessage={t('approvals.dialogs.minLength', { n: 0 })}
          onSubmit={async (comment) => {
            if (await runBulk(bulkRows, comment)) setBulkRows(null);
          }}
        />
      )}
    </div>
  );
}
