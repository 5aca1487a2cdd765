import type { HelpdeskAction, HelpdeskStatus } from './helpdesk';
import { defineMachine, type MachineTransition } from './machine';

/*
 * The status machine of a help-desk request (DOMAIN.md "Help-desk requests") as ONE table, read
 * by the server (modules/helpdesk: 422 `invalidTransition`, 403 through lib/access.ts, the
 * detail's `allowedActions`), the MSW mock (packages/api helpdesk.handlers.ts) and the web
 * (features/helpdesk/detail/detail-model.ts: what each action asks for) — issue #11.
 */

/**
 * Who may do a transition, relative to the request:
 * - `requester` — the person who created it (the record's author);
 * - `groupLead` — the lead of the group serving it;
 * - `groupMember` — any member of that group (the lead included);
 * - `assignee` — the person it is assigned to;
 * - `unassignedGroupMember` — a member of the group while nobody (else) is assigned.
 */
export type HelpdeskRole = 'requester' | 'groupLead' | 'groupMember' | 'assignee' | 'unassignedGroupMember';

/** A precondition on the request besides its status: its component needs approval, or not. */
export type HelpdeskGuard = 'needsApproval' | 'noApprovalNeeded';

/** A field of the transition body the action cannot do without (422 `<field>Required`). */
export type HelpdeskRequiredField = 'comment' | 'holdReason' | 'solution' | 'assigneeId';

export type HelpdeskTransition = MachineTransition<HelpdeskStatus, HelpdeskAction, HelpdeskRole, HelpdeskGuard, HelpdeskRequiredField>;

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
export const HELPDESK_ACTION_KEYS: Record<HelpdeskAction, string> = {
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

/**
 * Every allowed transition of a person. Anything not listed is refused with 422
 * `invalidTransition`. `approve` (NEW → APPROVED) is decided through the approval engine on the
 * server (a chain of one step: the group's lead, or their substitute — issue #11).
 */
export const HELPDESK_TRANSITIONS: readonly HelpdeskTransition[] = [
  { from: 'NEW', action: 'approve', to: 'APPROVED', actionKey: K.approve, who: ['groupLead'], notByAuthor: true, guard: 'needsApproval' },
  { from: 'NEW', action: 'reject', to: 'REJECTED', actionKey: K.reject, who: ['groupLead', 'groupMember'], notByAuthor: true, requires: ['comment'] },
  { from: 'APPROVED', action: 'reject', to: 'REJECTED', actionKey: K.reject, who: ['groupLead', 'groupMember'], notByAuthor: true, requires: ['comment'] },
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

/** The help-desk machine: {@link HELPDESK_TRANSITIONS} with its look-ups (the requester is the author). */
export const helpdeskMachine = defineMachine(HELPDESK_TRANSITIONS, 'requester');

/** The system's own transition: RESOLVED → CLOSED after HELPDESK_AUTO_CLOSE_DAYS (the scheduled job). */
export const HELPDESK_AUTO_CLOSE = { from: 'RESOLVED', to: 'CLOSED', action: 'autoClose' } as const;

/** Whether the request's state meets the transition's guard (`requiresApproval`: its component needs approval). */
export function helpdeskGuardHolds(transition: Pick<HelpdeskTransition, 'guard'>, requiresApproval: boolean): boolean {
  if (transition.guard === 'needsApproval') return requiresApproval;
  if (transition.guard === 'noApprovalNeeded') return !requiresApproval;
  return true;
}

/** What the roles are decided from: the request and the caller's relation to its group. */
export interface HelpdeskRoleFacts {
  userId: number;
  requesterId: number;
  assigneeId: number | null;
  isGroupMember: boolean;
  isGroupLead: boolean;
}

/** The roles `facts.userId` holds on the request (the one definition: server and mock). */
export function helpdeskRolesOf(facts: HelpdeskRoleFacts): Set<HelpdeskRole> {
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
