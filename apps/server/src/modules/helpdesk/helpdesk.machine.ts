import {
  HELPDESK_ACTION_KEYS,
  HELPDESK_AUTO_CLOSE,
  HELPDESK_TRANSITIONS,
  helpdeskGuardHolds,
  helpdeskMachine,
  helpdeskRolesOf,
  type HelpdeskAction,
  type HelpdeskRole,
  type HelpdeskRoleFacts,
  type HelpdeskStatus,
  type HelpdeskTransition,
} from '@servicedesk/contracts';

/*
 * The server's names for help desk's status machine. The table itself is data in
 * packages/contracts (helpdesk-machine.ts, issue #11) — the one copy the server, the MSW mock and
 * the web read. The service enforces it (wrong status → 422, wrong person → 403 through
 * lib/access.ts), the detail's `allowedActions` and the tests are derived from it.
 */

export type { HelpdeskRole, HelpdeskTransition };
export type RoleFacts = HelpdeskRoleFacts;

/** The action key each action's route declares. */
export const ACTION_KEYS = HELPDESK_ACTION_KEYS;
/** Every allowed transition of a person (contracts HELPDESK_TRANSITIONS). */
export const TRANSITIONS = HELPDESK_TRANSITIONS;
/** The system's own transition: RESOLVED → CLOSED (the scheduled job). */
export const AUTO_CLOSE = HELPDESK_AUTO_CLOSE;

/** The transition of `action` from `status` (guard not applied), or undefined when the machine has none. */
export const findTransition = (status: HelpdeskStatus, action: HelpdeskAction): HelpdeskTransition | undefined => helpdeskMachine.find(status, action);

/** The statuses `action` may start from (for the 422 message). */
export const statusesAllowing = (action: HelpdeskAction): HelpdeskStatus[] => helpdeskMachine.statusesAllowing(action);

/** The roles `facts.userId` holds on the request. */
export const rolesOf = helpdeskRolesOf;

/** Whether the roles let the caller do `transition` (`notByAuthor`: never the requester). */
export const mayDo = (transition: HelpdeskTransition, roles: ReadonlySet<HelpdeskRole>): boolean => helpdeskMachine.mayDo(transition, roles);

/** Whether the request's state meets the transition's guard. */
export const guardHolds = helpdeskGuardHolds;
