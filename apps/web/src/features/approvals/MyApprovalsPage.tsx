import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalDecision, MyApprovalRow } from '@servicedesk/contracts';
import { useMyApprovals } from '@servicedesk/api/approvals/my-approvals';
import { Button } from '@servicedesk/ui/Button';
import { EmptyState } from '@servicedesk/ui/EmptyState';
import { Prompt } from '@servicedesk/ui/Prompt';
import { toast } from '@servicedesk/ui/Toast';
import { PageNav } from '../shared/PageNav';
import * as p from '../shared/page.css';
import { keyOf, rowLabel } from './approval-rows';
import { ApprovalsTable } from './ApprovalsTable';
import { useBulkApproval } from './use-bulk-approval';
import * as s from './approvals.css';

/** Rows per page of my approvals. */
export const MY_APPROVALS_PAGE_SIZE = 25;

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
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkRows, setBulkRows] = useState<MyApprovalRow[] | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const list = useMyApprovals({
    skip: (page - 1) * MY_APPROVALS_PAGE_SIZE,
    take: MY_APPROVALS_PAGE_SIZE,
  });
  const bulk = useBulkApproval(() => setSelected(new Set()));
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / MY_APPROVALS_PAGE_SIZE));
  const chosen = rows.filter((row) => selected.has(keyOf(row)));

  /** After the server took a decision from a row's panel: toast it, unselect the row, close the panel. */
  const decided = (row: MyApprovalRow, decision: ApprovalDecision) => {
    toast.show({
      title: t(`approvals.done.${decision}`, { record: rowLabel(row) }),
      variant: 'success',
    });
    setSelected((old) => new Set([...old].filter((k) => k !== keyOf(row))));
    setOpen(null);
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
        {bulk.failures.length > 0 && (
          <div role="alert">
            <p className={s.title}>{t('approvals.bulk.failures')}</p>
            <ul className={s.failures}>
              {bulk.failures.map((f) => (
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
            <ApprovalsTable
              rows={rows}
              selected={selected}
              onSelect={setSelected}
              open={open}
              onOpen={setOpen}
              onDecided={decided}
            />
            {pageCount > 1 && (
              <PageNav page={page} pageCount={pageCount} onPageChange={setPage} />
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
            if (await bulk.run(bulkRows, comment)) setBulkRows(null);
          }}
        />
      )}
    </div>
  );
}
