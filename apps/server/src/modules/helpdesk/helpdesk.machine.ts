import type { HelpdeskAction, HelpdeskStatus } from '@servicedesk/contracts';

/*
 * The status machine of a help-desk request (DOMAIN.md "Help-desk requests") as ONE table. The
 * service enforces it (wrong status → 422, wrong person → 403 through lib/access.ts), the detail's
 * `allowedActions` and the tests are derived from it, so the three cannot drift apart.
 */

/**
 * Who may do a transition, relative to the request:
 * - `requester` — the person who created it;
 * - `groupLead` — the lead of the group serving it;
 * - `groupMember` — any member of that group (the lead included);
 * - `assignee` — the person it is assigned to;
 * - `unassignedGroupMember` — a member of the group while nobody (else) is assigned.
 */
export type HelpdeskRole = 'requester' | 'groupLead' | 'groupMember' | 'assignee' | 'unassignedGroupMember';

/** A precondition on the request besides its status. */
export type HelpdeskGuard = 'needsApproval' | 'noApprovalNeeded';

/** A field of the transition body the action cannot do without (422 `<field>Required`). */
export type HelpdeskRequiredField = 'comment' | 'holdReason' | 'solution' | 'assigneeId';

export interface HelpdeskTransition {
  from: HelpdeskStatus;
  action: HelpdeskAction;
  /** The status afterwards (the same as `from` for `assign`). */
  to: HelpdeskStatus;
  /** Catalogue action key the caller's user type must hold (the route's `config.permission`). */
  actionKey: string;
  /** Any one of these roles suffices. */
  who: readonly HelpdeskRole[];
  /** The requester may not do it to their own request even when holding a role (no self-approval). */
  notByRequester?: boolean;
  guard?: HelpdeskGuard;
  requires?: readonly HelpdeskRequiredField[];
}

const K = {
  view: 'helpdesk.requests',
  approve: 'helpdesk.requests.approve',
  reject: 'helpdesk.requests.reject',
  assign: 'helpdesk.requests.assign',
  repair: 'helpdesk.requests.repair',
  hold: 'helpdesk.requests.hold',
  resolve: 'helpdesk.requests.resolve',
  cancel: 'helpdesk.requests.cancel',
} as const;

/** The action key each action's route declares (one per action; confirm/reopen need only the list's key). */
export const ACTION_KEYS: Record<HelpdeskAction, string> = {
  approve: K.approve,
  reject: K.reject,
  assign: K.assign,
  repair: K.repair,
  hold: K.hold,
  resume: K.hold,
  resolve: K.resolve,
  confirm: K.view,
  reopen: K.view,
  cancel: K.cancel,
};

const taker: readonly HelpdeskRole[] = ['assignee', 'unassignedGroupMember'];

/** Every allowed transition of a person. Anything not listed is refused with 422 `invalidTransition`. */
export const TRANSITIONS: readonly HelpdeskTransition[] = [
  { from: 'NEW', action: 'approve', to: 'APPROVED', actionKey: K.approve, who: ['groupLead'], notByRequester: true, guard: 'needsApproval' },
  { from: 'NEW', action: 'reject', to: 'REJECTED', actionKey: K.reject, who: ['groupLead', 'groupMember'], notByRequester: true, requires: ['comment'] },
  { from: 'APPROVED', action: 'reject', to: 'REJECTED', actionKey: K.reject, who: ['groupLead', 'groupMember'], notByRequester: true, requires: ['comment'] },
  { from: 'NEW', action: 'assign', to: 'NEW', actionKey: K.assign, who: ['groupLead'], guard: 'noApprovalNeeded', requires: ['assigneeId'] },
  { from: 'APPROVED', action: 'assign', to: 'APPROVED', actionKey: K.assign, who: ['groupLead'], requires: ['assigneeId'] },
  { from: 'IN_PROGRESS', action: 'assign', to: 'IN_PROGRESS', actionKey: K.assign, who: ['groupLead'], requires: ['assigneeId'] },
  { from: 'ON_HOLD', action: 'assign', to: 'ON_HOLD', actionKey: K.assign, who: ['groupLead'], requires: ['assigneeId'] },
  { from: 'NEW', action: 'repair', to: 'IN_PROGRESS', actionKey: K.repair, who: taker, guard: 'noApprovalNeeded' },
  { from: 'APPROVED', action: 'repair', to: 'IN_PROGRESS', actionKey: K.repair, who: taker },
  { from: 'IN_PROGRESS', action: 'hold', to: 'ON_HOLD', actionKey: K.hold, who: ['assignee'], requires: ['holdReason', 'comment'] },
  { from: 'ON_HOLD', action: 'resume', to: 'IN_PROGRESS', actionKey: K.hold, who: ['assignee'] },
  { from: 'IN_PROGRESS', action: 'resolve', to: 'RESOLVED', actionKey: K.resolve, who: ['assignee'], requires: ['solution'] },
  { from: 'RESOLVED', action: 'confirm', to: 'CLOSED', actionKey: K.view, who: ['requester'] },
  { from: 'RESOLVED', action: 'reopen', to: 'IN_PROGRESS', actionKey: K.view, who: ['requester'], requires: ['comment'] },
  { from: 'NEW', action: 'cancel', to: 'CANCELLED', actionKey: K.cancel, who: ['requester'] },
  { from: 'APPROVED', action: 'cancel', to: 'CANCELLED', actionKey: K.cancel, who: ['requester'] },
];

/** The system's own transition: RESOLVED → CLOSED after HELPDESK_AUTO_CLOSE_DAYS (the scheduled job). */
export const AUTO_CLOSE = { from: 'RESOLVED', to: 'CLOSED', action: 'autoClose' } as const;

/** The transition of `action` from `status`, or undefined when the machine has none. */
export function findTransition(status: HelpdeskStatus, action: HelpdeskAction): HelpdeskTransition | undefined {
  return TRANSITIONS.find((t) => t.from === status && t.action === action);
}

/** The statuses `action` may start from (for the 422 message). */
export function statusesAllowing(action: HelpdeskAction): HelpdeskStatus[] {
  return TRANSITIONS.filter((t) => t.action === action).map((t) => t.from);
}

/** What the roles are decided from: the request and the caller's relation to its group. */
export interface RoleFacts {
  userId: number;
  requesterId: number;
  assigneeId: number | null;
  isGroupMember: boolean;
  isGroupLead: boolean;
}

/** The roles `facts.userId` holds on the request. */
export function rolesOf(facts: RoleFacts): Set<HelpdeskRole> {
  const roles = new Set<HelpdeskRole>();
  if (facts.requesterId === facts.userId) roles.add('requester');
  if (facts.isGroupLead) roles.add('groupLead');
  if (facts.isGroupMember || facts.isGroupLead) roles.add('groupMember');
  if (facts.assigneeId === facts.userId) roles.add('assignee');
  if ((facts.isGroupMember || facts.isGroupLead) && (facts.assigneeId === null || facts.assigneeId === facts.userId)) {
    roles.add('unassignedGroupMember');
  }
  return roles;
}

/** Whether the roles let the caller do `transition` (`notByRequester` applied). */
export function mayDo(transition: HelpdeskTransition, roles: Set<HelpdeskRole>): boolean {
  if (transition.notByRequester && roles.has('requester')) return false;
  return transition.who.some((role) => roles.has(role));
}

/** Whether the request's state meets the transition's guard. */
export function guardHolds(transition: HelpdeskTransition, requiresApproval: boolean): boolean {
  if (transition.guard === 'needsApproval') return requiresApproval;
  if (transition.guard === 'noApprovalNeeded') return !requiresApproval;
  return true;
}
