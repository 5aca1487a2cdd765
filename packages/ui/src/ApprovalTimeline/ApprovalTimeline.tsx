import type { ReactNode } from 'react';
import { Avatar } from '../Avatar';
import { Badge } from '../Badge';
import { Icon } from '../Icon';
import type { IconName } from '../Icon/icons';
import { visuallyHidden } from '../internal/visuallyHidden.css';
import * as styles from './ApprovalTimeline.css';

/**
 * Where a step of an approval chain stands (DOMAIN.md "Approval chains", issue #11):
 * `waiting` — not reached yet; `pending` — the step deciding now (one at a time);
 * `approved` / `rejected` / `returned` — decided; `delegated` — handed to a substitute;
 * `skipped` — passed over (e.g. the chain was rejected before it).
 */
export type ApprovalStepState =
  'waiting' | 'pending' | 'approved' | 'rejected' | 'returned' | 'delegated' | 'skipped';

/** How a step's approvers decide: `single` (one approver), `all` must approve, `any` one suffices. */
export type ApprovalStepMode = 'single' | 'all' | 'any';

/** What one decision did. */
export type ApprovalOutcome = 'approved' | 'rejected' | 'returned' | 'delegated';

/** A person shown on the timeline. */
export interface ApprovalPerson {
  /** Stable id (the user id). */
  id: string | number;
  /** Full name, shown as is. */
  name: string;
  /** Photo URL; null or missing shows the initials. @default null */
  img?: string | null;
}

/** One approver's decision on a step. */
export interface ApprovalDecision {
  /** Stable id (the history row id). */
  id: string | number;
  /** Who clicked — the approver, or their substitute. */
  by: ApprovalPerson;
  /** Whose step it was when `by` decided as their active substitute (issue #11 delegation); null or missing when `by` decided for themself. @default null */
  onBehalfOf?: ApprovalPerson | null;
  /** When, as an ISO 8601 string (shown through `formatDateTime`, or Intl with `locale`). */
  at: string;
  /** What the decision did. */
  outcome: ApprovalOutcome;
  /** The decision's comment (required by the server on reject and return). @default undefined */
  comment?: string | null;
}

/** One step of the chain. */
export interface ApprovalStep {
  /** Stable id (the step's index or id). */
  id: string | number;
  /** The step's name, already translated ("Director", "Lawyer"). */
  label: string;
  /** How its approvers decide. @default 'single' */
  mode?: ApprovalStepMode;
  /** Where the step stands; exactly one step should be `pending` while the chain is in approval. */
  state: ApprovalStepState;
  /** Who may decide it (for a role: its current holders). @default [] */
  approvers?: ApprovalPerson[];
  /** Decisions taken on it, oldest first. @default [] */
  decisions?: ApprovalDecision[];
}

/** Every text of the timeline, already translated. */
export interface ApprovalTimelineTexts {
  /** The state words, shown in each step's badge ("Waiting", "Pending", "Approved", …). */
  states: Record<ApprovalStepState, string>;
  /** The parallel modes' explanations ("All must approve", "Any one approves"). */
  modes: { all: string; any: string };
  /** Label before the approvers' names ("Approvers"). */
  approvers: string;
  /**
   * The sentence of a decision, e.g. ("approved", "Aysel", "Rəşad") → "Approved by Aysel on
   * behalf of Rəşad"; `onBehalfOf` is undefined when they decided for themself. The app builds it
   * with i18n so the word order fits the language.
   */
  decision: (outcome: ApprovalOutcome, by: string, onBehalfOf: string | undefined) => string;
  /** Read by screen readers before the pending step's name ("Current step"). */
  currentStep: string;
}

export interface ApprovalTimelineProps {
  /** The chain's steps, in order. */
  steps: ApprovalStep[];
  /** Accessible name of the list ("Approval"). */
  label: string;
  /** All visible texts. */
  texts: ApprovalTimelineTexts;
  /** `full` shows approvers, avatars and comments; `compact` one line per step with its latest decision (lists, cards). @default 'full' */
  variant?: 'full' | 'compact';
  /** Formats a decision's ISO time for display; wins over `locale`. @default Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }) */
  formatDateTime?: (iso: string) => string;
  /** BCP 47 locale of the default date format ("az", "ru"). @default undefined (the browser's) */
  locale?: string;
  /** IANA time zone of the default date format. @default undefined (the browser's) */
  timeZone?: string;
  /** Shown instead of the list when there are no steps (e.g. "No approval needed"). @default undefined */
  emptyText?: ReactNode;
  /** Extra class on the list. @default undefined */
  className?: string;
}

const stateIcon: Record<ApprovalStepState, IconName | null> = {
  waiting: null,
  pending: 'history',
  approved: 'check',
  rejected: 'x',
  returned: 'arrow-up',
  delegated: 'user',
  skipped: 'chevron-right',
};

const stateVariant: Record<
  ApprovalStepState,
  'neutral' | 'info' | 'success' | 'danger' | 'warning'
> = {
  waiting: 'neutral',
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  returned: 'warning',
  delegated: 'info',
  skipped: 'neutral',
};

function dateFormatter(
  formatDateTime: ApprovalTimelineProps['formatDateTime'],
  locale: string | undefined,
  timeZone: string | undefined,
): (iso: string) => string {
  if (formatDateTime) return formatDateTime;
  const intl = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  return (iso) => intl.format(new Date(iso));
}

function DecisionLine({
  decision,
  texts,
  format,
  compact,
}: {
  decision: ApprovalDecision;
  texts: ApprovalTimelineTexts;
  format: (iso: string) => string;
  compact: boolean;
}) {
  const sentence = texts.decision(
    decision.outcome,
    decision.by.name,
    decision.onBehalfOf?.name ?? undefined,
  );
  return (
    <>
      {compact ? null : <Avatar src={decision.by.img ?? null} name={decision.by.name} size="sm" />}
      <div className={styles.decisionBody}>
        <div className={styles.decisionHead}>
          <span className={styles.decisionText} data-outcome={decision.outcome}>
            {sentence}
          </span>
          <time className={styles.when} dateTime={decision.at}>
            {format(decision.at)}
          </time>
        </div>
        {!compact && decision.comment ? <p className={styles.comment}>{decision.comment}</p> : null}
      </div>
    </>
  );
}

/**
 * The steps of a record's approval chain (issue #11 "ApprovalTimeline"; DOMAIN.md "Approval
 * chains"): each step's name, its mode when parallel ("all" / "any one"), its state as a badge,
 * its approvers, and its decisions — who, on behalf of whom (delegation), when, what and the
 * comment. The pending step is highlighted and carries `aria-current="step"` plus a visually
 * hidden "current step" text, so screen readers announce it. An `<ol>`; long names and comments
 * wrap. Pure display: the app maps its API's chain onto `steps` and passes translated `texts`.
 */
export function ApprovalTimeline({
  steps,
  label,
  texts,
  variant = 'full',
  formatDateTime,
  locale,
  timeZone,
  emptyText,
  className,
}: ApprovalTimelineProps) {
  if (steps.length === 0) {
    return emptyText ? <p className={styles.empty}>{emptyText}</p> : null;
  }
  const compact = variant === 'compact';
  const format = dateFormatter(formatDateTime, locale, timeZone);
  return (
    <ol
      className={[styles.list({ variant }), className].filter(Boolean).join(' ')}
      aria-label={label}
    >
      {steps.map((step) => {
        const isCurrent = step.state === 'pending';
        const icon = stateIcon[step.state];
        const mode = step.mode ?? 'single';
        const approvers = step.approvers ?? [];
        const decisions = step.decisions ?? [];
        const shown = compact ? decisions.slice(-1) : decisions;
        return (
          <li
            key={step.id}
            className={styles.step({ variant, current: isCurrent })}
            aria-current={isCurrent ? 'step' : undefined}
            data-state={step.state}
          >
            <span className={styles.marker({ state: step.state })} aria-hidden="true">
              {icon ? <Icon name={icon} size="sm" /> : null}
            </span>
            <div className={styles.stepBody}>
              <div className={styles.stepHead}>
                {isCurrent ? (
                  <span className={visuallyHidden}>{`${texts.currentStep}: `}</span>
                ) : null}
                <span className={styles.stepLabel}>{step.label}</span>
                <Badge variant={stateVariant[step.state]}>{texts.states[step.state]}</Badge>
                {mode !== 'single' ? (
                  <span className={styles.mode}>{texts.modes[mode]}</span>
                ) : null}
              </div>
              {!compact && approvers.length > 0 ? (
                <p className={styles.approvers}>
                  <span className={styles.approversLabel}>{texts.approvers}:</span>{' '}
                  {approvers.map((a) => a.name).join(', ')}
                </p>
              ) : null}
              {shown.length > 0 ? (
                <ul className={styles.decisions}>
                  {shown.map((d) => (
                    <li key={d.id} className={styles.decision({ variant })}>
                      <DecisionLine decision={d} texts={texts} format={format} compact={compact} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
