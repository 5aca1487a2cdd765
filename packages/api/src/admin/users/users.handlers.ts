import { http, HttpResponse } from 'msw';
import {
  adminAuditParams,
  adminIdParams,
  adminResetPasswordInput,
  adminUserCreateInput,
  adminUserDetail,
  adminUsersQuery,
  adminUserUpdateInput,
  deactivateElementInput,
  type AdminAuditEntry,
  type AdminUserRow,
  type AdminUserSortKey,
} from '@servicedesk/contracts';
import { apiPath, errorResponse, validationErrorResponse } from '../../mock-utils';
import { userTypesFixture } from '../userTypes/userTypes.fixtures';
import { languageOf } from '../userTypes/userTypes.handlers';
import { adminUsersFixture, userAuditFixture, userLocationsFixture, userPositionsFixture } from './users.fixtures';

/** Lower case with Azerbaijani letters and accents folded, as the server's search compares. */
function fold(text: string): string {
  return text
    .toLocaleLowerCase('az')
    .replace(/ə/g, 'e')
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

const sorters: Record<AdminUserSortKey, (u: AdminUserRow) => string | number> = {
  name: (u) => fold(`${u.firstName} ${u.lastName}`),
  email: (u) => u.email,
  userType: (u) => fold(u.userTypeName),
  position: (u) => fold(u.positionName ?? '\uffff'),
  location: (u) => fold(u.locationName ?? '\uffff'),
  createdAt: (u) => u.createdAt,
  isActive: (u) => (u.isActive ? 0 : 1),
};

/**
 * MSW handlers of the users administration with in-memory state, behaving like the server:
 * the list filters, searches (accent-insensitive), sorts and pages; create answers 409
 * `emailTaken` for a used email and 422 `unknownReference` for an unknown type, position or
 * location; deactivateElement {type: 'user'} needs a reason of 10+ characters and refuses
 * `alreadyInactive`; activate, resetPassword and every change append to the audit log;
 * signInLock answers locked for `options.lockedUserIds` until DELETE lifts it (issue #20).
 * deactivateElement calls of other types fall through to the next handler.
 * Create a fresh set per test or story.
 */
export function createAdminUsersHandlers(options: { lockedUserIds?: number[] } = {}) {
  /** Users whose sign-in is locked (issue #20), until the lock is lifted. */
  const locked = new Set(options.lockedUserIds ?? []);
  const users = new Map<number, AdminUserRow>(adminUsersFixture.map((u) => [u.id, { ...u }]));
  const audit: AdminAuditEntry[] = [...userAuditFixture];
  let nextId = Math.max(...users.keys()) + 1;
  let nextAuditId = Math.max(...audit.map((a) => a.id)) + 1;
  const now = () => new Date().toISOString();

  const log = (entityId: number, action: string, changes: Record<string, unknown> = {}) => {
    audit.unshift({ id: nextAuditId++, actorId: 1, actorName: 'Aysel Məmmədova', entityType: 'user', entityId, action, changes, createdAt: now() });
  };
  /** The row with its user type named in the request's language, as the server answers it. */
  const localised = (u: AdminUserRow, request: Request): AdminUserRow => {
    const type = userTypesFixture.find((t) => t.id === u.userTypeId);
    return type ? { ...u, userTypeName: type.names[languageOf(request)] } : u;
  };
  const detail = (u: AdminUserRow, request: Request) => adminUserDetail.parse({ ...localised(u, request), groups: [], updatedAt: now() });

  /** Resolves the referenced names, or the 422 answer for a missing one. */
  const references = (input: { userTypeId: number; positionId: number | null; locationId: number | null }, request: Request) => {
    const type = userTypesFixture.find((t) => t.id === input.userTypeId);
    const position = input.positionId === null ? null : userPositionsFixture.find((p) => p.id === input.positionId);
    const location = input.locationId === null ? null : userLocationsFixture.find((l) => l.id === input.locationId);
    if (!type || position === undefined || location === undefined) return null;
    return { userTypeName: type.names[languageOf(request)], positionName: position?.name ?? null, locationName: location?.name ?? null };
  };
  const emailTaken = (email: string, exceptId?: number) => [...users.values()].some((u) => u.id !== exceptId && u.email === email);

  return [
    http.post(apiPath('/admin/users/list'), async ({ request }) => {
      const parsed = adminUsersQuery.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const q = parsed.data;
      const needle = q.search ? fold(q.search) : '';
      const rows = [...users.values()]
        .filter((u) => !needle || fold(`${u.firstName} ${u.lastName} ${u.email}`).includes(needle))
        .filter((u) => q.isActive == null || u.isActive === q.isActive)
        .filter((u) => q.userTypeId == null || u.userTypeId === q.userTypeId)
        .filter((u) => q.positionId == null || u.positionId === q.positionId)
        .filter((u) => q.locationId == null || u.locationId === q.locationId);
      const key = sorters[q.sortBy];
      rows.sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        const order = x < y ? -1 : x > y ? 1 : a.id - b.id;
        return q.sortDir === 'desc' ? -order : order;
      });
      return HttpResponse.json({ totalCount: rows.length, items: rows.slice(q.skip, q.skip + q.take).map((u) => localised(u, request)) });
    }),

    http.get(apiPath('/admin/users/:id'), ({ params, request }) => {
      const parsed = adminIdParams.safeParse(params);
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const user = users.get(parsed.data.id);
      return user ? HttpResponse.json(detail(user, request)) : errorResponse(404, 'notFound', 'No such user');
    }),

    http.post(apiPath('/admin/users'), async ({ request }) => {
      const parsed = adminUserCreateInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const { password, ...fields } = parsed.data;
      if (emailTaken(fields.email)) return errorResponse(409, 'emailTaken', 'A user with this email exists');
      const names = references(fields, request);
      if (!names) return errorResponse(422, 'unknownReference', 'Unknown user type, position or location');
      const user: AdminUserRow = { ...fields, ...names, id: nextId++, isActive: true, deactivationReason: null, createdAt: now() };
      users.set(user.id, user);
      log(user.id, 'create');
      return HttpResponse.json({ user: detail(user, request), resetMailQueued: password === undefined }, { status: 201 });
    }),

    http.put(apiPath('/admin/users/:id'), async ({ params, request }) => {
      const id = adminIdParams.safeParse(params);
      if (!id.success) return validationErrorResponse(id.error.issues);
      const user = users.get(id.data.id);
      if (!user) return errorResponse(404, 'notFound', 'No such user');
      const parsed = adminUserUpdateInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      if (emailTaken(parsed.data.email, user.id)) return errorResponse(409, 'emailTaken', 'A user with this email exists');
      const names = references(parsed.data, request);
      if (!names) return errorResponse(422, 'unknownReference', 'Unknown user type, position or location');
      const next: AdminUserRow = { ...user, ...parsed.data, ...names };
      const changes = Object.fromEntries(
        (Object.keys(parsed.data) as (keyof typeof parsed.data)[])
          .filter((k) => user[k] !== next[k])
          .map((k) => [k, { from: user[k], to: next[k] }]),
      );
      users.set(user.id, next);
      log(user.id, 'update', changes);
      return HttpResponse.json(detail(next, request));
    }),

    http.post(apiPath('/global/deactivateElement'), async ({ request }) => {
      const raw: unknown = await request.clone().json();
      if ((raw as { type?: unknown } | null)?.type !== 'user') return undefined;
      const parsed = deactivateElementInput.safeParse(raw);
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const user = users.get(parsed.data.id);
      if (!user) return errorResponse(404, 'notFound', 'No such user');
      if (!user.isActive) return errorResponse(422, 'alreadyInactive', 'The user is already inactive');
      if (user.id === 1) return errorResponse(422, 'cannotDeactivateSelf', 'You cannot deactivate yourself');
      users.set(user.id, { ...user, isActive: false, deactivationReason: parsed.data.desc });
      log(user.id, 'deactivate', { reason: parsed.data.desc });
      return HttpResponse.json({ ok: true });
    }),

    http.get(apiPath('/admin/users/:id/signInLock'), ({ params }) =>
      HttpResponse.json(locked.has(Number(params.id)) ? { locked: true, failures: 11, limit: 10, retryAfterSeconds: 240 } : { locked: false, failures: 0, limit: 10, retryAfterSeconds: 0 }),
    ),
    http.delete(apiPath('/admin/users/:id/signInLock'), ({ params }) => {
      locked.delete(Number(params.id));
      return HttpResponse.json({ ok: true });
    }),
    http.post(apiPath('/admin/users/:id/signOutEverywhere'), () => HttpResponse.json({ revoked: 2 })),
    http.post(apiPath('/admin/users/:id/activate'), ({ params }) => {
      const parsed = adminIdParams.safeParse(params);
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const user = users.get(parsed.data.id);
      if (!user) return errorResponse(404, 'notFound', 'No such user');
      users.set(user.id, { ...user, isActive: true, deactivationReason: null });
      log(user.id, 'reactivate');
      return HttpResponse.json({ ok: true });
    }),

    http.post(apiPath('/admin/users/:id/resetPassword'), async ({ params, request }) => {
      const id = adminIdParams.safeParse(params);
      if (!id.success) return validationErrorResponse(id.error.issues);
      if (!users.has(id.data.id)) return errorResponse(404, 'notFound', 'No such user');
      const text = await request.text();
      const parsed = adminResetPasswordInput.safeParse(text ? JSON.parse(text) : {});
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      log(id.data.id, 'resetPassword');
      return HttpResponse.json({ resetMailQueued: parsed.data.password === undefined });
    }),

    http.get(apiPath('/admin/audit/:entityType/:entityId'), ({ params }) => {
      const parsed = adminAuditParams.safeParse(params);
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const { entityType, entityId } = parsed.data;
      return HttpResponse.json(audit.filter((a) => a.entityType === entityType && a.entityId === entityId));
    }),
  ];
}
