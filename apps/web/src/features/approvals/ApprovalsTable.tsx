import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ApprovalDecision, MyApprovalRow } from '@servicedesk/contracts';
import { formatDateTime } from '@servicedesk/i18n';
import { Badge } from '@servicedesk/ui/Badge';
import { Button } from '@servicedesk/ui/Button';
import { numericDateTime } from '../shared/format';
import * as p from '../shared/page.css';
import { recordKindLabel } from '../shared/record-kinds';
import { LazyApprovalDecisionPanel } from '../shared/record/lazy-approval-chain';
import { keyOf, rowLabel } from './approval-rows';
import * as s from './approvals.css';

interface RowProps {
  row: MyApprovalRow;
  checked: boolean;
  onToggle: () => void;
  expanded: boolean;
  onExpand: (expanded: boolean) => void;
  onDecided: (decision: ApprovalDecision) => void;
}

/**
 * One waiting record: its checkbox, kind and name (a link when it has a page), on whose behalf,
 * author, step, since when, and "Review" (aria-expanded) opening the row's chain and decision bar
 * (ApprovalDecisionPanel) in a row under it.
 */
function ApprovalRowView({ row, checked, onToggle, expanded, onExpand, onDecided }: RowProps) {
  const { t, i18n } = useTranslation();
  const label = rowLabel(row);
  const panelId = `approval-panel-${row.recordKind}-${row.recordId}`;
  return (
    <>
      <tr data-testid="approval-row">
        <td className={s.td}>
          <input
            type="checkbox"
            aria-label={t('approvals.select', { record: label })}
            checked={checked}
            onChange={onToggle}
          />
        </td>
        <td className={s.td}>
          <div className={p.muted}>{recordKindLabel(t, row.recordKind)}</div>
          {row.url ? (
            <Link className={s.title} to={row.url}>
              {label}
            </Link>
          ) : (
            <span className={s.title}>{label}</span>
          )}
          {row.onBehalfOf && (
            <div>
              <Badge variant="info">{t('approvals.onBehalfOf', { name: row.onBehalfOf.name })}</Badge>
            </div>
          )}
        </td>
        <td className={s.td}>{row.author.name}</td>
        <td className={s.td}>
          {t('approvals.stepOf', { position: row.stepPosition, steps: row.stepCount })}
          {row.role && <div className={p.muted}>{t(`approvals.roles.${row.role}`)}</div>}
        </td>
        <td className={s.td}>
          <time dateTime={row.waitingSince}>
            {formatDateTime(row.waitingSince, i18n.language, numericDateTime)}
          </time>
        </td>
        <td className={s.td}>
          <Button
            size="sm"
            variant={expanded ? 'primary' : 'secondary'}
            aria-expanded={expanded}
            aria-controls={expanded ? panelId : undefined}
            aria-label={t('approvals.review', { record: label })}
            onPress={() => onExpand(!expanded)}
          >
            {t('approvals.reviewShort')}
          </Button>
        </td>
      </tr>
      {expanded && (
        <tr data-testid="approval-panel">
          <td className={s.td} colSpan={6}>
            <section id={panelId} className={s.panel} aria-label={t('approvals.panel', { record: label })}>
              <LazyApprovalDecisionPanel recordKind={row.recordKind} recordId={row.recordId} onDecided={onDecided} />
            </section>
          </td>
        </tr>
      )}
    </>
  );
}

interface TableProps {
  rows: MyApprovalRow[];
  selected: Set<string>;
  onSelect: Dispatch<SetStateAction<Set<string>>>;
  open: string | null;
  onOpen: (key: string | null) => void;
  onDecided: (row: MyApprovalRow, decision: ApprovalDecision) => void;
}

/** The waiting records of a page (a focusable region that scrolls on its own): select all, then a {@link ApprovalRowView} each, at most one opened (`open`, its key). */
export function ApprovalsTable({ rows, selected, onSelect, open, onOpen, onDecided }: TableProps) {
  const { t } = useTranslation();
  const allChecked = rows.length > 0 && rows.every((row) => selected.has(keyOf(row)));
  const toggle = (row: MyApprovalRow) =>
    onSelect((old) => {
      const next = new Set(old);
      if (next.has(keyOf(row))) next.delete(keyOf(row));
      else next.add(keyOf(row));
      return next;
    });
  return (
    // A wide table scrolls on its own; the wrapper is focusable so keyboard users can scroll it.
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
                onChange={() => onSelect(allChecked ? new Set() : new Set(rows.map(keyOf)))}
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
            return (
              <ApprovalRowView
                key={key}
                row={row}
                checked={selected.has(key)}
                onToggle={() => toggle(row)}
                expanded={open === key}
                onExpand={(expanded) => onOpen(expanded ? key : null)}
                onDecided={(decision) => onDecided(row, decision)}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
