/*
 * The shape of a status machine written as DATA (issue #11: "the transition table is data in
 * packages/contracts, read by the server, the mock handlers and the web — one copy"). The server
 * enforces a table (wrong status → 422 `invalidTransition`, wrong person → 403, missing field →
 * 422 `<field>Required`), the MSW mock answers from the same table, and the web derives its
 * buttons and prompts from it. Help desk's table (helpdesk-machine.ts) and the approval engine's
 * (approvals.ts) are the two instances.
 */

/**
 * One allowed transition of a record.
 * - `S` the record's statuses, `A` its actions, `R` the roles a caller may hold on the record,
 *   `G` preconditions besides the status, `F` fields of the action's body it cannot do without.
 */
export interface MachineTransition<S extends string, A extends string, R extends string, G extends string = never, F extends string = never> {
  from: S;
  action: A;
  /** The status afterwards (the same as `from` for an action that changes no status). */
  to: S;
  /** The catalogue action key the caller's user type must hold (seed/catalog.ts; the route's `config.permission`). */
  actionKey: string;
  /** Any one of these roles suffices. */
  who: readonly R[];
  /** The record's author may not do it to their own record even when holding a role (no self-approval). */
  notByAuthor?: boolean;
  /** A precondition on the record besides its status. */
  guard?: G;
  /** Fields the action's body must carry (422 `<field>Required` otherwise). */
  requires?: readonly F[];
}

/** A table of transitions with the look-ups every reader needs. */
export interface Machine<S extends string, A extends string, R extends string, G extends string = never, F extends string = never> {
  readonly transitions: readonly MachineTransition<S, A, R, G, F>[];
  /** The transition of `action` from `status` whose guard `guardHolds` accepts (all when omitted), or undefined. */
  find(status: S, action: A, guardHolds?: (guard: G) => boolean): MachineTransition<S, A, R, G, F> | undefined;
  /** The statuses `action` may start from (for the 422 message's `allowedFrom`). */
  statusesAllowing(action: A): S[];
  /** Whether a caller holding `roles` may do `transition` (`notByAuthor` applied with `authorRole`). */
  mayDo(transition: MachineTransition<S, A, R, G, F>, roles: ReadonlySet<R>): boolean;
}

/**
 * Wraps a table. `authorRole` is the role that means "the record's author" (help desk:
 * `requester`), used by `notByAuthor`.
 */
export function defineMachine<S extends string, A extends string, R extends string, G extends string = never, F extends string = never>(
  transitions: readonly MachineTransition<S, A, R, G, F>[],
  authorRole: R,
): Machine<S, A, R, G, F> {
  return {
    transitions,
    find: (status, action, guardHolds) =>
      transitions.find((t) => t.from === status && t.action === action && (t.guard === undefined || !guardHolds || guardHolds(t.guard))),
    statusesAllowing: (action) => [...new Set(transitions.filter((t) => t.action === action).map((t) => t.from))],
    mayDo: (transition, roles) => {
      if (transition.notByAuthor && roles.has(authorRole)) return false;
      return transition.who.some((role) => roles.has(role));
    },
  };
}
