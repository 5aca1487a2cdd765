import {
  COMMENT_MIN_LENGTH,
  HELPDESK_ACTIONS,
  HELPDESK_TRANSITIONS,
  isLongEnoughComment,
  type HelpdeskAction,
  type HelpdeskComment,
  type HelpdeskHistoryEntry,
  type HelpdeskRequestDetail,
  type RecordKind,
} from '@servicedesk/contracts';
import { isApiRequestError } from '@servicedesk/api/errors';

/*
 * What the help-desk detail page (issue #6) decides without React: which buttons it shows and
 * what each needs before it can be sent, the timeline of history and comments, and the text key
 * of a refusal. The server stays the judge: the buttons are exactly its `allowedActions`.
 */

/** The record kind of a help-desk request on the hub (record presence, RecordChanged). */
export const HELPDESK_RECORD_KIND = 'helpdeskRequest' satisfies RecordKind;

/**
 * What an action asks for before it is sent, derived from the required fields of the one
 * transition table (contracts helpdesk-machine.ts, issue #11): `none` — sent at once; `confirm`
 * — a confirmation (cancel: a withdrawal the requester confirms); `comment` — a comment of at
 * least {@link COMMENT_MIN_LENGTH} characters (reject, reopen); `hold` — a reason and a comment;
 * `solution` — the solution text (resolve); `assignee` — a member of the request's group.
 */
export type ActionInput = 'none' | 'confirm' | 'comment' | 'hold' | 'solution' | 'assignee';

/** The prompt of `action` from the fields its transitions require (the first that asks for one). */
function inputOf(action: HelpdeskAction): ActionInput {
  const required = new Set(HELPDESK_TRANSITIONS.filter((t) => t.action === action).flatMap((t) => t.requires ?? []));
  if (required.has('assigneeId')) return 'assignee';
  if (required.has('holdReason')) return 'hold';
  if (required.has('solution')) return 'solution';
  if (required.has('comment')) return 'comment';
  return action === 'cancel' ? 'confirm' : 'none';
}

export const actionInputs = Object.fromEntries(HELPDESK_ACTIONS.map((action) => [action, inputOf(action)])) as Record<HelpdeskAction, ActionInput>;

/** Shortest comment, reason or solution the prompts accept (SPEC §5 free-text prompt; the server enforces it too). */
export { COMMENT_MIN_LENGTH };

/** How a button looks: the step forward primary, refusals and withdrawals danger, the rest secondary. */
export type ActionTone = 'primary' | 'secondary' | 'danger';

export const actionTones: Record<HelpdeskAction, ActionTone> = {
  approve: 'primary',
  reject: 'danger',
  assign: 'secondary',
  repair: 'primary',
  hold: 'secondary',
  resume: 'primary',
  resolve: 'primary',
  confirm: 'primary',
  reopen: 'secondary',
  cancel: 'danger',
};

/**
 * The buttons to show: the server's `allowedActions` in the machine's order (contracts
 * HELPDESK_ACTIONS), each once, nothing else — a final status or a bystander gets none.
 */
export function actionButtons(allowed: readonly HelpdeskAction[]): HelpdeskAction[] {
  return HELPDESK_ACTIONS.filter((action) => allowed.includes(action));
}

/** Whether a typed comment / reason / solution is long enough (trimmed) — the server's rule (contracts). */
export function isLongEnough(text: string, min = COMMENT_MIN_LENGTH): boolean {
  return isLongEnoughComment(text, min);
}

/** One line of the timeline: a history row (a status step) or a comment. */
export type TimelineItem =
  | { kind: 'history'; key: string; at: string; entry: HelpdeskHistoryEntry }
  | { kind: 'comment'; key: string; at: string; comment: HelpdeskComment };

/**
 * History and comments together, newest first (ties: the history row before the comment made
 * with it, then by id), each with a unique key.
 */
export function timelineItems(detail: Pick<HelpdeskRequestDetail, 'history' | 'comments'>): TimelineItem[] {
  const items: TimelineItem[] = [
    ...detail.history.map((entry) => ({ kind: 'history' as const, key: `h${entry.id}`, at: entry.createdAt, entry })),
    ...detail.comments.map((comment) => ({ kind: 'comment' as const, key: `c${comment.id}`, at: comment.createdAt, comment })),
  ];
  const idOf = (item: TimelineItem) => (item.kind === 'history' ? item.entry.id : item.comment.id);
  return items.sort((a, b) => {
    const byTime = Date.parse(b.at) - Date.parse(a.at);
    if (byTime !== 0) return byTime;
    if (a.kind !== b.kind) return a.kind === 'comment' ? -1 : 1;
    return idOf(b) - idOf(a);
  });
}

/** The assignee a history row names (assign, repair: `details.assigneeId`), when it does. */
export function historyAssigneeId(entry: HelpdeskHistoryEntry): number | null {
  const id = entry.details?.assigneeId;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

/**
 * The i18n key that explains a failed call: a 403 with the record rule `ownRequest` (approving or
 * rejecting one's own request) or `notAllowedRole` gets the page's own words; anything else the
 * shared server error text `errors.api.<code>` (app falls back to the generic text).
 */
export function refusalKey(error: unknown): string {
  if (!isApiRequestError(error)) return 'error.generic';
  if (error.status === 0) return 'error.network';
  const rule = (error.details as { rule?: unknown } | undefined)?.rule;
  if (error.status === 403 && (rule === 'ownRequest' || rule === 'notAllowedRole')) return `helpdeskDetail.refusals.${rule}`;
  return `errors.api.${error.code}`;
}
