import { http, HttpResponse } from 'msw';
import {
  adminIdParams,
  deactivateElementInput,
  groupDetail,
  groupInput,
  orgItem,
  orgItemInput,
  type GroupDetail,
  type OrgItem,
} from '@servicedesk/contracts';
import { apiPath, errorResponse, validationErrorResponse } from '../../mock-utils';
import { usersNameAndIdFixture } from '../../global/global.fixtures';
import { groupsFixture, locationsFixture, positionsFixture } from './org.fixtures';

const fold = (s: string) => s.trim().toLocaleLowerCase('az');
const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'az');
const row = ({ members: _members, ...rest }: GroupDetail) => rest;

/**
 * MSW handlers of /api/admin/{positions,locations,groups} and the org kinds of
 * /api/global/deactivateElement, with in-memory state like the server: names unique ignoring
 * case (409 `nameTaken`), deactivation needs a 10-character reason (400) and answers 422
 * `alreadyInactive` twice, activation 422 `alreadyActive`, group bodies checked by the contract
 * (one lead), members must be known users (422 `unknownReference`). Create a fresh set per test.
 */
export function createOrgHandlers() {
  const lists: Record<'positions' | 'locations', OrgItem[]> = {
    positions: positionsFixture.map((x) => ({ ...x })),
    locations: locationsFixture.map((x) => ({ ...x })),
  };
  let groups: GroupDetail[] = groupsFixture.map((g) => ({ ...g, members: g.members.map((m) => ({ ...m })) }));
  let nextId = 100;
  const users = new Map(usersNameAndIdFixture.map((u) => [u.id, u.name]));

  const itemHandlers = (['positions', 'locations'] as const).flatMap((kind) => [
    http.get(apiPath(`/admin/${kind}`), ({ request }) => {
      const all = new URL(request.url).searchParams.get('includeInactive') === 'true';
      return HttpResponse.json([...lists[kind]].filter((x) => all || x.isActive).sort(byName));
    }),
    http.post(apiPath(`/admin/${kind}`), async ({ request }) => {
      const parsed = orgItemInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      if (lists[kind].some((x) => fold(x.name) === fold(parsed.data.name))) return errorResponse(409, 'nameTaken', 'The name is taken');
      const item = orgItem.parse({ id: nextId++, name: parsed.data.name, isActive: true, userCount: 0 });
      lists[kind].push(item);
      return HttpResponse.json(item);
    }),
    http.put(apiPath(`/admin/${kind}/:id`), async ({ params, request }) => {
      const { id } = adminIdParams.parse(params);
      const parsed = orgItemInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const item = lists[kind].find((x) => x.id === id);
      if (!item) return errorResponse(404, 'notFound', 'Not found');
      if (lists[kind].some((x) => x.id !== id && fold(x.name) === fold(parsed.data.name))) return errorResponse(409, 'nameTaken', 'The name is taken');
      item.name = parsed.data.name;
      return HttpResponse.json(item);
    }),
    http.post(apiPath(`/admin/${kind}/:id/activate`), ({ params }) => {
      const item = lists[kind].find((x) => x.id === adminIdParams.parse(params).id);
      if (!item) return errorResponse(404, 'notFound', 'Not found');
      if (item.isActive) return errorResponse(422, 'alreadyActive', 'Already active');
      item.isActive = true;
      return HttpResponse.json({ ok: true });
    }),
  ]);

  const groupBody = async (request: Request) => {
    const parsed = groupInput.safeParse(await request.json());
    if (!parsed.success) return { error: validationErrorResponse(parsed.error.issues) };
    const unknown = parsed.data.members.find((m) => !users.has(m.userId));
    if (unknown) return { error: errorResponse(422, 'unknownReference', `No user ${unknown.userId}`) };
    return { data: parsed.data };
  };
  const build = (id: number, isActive: boolean, data: { name: string; members: { userId: number; isLead: boolean }[] }) => {
    const members = data.members
      .map((m) => ({ userId: m.userId, name: users.get(m.userId) ?? '', email: `user${m.userId}@servicedesk.az`, positionName: null, isLead: m.isLead, isActive: true }))
      .sort((a, b) => Number(b.isLead) - Number(a.isLead) || a.name.localeCompare(b.name, 'az'));
    const lead = members.find((m) => m.isLead);
    return groupDetail.parse({ id, name: data.name, isActive, memberCount: members.length, leadUserId: lead?.userId ?? null, leadName: lead?.name ?? null, members });
  };

  return [
    ...itemHandlers,
    http.get(apiPath('/admin/groups'), ({ request }) => {
      const all = new URL(request.url).searchParams.get('includeInactive') === 'true';
      return HttpResponse.json(groups.filter((g) => all || g.isActive).map(row).sort(byName));
    }),
    http.get(apiPath('/admin/groups/:id'), ({ params }) => {
      const group = groups.find((g) => g.id === adminIdParams.parse(params).id);
      return group ? HttpResponse.json(group) : errorResponse(404, 'notFound', 'Not found');
    }),
    http.post(apiPath('/admin/groups'), async ({ request }) => {
      const body = await groupBody(request);
      if (body.error) return body.error;
      if (groups.some((g) => fold(g.name) === fold(body.data.name))) return errorResponse(409, 'nameTaken', 'The name is taken');
      const group = build(nextId++, true, body.data);
      groups.push(group);
      return HttpResponse.json(group);
    }),
    http.put(apiPath('/admin/groups/:id'), async ({ params, request }) => {
      const { id } = adminIdParams.parse(params);
      const old = groups.find((g) => g.id === id);
      if (!old) return errorResponse(404, 'notFound', 'Not found');
      const body = await groupBody(request);
      if (body.error) return body.error;
      if (groups.some((g) => g.id !== id && fold(g.name) === fold(body.data.name))) return errorResponse(409, 'nameTaken', 'The name is taken');
      const group = build(id, old.isActive, body.data);
      groups = groups.map((g) => (g.id === id ? group : g));
      return HttpResponse.json(group);
    }),
    http.post(apiPath('/admin/groups/:id/activate'), ({ params }) => {
      const group = groups.find((g) => g.id === adminIdParams.parse(params).id);
      if (!group) return errorResponse(404, 'notFound', 'Not found');
      if (group.isActive) return errorResponse(422, 'alreadyActive', 'Already active');
      group.isActive = true;
      return HttpResponse.json({ ok: true });
    }),
    // The org kinds of deactivateElement; other kinds fall through to the next handler.
    http.post(apiPath('/global/deactivateElement'), async ({ request }) => {
      const body = (await request.clone().json()) as { type?: unknown };
      if (body.type !== 'position' && body.type !== 'location' && body.type !== 'group') return undefined;
      const parsed = deactivateElementInput.safeParse(body);
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const target =
        parsed.data.type === 'group'
          ? groups.find((g) => g.id === parsed.data.id)
          : lists[parsed.data.type === 'position' ? 'positions' : 'locations'].find((x) => x.id === parsed.data.id);
      if (!target) return errorResponse(404, 'notFound', 'Not found');
      if (!target.isActive) return errorResponse(422, 'alreadyInactive', 'Already inactive');
      target.isActive = false;
      return HttpResponse.json({ ok: true });
    }),
  ];
}

/** A shared default set of the org handlers. */
export const orgHandlers = createOrgHandlers();
