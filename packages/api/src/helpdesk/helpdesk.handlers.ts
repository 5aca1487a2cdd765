import { http, HttpResponse } from 'msw';
import {
  HELPDESK_COUNT_CAP,
  HELPDESK_OPEN_STATUSES,
  HELPDESK_PRIORITIES,
  HELPDESK_STATUSES,
  HELPDESK_TRANSITIONS,
  addHelpdeskCommentInput,
  helpdeskGuardHolds,
  helpdeskMachine,
  helpdeskRolesOf,
  helpdeskAction,
  helpdeskCategory,
  helpdeskCategoryInput,
  helpdeskComponent,
  helpdeskComponentInput,
  helpdeskIdParams,
  helpdeskListQuery,
  helpdeskPriorityInput,
  helpdeskPriorityParams,
  helpdeskRequestDetail,
  helpdeskStatusInput,
  helpdeskTransitionInput,
  saveHelpdeskRequestInput,
  type FileItem,
  type HelpdeskAction,
  type HelpdeskCategory,
  type HelpdeskComment,
  type HelpdeskComponent,
  type HelpdeskDashboard,
  type HelpdeskHistoryEntry,
  type HelpdeskListRow,
  type HelpdeskPriority,
  type HelpdeskRequest,
  type HelpdeskStatus,
  type HelpdeskTransition,
  type HelpdeskTransitionInput,
} from '@servicedesk/contracts';
import { apiPath, errorResponse, validationErrorResponse } from '../mock-utils';
import { usersNameAndIdFixture } from '../global/global.fixtures';
import {
  HELPDESK_MOCK_NOW,
  creationEntry,
  helpdeskReferenceFixture,
  helpdeskRequestDetailFixture,
  helpdeskRequestsFixture,
} from './helpdesk.fixtures';

/** Every help-desk action key (what the mocks' default caller, an administrator, holds). */
export const HELPDESK_ALL_ACTION_KEYS = [
  'helpdesk.requests',
  'helpdesk.requests.create',
  'helpdesk.requests.approve',
  'helpdesk.requests.reject',
  'helpdesk.requests.assign',
  'helpdesk.requests.repair',
  'helpdesk.requests.hold',
  'helpdesk.requests.resolve',
  'helpdesk.requests.cancel',
  'helpdesk.requests.viewAll',
  'helpdesk.categories',
  'helpdesk.categories.create',
  'helpdesk.categories.update',
  'helpdesk.categories.delete',
] as const;

/** Who the mocked caller is and what their user type holds. */
export interface HelpdeskHandlersOptions {
  /**
   * The signed-in user (usersNameAndIdFixture ids): 1 admin (default), 2 lead of İT dəstəyi, 3
   * staff, 4 IT executor, 5 lead of Anbar. A function is asked on every call, so a test can act
   * as several people over the same state.
   */
  callerId?: number | (() => number);
  /** The caller's action keys (or a function answering them per call); default every help-desk key. */
  actionKeys?: readonly string[] | (() => readonly string[]);
  /** The clock; default HELPDESK_MOCK_NOW (fixed, so stories and tests are deterministic). */
  now?: () => Date;
}

const isOpen = (status: HelpdeskStatus) => (HELPDESK_OPEN_STATUSES as readonly HelpdeskStatus[]).includes(status);
/** Case folding for the searches: I and İ both fold to i (ILIKE-like, whatever the typing language). */
const fold = (s: string) => s.replace(/[Iİ]/g, 'i').toLowerCase();

interface Stored {
  request: HelpdeskRequest;
  history: HelpdeskHistoryEntry[];
  comments: HelpdeskComment[];
  attachments: FileItem[];
}

/**
 * MSW handlers of /api/helpdesk/* with in-memory state, behaving like the server: the caller
 * (`options.callerId`, default the admin) sees the scopes mine / assigned / queue / all (403
 * without viewAll) with every filter, sort and page; the status calls follow the contracts' (helpdesk-machine.ts, the server's too)
 * transition table (422 `invalidTransition`, `approvalRequired`/`approvalNotRequired`,
 * `<field>Required`, `assigneeNotInGroup`; 403 `forbidden` for the wrong person or a missing
 * action key) and answer the detail with the caller's `allowedActions`; save creates
 * HD-2026-NNNNNN numbers without gaps and refuses edits outside NEW (422 `requestNotEditable`);
 * the admin calls keep categories, components and priorities (409 `inUse` when deleting a used
 * one). Bodies are checked by the contracts (400 `validationError`). Create a fresh set per test.
 */
export function createHelpdeskHandlers(options: HelpdeskHandlersOptions = {}) {
  const callerOption = options.callerId ?? 1;
  const keysOption = options.actionKeys ?? HELPDESK_ALL_ACTION_KEYS;
  let callerId = 1;
  let keys = new Set<string>();
  /** Reads who is calling (the options may be functions) at the start of each handler. */
  const who = () => {
    callerId = typeof callerOption === 'function' ? callerOption() : callerOption;
    keys = new Set(typeof keysOption === 'function' ? keysOption() : keysOption);
  };
  const now = options.now ?? (() => new Date(HELPDESK_MOCK_NOW));
  const userName = new Map(usersNameAndIdFixture.map((u) => [u.id, u.name]));
  const person = (id: number) => ({ id, name: userName.get(id) ?? `#${id}`, imgPath: null });

  const categories: HelpdeskCategory[] = helpdeskReferenceFixture.categories.map((c) => ({ ...c, names: { ...c.names } }));
  const components: HelpdeskComponent[] = helpdeskReferenceFixture.components.map((c) => ({ ...c, names: { ...c.names } }));
  const priorities: HelpdeskPriority[] = helpdeskReferenceFixture.priorities.map((p) => ({ ...p, names: { ...p.names } }));
  const groups = helpdeskReferenceFixture.groups;
  let nextId = 1000;
  let lastNumber = helpdeskRequestsFixture.length;
  const store = new Map<number, Stored>(
    helpdeskRequestsFixture.map((request) => {
      const base =
        request.id === helpdeskRequestDetailFixture.request.id
          ? { history: helpdeskRequestDetailFixture.history, comments: helpdeskRequestDetailFixture.comments, attachments: helpdeskRequestDetailFixture.attachments }
          : { history: [creationEntry(request, request.id * 10)], comments: [], attachments: [] };
      return [request.id, structuredClone({ request, ...base })];
    }),
  );

  const forbidden = (rule: string) => errorResponse(403, 'forbidden', 'You may not do this', { rule });
  const group = (id: number) => groups.find((g) => g.id === id);
  const inGroup = (groupId: number, userId = callerId) => {
    const g = group(groupId);
    return !!g && (g.leadId === userId || g.members.some((m) => m.id === userId));
  };
  const hasPart = (r: HelpdeskRequest) => r.requester.id === callerId || r.assignee?.id === callerId || inGroup(r.groupId);
  const visible = (r: HelpdeskRequest) => keys.has('helpdesk.requests.viewAll') || hasPart(r);
  const isOverdue = (r: HelpdeskRequest, at = now()) =>
    isOpen(r.status) && Date.parse(r.dueAt) < (r.onHoldSince ? Date.parse(r.onHoldSince) : at.getTime());
  const fresh = (r: HelpdeskRequest): HelpdeskRequest => ({ ...r, overdue: isOverdue(r) });

  /** The caller's roles on the request: the contracts' one definition (helpdeskRolesOf). */
  const rolesOf = (r: HelpdeskRequest) =>
    helpdeskRolesOf({
      userId: callerId,
      requesterId: r.requester.id,
      assigneeId: r.assignee?.id ?? null,
      isGroupMember: inGroup(r.groupId),
      isGroupLead: group(r.groupId)?.leadId === callerId,
    });
  const guardHolds = (t: HelpdeskTransition, r: HelpdeskRequest) => helpdeskGuardHolds(t, r.requiresApproval);
  const mayDo = (t: HelpdeskTransition, r: HelpdeskRequest) => keys.has(t.actionKey) && helpdeskMachine.mayDo(t, rolesOf(r));
  const detail = (s: Stored) =>
    helpdeskRequestDetail.parse({
      request: fresh(s.request),
      history: s.history,
      comments: s.comments,
      attachments: s.attachments,
      allowedActions: HELPDESK_TRANSITIONS.filter((t) => t.from === s.request.status && guardHolds(t, s.request) && mayDo(t, s.request)).map((t) => t.action),
    });
  const load = (rawId: unknown) => {
    const { id } = helpdeskIdParams.parse({ id: rawId });
    const s = store.get(id);
    if (!s) return { error: errorResponse(404, 'notFound', 'No such request') };
    if (!visible(s.request)) return { error: forbidden('helpdesk.noPart') };
    return { s };
  };
  const row = (r: HelpdeskRequest): HelpdeskListRow => ({
    id: r.id,
    number: r.number,
    title: r.title,
    categoryName: r.categoryName,
    componentName: r.componentName,
    priority: r.priority,
    status: r.status,
    requesterId: r.requester.id,
    requesterName: r.requester.name,
    groupId: r.groupId,
    groupName: r.groupName,
    assigneeId: r.assignee?.id ?? null,
    assigneeName: r.assignee?.name ?? null,
    dueAt: r.dueAt,
    overdue: isOverdue(r),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  });

  const applyAction = async (rawId: unknown, action: HelpdeskAction, input: HelpdeskTransitionInput) => {
    const found = load(rawId);
    if (found.error) return found.error;
    const { s } = found;
    const r = s.request;
    const t = helpdeskMachine.find(r.status, action);
    if (!t) return errorResponse(422, 'invalidTransition', `A request that is ${r.status} cannot be given the action “${action}”.`, { status: r.status, action });
    if (!guardHolds(t, r)) {
      return t.guard === 'needsApproval'
        ? errorResponse(422, 'approvalNotRequired', 'This request’s component does not need approval.')
        : errorResponse(422, 'approvalRequired', 'This request must be approved by the group lead first.');
    }
    if (!keys.has(t.actionKey)) return forbidden('actionKey');
    if (!mayDo(t, r)) return forbidden(t.notByAuthor && rolesOf(r).has('requester') ? 'helpdesk.notByRequester' : `helpdesk.${t.who.join('|')}`);
    for (const field of t.requires ?? []) {
      const value = input[field];
      if (value === undefined || value === '') return errorResponse(422, `${field === 'assigneeId' ? 'assignee' : field}Required`, `${field} is required`);
    }
    if (action === 'assign' && !inGroup(r.groupId, input.assigneeId)) {
      return errorResponse(422, 'assigneeNotInGroup', 'The assignee must be a member of the request’s group.');
    }
    const at = now();
    const details: Record<string, unknown> = {};
    const from = r.status;
    r.status = t.to;
    r.updatedAt = at.toISOString();
    switch (action) {
      case 'assign':
        r.assignee = person(input.assigneeId!);
        Object.assign(details, { assigneeId: r.assignee.id, assigneeName: r.assignee.name });
        break;
      case 'repair':
        r.assignee = person(callerId);
        details.assigneeId = callerId;
        break;
      case 'hold':
        r.onHoldSince = at.toISOString();
        r.holdReason = input.holdReason!;
        details.holdReason = input.holdReason;
        break;
      case 'resume': {
        const held = Math.max(0, at.getTime() - Date.parse(r.onHoldSince ?? r.updatedAt));
        r.heldMs += held;
        r.dueAt = new Date(Date.parse(r.dueAt) + held).toISOString();
        r.onHoldSince = null;
        r.holdReason = null;
        details.heldMs = held;
        break;
      }
      case 'resolve':
        r.solution = input.solution!;
        r.resolvedAt = at.toISOString();
        details.solution = input.solution;
        break;
      case 'reopen':
        r.solution = null;
        r.resolvedAt = null;
        break;
      case 'confirm':
      case 'reject':
      case 'cancel':
        r.closedAt = at.toISOString();
        break;
      default:
        break;
    }
    s.history.push({
      id: nextId++,
      action,
      fromStatus: from,
      toStatus: t.to,
      actor: person(callerId),
      comment: input.comment?.trim() || null,
      details: Object.keys(details).length > 0 ? details : null,
      createdAt: at.toISOString(),
    });
    return HttpResponse.json(detail(s));
  };

  return [
    http.get(apiPath('/helpdesk/reference'), () =>
      HttpResponse.json({ categories, components, priorities, groups, holdReasons: helpdeskReferenceFixture.holdReasons }),
    ),

    http.get(apiPath('/helpdesk/dashboard'), () => {
      who();
      const all = [...store.values()].map((s) => s.request).filter(visible);
      const body: HelpdeskDashboard = {
        myOpen: all.filter((r) => r.requester.id === callerId && isOpen(r.status)).length,
        overdue: all.filter((r) => isOverdue(r)).length,
        myGroupQueue: all.filter((r) => inGroup(r.groupId) && (r.status === 'NEW' || r.status === 'APPROVED') && r.assignee === null).length,
        assignedToMe: all.filter((r) => r.assignee?.id === callerId && isOpen(r.status)).length,
        byStatus: HELPDESK_STATUSES.map((status) => ({ status, count: all.filter((r) => r.status === status).length })),
        byPriority: HELPDESK_PRIORITIES.map((priority) => ({ priority, count: all.filter((r) => r.priority === priority && isOpen(r.status)).length })),
      };
      return HttpResponse.json(body);
    }),

    http.post(apiPath('/helpdesk/requests/grid'), async ({ request }) => {
      who();
      const parsed = helpdeskListQuery.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const q = parsed.data;
      if (q.scope === 'all' && !keys.has('helpdesk.requests.viewAll')) return forbidden('helpdesk.requests.viewAll');
      const search = q.search ? fold(q.search) : '';
      const rows = [...store.values()]
        .map((s) => s.request)
        .filter((r) => {
          if (q.scope === 'mine' && r.requester.id !== callerId) return false;
          if (q.scope === 'assigned' && r.assignee?.id !== callerId) return false;
          if (q.scope === 'queue' && !inGroup(r.groupId)) return false;
          if (q.scope === 'involved' && r.requester.id !== callerId && r.assignee?.id !== callerId && !inGroup(r.groupId)) return false;
          if (q.scope === 'all' && !visible(r)) return false;
          if (q.status?.length && !q.status.includes(r.status)) return false;
          if (q.priority?.length && !q.priority.includes(r.priority)) return false;
          if (q.categoryId && r.categoryId !== q.categoryId) return false;
          if (q.componentId && r.componentId !== q.componentId) return false;
          if (q.assigneeId && r.assignee?.id !== q.assigneeId) return false;
          if (q.requesterId && r.requester.id !== q.requesterId) return false;
          if (q.groupId && r.groupId !== q.groupId) return false;
          if (q.dateFrom && Date.parse(r.createdAt) < Date.parse(q.dateFrom)) return false;
          if (q.dateTo && Date.parse(r.createdAt) > Date.parse(q.dateTo)) return false;
          if (q.overdue !== undefined && isOverdue(r) !== q.overdue) return false;
          if (search && ![r.number, r.title, r.requester.name].some((v) => fold(v).includes(search))) return false;
          return true;
        })
        .map(row);
      const rank = (x: HelpdeskListRow): string | number =>
        q.sort === 'priority' ? HELPDESK_PRIORITIES.indexOf(x.priority) : q.sort === 'status' ? HELPDESK_STATUSES.indexOf(x.status) : x[q.sort];
      const dir = q.sortDir === 'asc' ? 1 : -1;
      rows.sort((a, b) => {
        const ra = rank(a);
        const rb = rank(b);
        const c = typeof ra === 'number' && typeof rb === 'number' ? ra - rb : String(ra).localeCompare(String(rb), 'az');
        return c !== 0 ? c * dir : (a.id - b.id) * dir;
      });
      return HttpResponse.json({ rows: rows.slice(q.skip, q.skip + q.take), total: Math.min(rows.length, HELPDESK_COUNT_CAP), totalCapped: rows.length > HELPDESK_COUNT_CAP });
    }),

    http.get(apiPath('/helpdesk/requests/list'), ({ request }) => {
      who();
      const search = fold(new URL(request.url).searchParams.get('search')?.trim() ?? '');
      const picks = [...store.values()]
        .map((s) => s.request)
        .filter(visible)
        .filter((r) => !search || fold(`${r.number} ${r.title}`).includes(search))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
        .slice(0, 20)
        .map((r) => ({ id: r.id, name: `${r.number} ${r.title}` }));
      return HttpResponse.json(picks);
    }),

    http.post(apiPath('/helpdesk/requests/save'), async ({ request }) => {
      who();
      if (!keys.has('helpdesk.requests.create')) return forbidden('helpdesk.requests.create');
      const parsed = saveHelpdeskRequestInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const input = parsed.data;
      const component = components.find((c) => c.id === input.componentId);
      if (!component || !component.isActive) return errorResponse(422, 'unknownComponent', 'No such component.');
      const category = categories.find((c) => c.id === component.categoryId)!;
      const priority = priorities.find((p) => p.code === input.priority)!;
      const at = now();
      const attachments = input.fileIds.map(
        (id): FileItem => ({ id, name: `fayl-${id}.pdf`, url: `files/${id}`, type: 'helpdeskRequest', mime: 'application/pdf', sizeBytes: 1024 }),
      );
      const fields = {
        title: input.title,
        description: input.description,
        categoryId: category.id,
        categoryName: category.name,
        componentId: component.id,
        componentName: component.name,
        requiresApproval: component.requiresApproval,
        priority: input.priority,
        locationId: input.locationId ?? null,
        locationName: input.locationId ? 'Baş ofis, Bakı' : null,
        groupId: component.groupId,
        groupName: component.groupName,
      };
      if (input.id !== undefined) {
        const found = load(input.id);
        if (found.error) return found.error;
        const { s } = found;
        if (s.request.requester.id !== callerId) return forbidden('helpdesk.requester');
        if (s.request.status !== 'NEW') return errorResponse(422, 'requestNotEditable', 'Only a NEW request can be edited.');
        Object.assign(s.request, fields, { updatedAt: at.toISOString() });
        s.attachments.push(...attachments);
        s.history.push({ id: nextId++, action: 'update', fromStatus: 'NEW', toStatus: 'NEW', actor: person(callerId), comment: null, details: null, createdAt: at.toISOString() });
        return HttpResponse.json(detail(s));
      }
      const id = nextId++;
      const created: HelpdeskRequest = {
        id,
        number: `HD-2026-${String(++lastNumber).padStart(6, '0')}`,
        ...fields,
        requester: person(callerId),
        assignee: null,
        status: 'NEW',
        holdReason: null,
        dueAt: new Date(at.getTime() + priority.targetMinutes * 60_000).toISOString(),
        onHoldSince: null,
        heldMs: 0,
        overdue: false,
        solution: null,
        createdAt: at.toISOString(),
        updatedAt: at.toISOString(),
        resolvedAt: null,
        closedAt: null,
      };
      const s: Stored = { request: created, history: [creationEntry(created, nextId++)], comments: [], attachments };
      store.set(id, s);
      return HttpResponse.json(detail(s));
    }),

    http.get(apiPath('/helpdesk/requests/:id'), ({ params }) => {
      who();
      const found = load(params.id);
      return found.error ?? HttpResponse.json(detail(found.s));
    }),

    http.post(apiPath('/helpdesk/requests/:id/status'), async ({ params, request }) => {
      who();
      const parsed = helpdeskStatusInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const { action, ...input } = parsed.data;
      return applyAction(params.id, action, input);
    }),

    http.post(apiPath('/helpdesk/requests/:id/comments'), async ({ params, request }) => {
      who();
      const found = load(params.id);
      if (found.error) return found.error;
      const parsed = addHelpdeskCommentInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const comment: HelpdeskComment = { id: nextId++, author: person(callerId), text: parsed.data.text, createdAt: now().toISOString() };
      found.s.comments.push(comment);
      return HttpResponse.json(comment);
    }),

    http.post(apiPath('/helpdesk/requests/:id/:action'), async ({ params, request }) => {
      who();
      const action = helpdeskAction.safeParse(params.action);
      if (!action.success) return errorResponse(404, 'notFound', 'Not found');
      const text = await request.text();
      const parsed = helpdeskTransitionInput.safeParse(text ? JSON.parse(text) : {});
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      return applyAction(params.id, action.data, parsed.data);
    }),

    // --- Admin -------------------------------------------------------------------------------
    http.post(apiPath('/helpdesk/categories'), async ({ request }) => {
      who();
      if (!keys.has('helpdesk.categories.create')) return forbidden('helpdesk.categories.create');
      const parsed = helpdeskCategoryInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const category = helpdeskCategory.parse({ id: nextId++, name: parsed.data.names.az, ...parsed.data });
      categories.push(category);
      return HttpResponse.json(category);
    }),
    http.put(apiPath('/helpdesk/categories/:id'), async ({ params, request }) => {
      who();
      if (!keys.has('helpdesk.categories.update')) return forbidden('helpdesk.categories.update');
      const { id } = helpdeskIdParams.parse(params);
      const parsed = helpdeskCategoryInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const category = categories.find((c) => c.id === id);
      if (!category) return errorResponse(404, 'notFound', 'No such category.');
      Object.assign(category, parsed.data, { name: parsed.data.names.az });
      for (const s of store.values()) if (s.request.categoryId === id) s.request.categoryName = category.name;
      return HttpResponse.json(category);
    }),
    http.delete(apiPath('/helpdesk/categories/:id'), ({ params }) => {
      who();
      if (!keys.has('helpdesk.categories.delete')) return forbidden('helpdesk.categories.delete');
      const { id } = helpdeskIdParams.parse(params);
      const index = categories.findIndex((c) => c.id === id);
      if (index < 0) return errorResponse(404, 'notFound', 'No such category.');
      if (components.some((c) => c.categoryId === id) || [...store.values()].some((s) => s.request.categoryId === id)) {
        return errorResponse(409, 'inUse', 'The category has components or requests; deactivate it instead.');
      }
      categories.splice(index, 1);
      return HttpResponse.json({ ok: true });
    }),
    http.post(apiPath('/helpdesk/components'), async ({ request }) => {
      who();
      if (!keys.has('helpdesk.categories.create')) return forbidden('helpdesk.categories.create');
      const parsed = helpdeskComponentInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      if (!categories.some((c) => c.id === parsed.data.categoryId)) return errorResponse(422, 'unknownCategory', 'No such category.');
      const g = group(parsed.data.groupId);
      if (!g) return errorResponse(422, 'unknownGroup', 'No such group.');
      const component = helpdeskComponent.parse({ id: nextId++, name: parsed.data.names.az, groupName: g.name, ...parsed.data });
      components.push(component);
      return HttpResponse.json(component);
    }),
    http.put(apiPath('/helpdesk/components/:id'), async ({ params, request }) => {
      who();
      if (!keys.has('helpdesk.categories.update')) return forbidden('helpdesk.categories.update');
      const { id } = helpdeskIdParams.parse(params);
      const parsed = helpdeskComponentInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const component = components.find((c) => c.id === id);
      if (!component) return errorResponse(404, 'notFound', 'No such component.');
      if (!categories.some((c) => c.id === parsed.data.categoryId)) return errorResponse(422, 'unknownCategory', 'No such category.');
      const g = group(parsed.data.groupId);
      if (!g) return errorResponse(422, 'unknownGroup', 'No such group.');
      Object.assign(component, parsed.data, { name: parsed.data.names.az, groupName: g.name });
      return HttpResponse.json(component);
    }),
    http.delete(apiPath('/helpdesk/components/:id'), ({ params }) => {
      who();
      if (!keys.has('helpdesk.categories.delete')) return forbidden('helpdesk.categories.delete');
      const { id } = helpdeskIdParams.parse(params);
      const index = components.findIndex((c) => c.id === id);
      if (index < 0) return errorResponse(404, 'notFound', 'No such component.');
      if ([...store.values()].some((s) => s.request.componentId === id)) return errorResponse(409, 'inUse', 'Requests use this component; deactivate it instead.');
      components.splice(index, 1);
      return HttpResponse.json({ ok: true });
    }),
    http.put(apiPath('/helpdesk/priorities/:code'), async ({ params, request }) => {
      who();
      if (!keys.has('helpdesk.categories.update')) return forbidden('helpdesk.categories.update');
      const code = helpdeskPriorityParams.safeParse(params);
      if (!code.success) return errorResponse(404, 'notFound', 'No such priority.');
      const parsed = helpdeskPriorityInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const priority = priorities.find((p) => p.code === code.data.code)!;
      Object.assign(priority, parsed.data, { name: parsed.data.names.az });
      return HttpResponse.json(priority);
    }),
  ];
}

/** A shared default set of the help-desk handlers (the admin as caller). */
export const helpdeskHandlers = createHelpdeskHandlers();
