import { setupServer } from 'msw/node';
import type { HelpdeskListRow } from '@servicedesk/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@servicedesk/api/client';
import { createHandlers } from '@servicedesk/api/handlers';
import { HELPDESK_ALL_ACTION_KEYS, createHelpdeskHandlers } from '@servicedesk/api/helpdesk/helpdesk.handlers';
import { getHelpdeskReference } from '@servicedesk/api/helpdesk/get-helpdesk-reference';
import { getHelpdeskDashboard } from '@servicedesk/api/helpdesk/get-helpdesk-dashboard';
import { getRequestsGrid, getRequestsGridPagesQueryOptions } from '@servicedesk/api/helpdesk/get-requests-grid';
import { pickRequests } from '@servicedesk/api/helpdesk/pick-requests';
import { getRequest } from '@servicedesk/api/helpdesk/get-request';
import { saveRequest } from '@servicedesk/api/helpdesk/save-request';
import { requestAction } from '@servicedesk/api/helpdesk/request-action';
import { addRequestComment } from '@servicedesk/api/helpdesk/add-comment';
import {
  createCategory,
  createComponent,
  deleteCategory,
  deleteComponent,
  updateCategory,
  updatePriority,
} from '@servicedesk/api/helpdesk/save-catalog';
import { helpdeskKeys } from '@servicedesk/api/helpdesk/helpdesk-keys';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => server.resetHandlers(...createHandlers()));
afterEach(() => vi.restoreAllMocks());
afterAll(() => server.close());

const api = createApiClient({ baseUrl: 'http://api.test/api', getToken: () => 'token' });
const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => {});
let caller = { id: 1, keys: undefined as string[] | undefined };
/** Acts as another demo user (2 lead, 3 staff, 4 executor) with the given keys, over the same state. */
const as = (id: number, keys?: string[]) => {
  caller = { id, keys };
};
beforeEach(() => {
  caller = { id: 1, keys: undefined };
  server.use(...createHelpdeskHandlers({ callerId: () => caller.id, actionKeys: () => caller.keys ?? HELPDESK_ALL_ACTION_KEYS }));
});

describe('help-desk lists', () => {
  it('answers the scopes, filters, sorts and pages the grid', async () => {
    const mine = await getRequestsGrid(api, { scope: 'mine' });
    expect(mine.total).toBe(5);
    expect(mine.rows.every((r) => r.requesterId === 1)).toBe(true);
    expect(mine.rows[0]?.number).toBe('HD-2026-000001'); // newest first

    const overdue = await getRequestsGrid(api, { scope: 'all', overdue: true });
    expect(overdue.rows.map((r) => r.number)).toEqual(['HD-2026-000004']);
    expect(overdue.rows[0]?.overdue).toBe(true);

    const open = await getRequestsGrid(api, { scope: 'all', status: ['NEW', 'APPROVED'], priority: ['high', 'normal'] });
    expect(open.rows.map((r) => r.id).sort()).toEqual([1, 2, 3]);

    const byPriority = await getRequestsGrid(api, { scope: 'all', sort: 'priority', sortDir: 'desc', take: 2 });
    expect(byPriority.total).toBe(10);
    expect(byPriority.rows.map((r) => r.priority)).toEqual(['critical', 'high']);

    expect((await getRequestsGrid(api, { scope: 'all', search: 'vpn' })).rows.map((r) => r.id)).toEqual([3]);
    expect((await getRequestsGrid(api, { scope: 'all', categoryId: 4 })).rows.map((r) => r.id)).toEqual([7]);
    expect((await getRequestsGrid(api, { scope: 'all', assigneeId: 5 })).rows.map((r) => r.id)).toEqual([7]);
    const recent = await getRequestsGrid(api, { scope: 'all', dateFrom: '2026-11-19T10:00:00.000Z' });
    expect(recent.rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 10]);
  });

  it('refuses the whole list without viewAll and shows a lead their queue', async () => {
    quiet();
    as(2, ['helpdesk.requests']);
    await expect(getRequestsGrid(api, { scope: 'all' })).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    const queue = await getRequestsGrid(api, { scope: 'queue' });
    expect(queue.rows.every((r) => r.groupId === 1)).toBe(true);
    expect(queue.total).toBe(9);
    expect((await pickRequests(api, 'PRINTER')).map((p) => p.name)).toEqual(['HD-2026-000001 3-cü mərtəbədəki printer kağızı sıxır', 'HD-2026-000006 Printerdə kartric bitib']);
  });

  it('counts the dashboard figures from the same requests', async () => {
    const figures = await getHelpdeskDashboard(api);
    expect(figures).toMatchObject({ myOpen: 3, overdue: 1, assignedToMe: 0 });
    expect(figures.byStatus).toHaveLength(8);
    expect(figures.byStatus.reduce((n, s) => n + s.count, 0)).toBe(10);
  });
});

describe('help-desk requests', () => {
  it('creates a request with the next number, the due time from the priority and its attachments', async () => {
    const created = await saveRequest(api, { title: 'Skaner işləmir', description: 'Heç nə skan etmir', componentId: 1, priority: 'critical', fileIds: [901] });
    expect(created.request).toMatchObject({ number: 'HD-2026-000011', status: 'NEW', groupName: 'İT dəstəyi', categoryName: 'Avadanlıq' });
    expect(Date.parse(created.request.dueAt) - Date.parse(created.request.createdAt)).toBe(240 * 60_000);
    expect(created.attachments.map((f) => f.id)).toEqual([901]);
    expect(created.allowedActions).toEqual(['cancel']);
    expect((await saveRequest(api, { title: 'İkinci', description: 'x', componentId: 4 })).request.number).toBe('HD-2026-000012');
    expect((await getRequest(api, created.request.id)).history.map((h) => h.action)).toEqual(['create']);
  });

  it('refuses a bad body, an inactive component and editing outside NEW', async () => {
    quiet();
    await expect(saveRequest(api, { title: 'ab', description: 'x', componentId: 1 })).rejects.toMatchObject({ status: 400, code: 'validationError' });
    await expect(saveRequest(api, { title: 'Faks', description: 'x', componentId: 3 })).rejects.toMatchObject({ status: 422 });
    await expect(saveRequest(api, { id: 5, title: 'Dəyişdim', description: 'x', componentId: 5 })).rejects.toMatchObject({ code: 'requestNotEditable' });
  });

  it('walks the machine: approve and assign by the lead, take, hold, resume, resolve by the executor, confirm by the requester', async () => {
    quiet();
    const { request } = await saveRequest(api, { title: 'Noutbuk lazımdır', description: 'Yeni əməkdaş', componentId: 2 });
    await expect(requestAction(api, request.id, 'approve')).rejects.toMatchObject({ status: 403, code: 'forbidden' });

    as(2);
    expect((await getRequest(api, request.id)).allowedActions).toEqual(['approve', 'reject']);
    await expect(requestAction(api, request.id, 'repair')).rejects.toMatchObject({ status: 422, code: 'approvalRequired' });
    expect((await requestAction(api, request.id, 'approve')).request.status).toBe('APPROVED');
    await expect(requestAction(api, request.id, 'assign', { assigneeId: 3 })).rejects.toMatchObject({ code: 'assigneeNotInGroup' });
    expect((await requestAction(api, request.id, 'assign', { assigneeId: 4 })).request.assignee?.name).toBe('Tural İsmayıllı');
  });

  it('asks each action for its fields and records them in the history', async () => {
    quiet();
    as(4);
    await expect(requestAction(api, 10, 'hold', { holdReason: 'waitingParts' })).rejects.toMatchObject({ status: 422, code: 'commentRequired' });
    const held = await requestAction(api, 10, 'hold', { holdReason: 'waitingParts', comment: 'Kabel gözlənilir' });
    expect(held.request).toMatchObject({ status: 'ON_HOLD', holdReason: 'waitingParts' });
    expect(held.allowedActions).toEqual(['resume']);
    expect((await requestAction(api, 10, 'resume')).request.status).toBe('IN_PROGRESS');
    await expect(requestAction(api, 10, 'resolve')).rejects.toMatchObject({ code: 'solutionRequired' });
    const resolved = await requestAction(api, 10, 'resolve', { solution: 'Kabel dəyişdirildi' });
    expect(resolved.request).toMatchObject({ status: 'RESOLVED', solution: 'Kabel dəyişdirildi' });
    expect(resolved.history.slice(-3).map((h) => [h.action, h.fromStatus, h.toStatus, h.comment])).toEqual([
      ['hold', 'IN_PROGRESS', 'ON_HOLD', 'Kabel gözlənilir'],
      ['resume', 'ON_HOLD', 'IN_PROGRESS', null],
      ['resolve', 'IN_PROGRESS', 'RESOLVED', null],
    ]);
    await expect(requestAction(api, 10, 'confirm')).rejects.toMatchObject({ status: 403 });

    as(3);
    expect((await getRequest(api, 10)).allowedActions).toEqual(['confirm', 'reopen']);
    expect((await requestAction(api, 10, 'confirm')).request.status).toBe('CLOSED');
    await expect(requestAction(api, 10, 'cancel')).rejects.toMatchObject({ status: 422, code: 'invalidTransition' });
  });

  it('hides a request from someone without a part in it and adds comments', async () => {
    quiet();
    as(5, ['helpdesk.requests']);
    await expect(getRequest(api, 1)).rejects.toMatchObject({ status: 403 });
    as(3);
    const comment = await addRequestComment(api, 4, { text: 'Təşəkkürlər @Tural İsmayıllı', mentionedUserIds: [4] });
    expect(comment.author.name).toBe('Günel Həsənova');
    expect((await getRequest(api, 4)).comments.map((c) => c.text)).toContain('Təşəkkürlər @Tural İsmayıllı');
    await expect(addRequestComment(api, 4, { text: '  ' })).rejects.toMatchObject({ status: 400 });
  });
});

describe('help-desk catalogue', () => {
  it('creates, renames and deletes categories and components, and refuses deleting what is used', async () => {
    quiet();
    const category = await createCategory(api, { names: { az: 'Telefoniya', en: 'Telephony' } });
    expect(category).toMatchObject({ name: 'Telefoniya', isActive: true });
    expect((await updateCategory(api, category.id, { names: { az: 'IP telefoniya' }, isActive: false })).isActive).toBe(false);
    await expect(createCategory(api, { names: { az: ' ' } })).rejects.toMatchObject({ status: 400 });

    const component = await createComponent(api, { categoryId: category.id, names: { az: 'Stolüstü telefon' }, groupId: 1, requiresApproval: true });
    expect(component).toMatchObject({ groupName: 'İT dəstəyi', requiresApproval: true });
    await expect(createComponent(api, { categoryId: category.id, names: { az: 'X' }, groupId: 99 })).rejects.toMatchObject({ code: 'unknownGroup' });
    await expect(deleteCategory(api, category.id)).rejects.toMatchObject({ status: 409, code: 'inUse' });
    await deleteComponent(api, component.id);
    await deleteCategory(api, category.id);
    await expect(deleteComponent(api, 1)).rejects.toMatchObject({ status: 409, code: 'inUse' });

    const reference = await getHelpdeskReference(api);
    expect(reference.categories.map((c) => c.id)).not.toContain(category.id);
  });

  it('changes a priority target time, which new requests use', async () => {
    quiet();
    await updatePriority(api, 'high', { names: { az: 'Yüksək' }, targetMinutes: 60 });
    await expect(updatePriority(api, 'high', { names: { az: 'Yüksək' }, targetMinutes: 0 })).rejects.toMatchObject({ status: 400 });
    const { request } = await saveRequest(api, { title: 'Təcili', description: 'x', componentId: 4, priority: 'high' });
    expect(Date.parse(request.dueAt) - Date.parse(request.createdAt)).toBe(60 * 60_000);
  });

  it('loads more pages past the count cap until a short page, and stops at the exact total below it', () => {
    const next = getRequestsGridPagesQueryOptions(api, { scope: 'all', take: 2 }).getNextPageParam!;
    const page = (n: number, total: number, totalCapped: boolean) => ({ rows: Array.from({ length: n }, () => ({}) as HelpdeskListRow), total, totalCapped });
    const capped = [page(2, 1000, true), page(2, 1000, true)];
    const at = (...skips: number[]) => skips.map((skip) => ({ skip }));
    expect(next(capped[1]!, capped, { skip: 2 }, at(0, 2))).toEqual({ skip: 4 });
    expect(next(page(1, 1000, true), [...capped, page(1, 1000, true)], { skip: 4 }, at(0, 2, 4))).toBeUndefined();
    expect(next(page(2, 5, false), [page(2, 5, false), page(2, 5, false)], { skip: 2 }, at(0, 2))).toEqual({ skip: 4 });
    expect(next(page(2, 4, false), [page(2, 4, false), page(2, 4, false)], { skip: 2 }, at(0, 2))).toBeUndefined();
  });

  it('continues after the last page\'s cursor when the server gives one (keyset paging, issue #44)', () => {
    const next = getRequestsGridPagesQueryOptions(api, { scope: 'all', take: 2 }).getNextPageParam!;
    const page = (nextCursor: string | null) => ({ rows: [{}, {}] as HelpdeskListRow[], total: 1000, totalCapped: true, nextCursor });
    expect(next(page('abc'), [page('x'), page('abc')], { skip: 2, after: 'x' }, [{ skip: 0 }, { skip: 2, after: 'x' }])).toEqual({ skip: 4, after: 'abc' });
  });

  it('keys lists under the requests key so one invalidation refreshes them', () => {
    expect(helpdeskKeys.list({ scope: 'mine' }).slice(0, 3)).toEqual(helpdeskKeys.lists());
    expect(helpdeskKeys.detail(4).slice(0, 2)).toEqual(helpdeskKeys.requests());
  });
});
