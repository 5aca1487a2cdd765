import { http, HttpResponse } from 'msw';
import {
  approvalBulkInput,
  approvalDecideInput,
  approvalMachine,
  approvalState,
  createDelegationInput,
  isLongEnoughComment,
  myApprovalsQuery,
  type ApprovalBulkResponse,
  type ApprovalState,
  type Delegation,
  type MyApprovalRow,
} from '@servicedesk/contracts';
import { apiPath, errorResponse, validationErrorResponse } from '../mock-utils';
import { usersNameAndIdFixture } from '../global/global.fixtures';

/** The mocks' fixed clock (stories and tests stay deterministic). */
export const APPROVALS_MOCK_NOW = '2026-03-10T09:00:00.000Z';

const name = (id: number) => usersNameAndIdFixture.find((u) => u.id === id)?.name ?? `#${id}`;
const person = (id: number) => ({ id, name: name(id) });

/** A record waiting in the mock: its one pending step's approver (`approverId`) and author. */
interface MockRecord {
  recordKind: string;
  recordId: number;
  title: string;
  number: string;
  authorId: number;
  approverId: number;
  role: MyApprovalRow['role'];
  waitingSince: string;
  state: ApprovalState;
}

const record = (recordKind: string, recordId: number, title: string, number: string, authorId: number, approverId: number, role: MyApprovalRow['role'], waitingSince: string): MockRecord => ({
  recordKind,
  recordId,
  title,
  number,
  authorId,
  approverId,
  role,
  waitingSince,
  state: approvalState.parse({
    recordKind,
    recordId,
    title,
    number,
    url: recordKind === 'helpdeskRequest' ? `/home/helpdesk/requests/${recordId}` : null,
    status: 'IN_APPROVAL',
    round: 1,
    author: person(authorId),
    steps: [{ id: recordId * 10, position: 1, role, mode: 'any', status: 'PENDING', approvers: [{ approver: person(approverId), decision: null, decidedBy: null, decidedAt: null, comment: null }] }],
    allowedDecisions: [],
    onBehalfOf: null,
    updatedAt: waitingSince,
  }),
});

/** The default records: three waiting for the admin (1), one for the lead (2) whom the admin may substitute. */
export function approvalRecordsFixture(): MockRecord[] {
  return [
    record('helpdeskRequest', 2, 'Yeni əməkdaş üçün noutbuk', 'HD-2026-000002', 3, 1, 'groupLead', '2026-03-10T08:30:00.000Z'),
    record('helpdeskRequest', 3, 'Evdən işləmək üçün VPN girişi', 'HD-2026-000003', 4, 1, 'groupLead', '2026-03-09T15:00:00.000Z'),
    record('inventoryRequest', 41, 'İki monitor', 'INV-2026-000041', 5, 1, 'director', '2026-03-08T10:00:00.000Z'),
    record('helpdeskRequest', 5, 'Zoom proqramının quraşdırılması', 'HD-2026-000005', 3, 2, 'groupLead', '2026-03-07T11:00:00.000Z'),
  ];
}

export interface ApprovalsHandlersOptions {
  /** The signed-in user (usersNameAndIdFixture ids; default 1, the admin). */
  callerId?: number | (() => number);
  /** The records; default {@link approvalRecordsFixture}. */
  records?: MockRecord[];
  /** Delegations at the start (default: the lead (2) is substituted by the admin (1) now). */
  delegations?: Delegation[];
}

/**
 * MSW handlers of /api/approvals/* with in-memory state, behaving like the server (issue #11):
 * my approvals (own steps and the steps of whom the caller substitutes, newest first, paged),
 * the count, decisions after the contracts' approval machine (403 `forbidden` rule `ownRecord` /
 * `notApprover`, 422 `invalidTransition`, `commentRequired`, `commentTooShort`), bulk approval
 * with per-record results, and delegation (422 `selfDelegation`, `invalidRange`,
 * `delegationOverlaps`; 404 ending another's). Create a fresh set per test.
 */
export function createApprovalsHandlers(options: ApprovalsHandlersOptions = {}) {
  const callerOf = () => (typeof options.callerId === 'function' ? options.callerId() : (options.callerId ?? 1));
  const records = options.records ?? approvalRecordsFixture();
  let nextDelegation = 100;
  const delegations: Delegation[] = options.delegations ?? [
    {
      id: 1,
      user: person(2),
      substitute: person(1),
      startsOn: '2026-03-09',
      endsOn: '2026-03-15',
      startsAt: '2026-03-08T20:00:00.000Z',
      endsAt: '2026-03-15T20:00:00.000Z',
      reason: 'Məzuniyyət',
      createdBy: person(2),
      createdAt: '2026-03-08T12:00:00.000Z',
      endedAt: null,
    },
  ];
  const now = () => Date.parse(APPROVALS_MOCK_NOW);
  const runs = (d: Delegation) => Date.parse(d.startsAt) <= now() && now() < Math.min(Date.parse(d.endsAt), d.endedAt ? Date.parse(d.endedAt) : Infinity);
  const delegatorsOf = (me: number) => delegations.filter((d) => d.substitute.id === me && runs(d)).map((d) => d.user.id);
  const waitingFor = (me: number) =>
    records.filter((r) => r.state.status === 'IN_APPROVAL' && r.authorId !== me && (r.approverId === me || delegatorsOf(me).includes(r.approverId)));
  const row = (r: MockRecord, me: number): MyApprovalRow => ({
    recordKind: r.recordKind,
    recordId: r.recordId,
    title: r.title,
    number: r.number,
    url: r.state.url,
    author: person(r.authorId),
    stepPosition: 1,
    stepCount: 1,
    role: r.role,
    mode: 'any',
    onBehalfOf: r.approverId === me ? null : person(r.approverId),
    waitingSince: r.waitingSince,
  });
  const view = (r: MockRecord, me: number): ApprovalState => {
    const mine = r.state.status === 'IN_APPROVAL' && r.authorId !== me && (r.approverId === me || delegatorsOf(me).includes(r.approverId));
    // As the server's registrations: a help-desk request is approved or rejected, never returned.
    const decisions: ApprovalState['allowedDecisions'] = r.recordKind === 'helpdeskRequest' ? ['approve', 'reject'] : ['approve', 'reject', 'return'];
    return { ...r.state, allowedDecisions: mine ? decisions : [], onBehalfOf: mine && r.approverId !== me ? person(r.approverId) : null };
  };

  /** One decision, as the server's engine answers it (a Response on refusal). */
  const decideOne = (me: number, recordKind: string, recordId: number, decision: 'approve' | 'reject' | 'return', comment?: string) => {
    const r = records.find((x) => x.recordKind === recordKind && x.recordId === recordId);
    if (!r) return { error: { status: 404, code: 'notFound', message: 'This record has no approval.' } };
    const transition = approvalMachine.find(r.state.status, decision, decision === 'approve' ? (g) => g === 'lastStep' : undefined);
    if (!transition) return { error: { status: 422, code: 'invalidTransition', message: `A record that is ${r.state.status} cannot be given the action “${decision}”.` } };
    if (r.authorId === me) return { error: { status: 403, code: 'forbidden', message: 'You may not decide on your own record.', details: { rule: 'ownRecord' } } };
    const onBehalf = r.approverId !== me;
    if (onBehalf && !delegatorsOf(me).includes(r.approverId)) {
      return { error: { status: 403, code: 'forbidden', message: 'Only an approver of the pending step or their substitute decides it.', details: { rule: 'notApprover' } } };
    }
    if (transition.requires?.includes('comment')) {
      if (!comment?.trim()) return { error: { status: 422, code: 'commentRequired', message: 'A comment is required.' } };
      if (!isLongEnoughComment(comment)) return { error: { status: 422, code: 'commentTooShort', message: 'The comment must be at least 10 characters long.' } };
    }
    const at = APPROVALS_MOCK_NOW;
    const step = r.state.steps[0]!;
    step.status = decision === 'approve' ? (onBehalf ? 'DELEGATED' : 'APPROVED') : decision === 'reject' ? 'REJECTED' : 'RETURNED';
    step.approvers[0] = { approver: person(r.approverId), decision, decidedBy: person(me), decidedAt: at, comment: comment?.trim() || null };
    r.state.status = transition.to;
    r.state.updatedAt = at;
    return { state: view(r, me) };
  };
  const fail = (e: { status: number; code: string; message: string; details?: unknown }) => errorResponse(e.status, e.code, e.message, e.details);
  const body = async (request: Request) => {
    const text = await request.text();
    return text ? (JSON.parse(text) as unknown) : {};
  };

  return [
    http.post(apiPath('/approvals/mine'), async ({ request }) => {
      const parsed = myApprovalsQuery.safeParse(await body(request));
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const me = callerOf();
      const all = waitingFor(me)
        .filter((r) => !parsed.data.recordKind || r.recordKind === parsed.data.recordKind)
        .sort((a, b) => Date.parse(b.waitingSince) - Date.parse(a.waitingSince));
      return HttpResponse.json({ total: all.length, rows: all.slice(parsed.data.skip, parsed.data.skip + parsed.data.take).map((r) => row(r, me)) });
    }),
    http.get(apiPath('/approvals/mine/count'), () => HttpResponse.json({ pending: waitingFor(callerOf()).length })),
    http.post(apiPath('/approvals/decide'), async ({ request }) => {
      const parsed = approvalDecideInput.safeParse(await body(request));
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const out = decideOne(callerOf(), parsed.data.recordKind, parsed.data.recordId, parsed.data.decision, parsed.data.comment);
      return out.error ? fail(out.error) : HttpResponse.json(out.state);
    }),
    http.post(apiPath('/approvals/bulkApprove'), async ({ request }) => {
      const parsed = approvalBulkInput.safeParse(await body(request));
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const results: ApprovalBulkResponse['results'] = parsed.data.items.map((item) => {
        const out = decideOne(callerOf(), item.recordKind, item.recordId, 'approve', parsed.data.comment);
        return out.error ? { ...item, ok: false, status: out.error.status, code: out.error.code, message: out.error.message } : { ...item, ok: true };
      });
      const approved = results.filter((r) => r.ok).length;
      return HttpResponse.json({ results, approved, failed: results.length - approved });
    }),
    http.get(apiPath('/approvals/record/:kind/:id'), ({ params }) => {
      const r = records.find((x) => x.recordKind === params.kind && x.recordId === Number(params.id));
      return r ? HttpResponse.json(view(r, callerOf())) : errorResponse(404, 'notFound', 'This record has no approval.');
    }),
    http.get(apiPath('/approvals/delegations'), () => {
      const me = callerOf();
      return HttpResponse.json({ given: delegations.filter((d) => d.user.id === me), received: delegations.filter((d) => d.substitute.id === me) });
    }),
    http.post(apiPath('/approvals/delegations'), async ({ request }) => {
      const parsed = createDelegationInput.safeParse(await body(request));
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const me = callerOf();
      const { substituteId, startsOn, endsOn, reason } = parsed.data;
      // The server's window of whole days in the organisation's time zone (the mock's: Asia/Baku, +04:00, no DST).
      const startsAt = new Date(`${startsOn}T00:00:00+04:00`).toISOString();
      const endsAt = new Date(Date.parse(`${endsOn}T00:00:00+04:00`) + 86_400_000).toISOString();
      if (substituteId === me) return errorResponse(422, 'selfDelegation', 'You cannot be your own substitute.');
      if (!usersNameAndIdFixture.some((u) => u.id === substituteId)) return errorResponse(422, 'substituteInactive', 'Choose an active user as the substitute.');
      if (Date.parse(endsAt) <= Date.parse(startsAt) || Date.parse(endsAt) <= now()) return errorResponse(422, 'invalidRange', 'The end must come after the start and must not be past.');
      const clash = delegations.find(
        (d) => d.user.id === me && Date.parse(d.startsAt) < Date.parse(endsAt) && Math.min(Date.parse(d.endsAt), d.endedAt ? Date.parse(d.endedAt) : Infinity) > Date.parse(startsAt),
      );
      if (clash) return errorResponse(422, 'delegationOverlaps', 'Another of your delegations runs in this range.', { delegationId: clash.id });
      const created: Delegation = {
        id: nextDelegation++,
        user: person(me),
        substitute: person(substituteId),
        startsOn,
        endsOn,
        startsAt,
        endsAt,
        reason: reason || null,
        createdBy: person(me),
        createdAt: APPROVALS_MOCK_NOW,
        endedAt: null,
      };
      delegations.unshift(created);
      return HttpResponse.json(created);
    }),
    http.post(apiPath('/approvals/delegations/:id/end'), ({ params }) => {
      const d = delegations.find((x) => x.id === Number(params.id));
      if (!d || d.user.id !== callerOf()) return errorResponse(404, 'notFound', 'No such delegation of yours.');
      if (d.endedAt || Date.parse(d.endsAt) <= now()) return errorResponse(422, 'delegationOver', 'This delegation has already ended.');
      d.endedAt = APPROVALS_MOCK_NOW;
      return HttpResponse.json(d);
    }),
  ];
}
