import { http, HttpResponse } from 'msw';
import {
  adminIdParams,
  userTypeCopyInput,
  userTypeDetail,
  userTypeInput,
  type NamesPerLanguage,
  type UserTypeRow,
} from '@servicedesk/contracts';
import { apiPath, errorResponse, validationErrorResponse } from '../../mock-utils';
import { catalogueKeys, grantsOf, permissionTree, userTypesFixture } from './userTypes.fixtures';

/** The language the mock answers names in (the request's Accept-Language, az by default). */
export function languageOf(request: Request): keyof NamesPerLanguage {
  const lang = request.headers.get('accept-language')?.slice(0, 2);
  return lang === 'en' || lang === 'ru' || lang === 'tr' ? lang : 'az';
}

/**
 * MSW handlers of the user types administration with in-memory state: list, detail with the
 * permission tree, create, update and copy behave like the server (409 `nameTaken` for a name
 * another type has in any language, 422 `unknownAction` for keys outside the catalogue, 404).
 * Create a fresh set per test or story.
 */
export function createUserTypesHandlers() {
  const types = new Map<number, { row: UserTypeRow; grants: Set<string> }>(
    userTypesFixture.map((row) => [row.id, { row, grants: grantsOf(row.id) }]),
  );
  let nextId = Math.max(...types.keys()) + 1;
  const known = new Set(catalogueKeys());

  const row = (id: number, request: Request): UserTypeRow => {
    const entry = types.get(id);
    if (!entry) throw new Error(`no type ${id}`);
    return { ...entry.row, name: entry.row.names[languageOf(request)] };
  };
  const detail = (id: number, request: Request) =>
    userTypeDetail.parse({ ...row(id, request), permissions: permissionTree(types.get(id)?.grants ?? new Set()) });
  const nameTaken = (names: NamesPerLanguage, exceptId?: number) =>
    [...types.values()].some(
      ({ row: other }) =>
        other.id !== exceptId &&
        Object.values(other.names).some((n) => Object.values(names).some((m) => m.toLowerCase() === n.toLowerCase())),
    );

  return [
    http.get(apiPath('/admin/userTypes'), ({ request }) => HttpResponse.json([...types.keys()].map((id) => row(id, request)))),

    http.get(apiPath('/admin/userTypes/:id'), ({ params, request }) => {
      const parsed = adminIdParams.safeParse(params);
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      if (!types.has(parsed.data.id)) return errorResponse(404, 'notFound', 'No such user type');
      return HttpResponse.json(detail(parsed.data.id, request));
    }),

    http.post(apiPath('/admin/userTypes'), async ({ request }) => {
      const body = userTypeInput.safeParse(await request.json());
      if (!body.success) return validationErrorResponse(body.error.issues);
      const unknown = body.data.grants.filter((k) => !known.has(k));
      if (unknown.length > 0) return errorResponse(422, 'unknownAction', 'Unknown action keys', { keys: unknown });
      if (nameTaken(body.data.names)) return errorResponse(409, 'nameTaken', 'A user type with this name exists');
      const id = nextId++;
      types.set(id, {
        row: { id, key: `custom${id}`, name: body.data.names.az, names: body.data.names, userCount: 0, createdAt: new Date().toISOString() },
        grants: new Set(body.data.grants),
      });
      return HttpResponse.json(detail(id, request), { status: 201 });
    }),

    http.put(apiPath('/admin/userTypes/:id'), async ({ params, request }) => {
      const parsed = adminIdParams.safeParse(params);
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const entry = types.get(parsed.data.id);
      if (!entry) return errorResponse(404, 'notFound', 'No such user type');
      const body = userTypeInput.safeParse(await request.json());
      if (!body.success) return validationErrorResponse(body.error.issues);
      const unknown = body.data.grants.filter((k) => !known.has(k));
      if (unknown.length > 0) return errorResponse(422, 'unknownAction', 'Unknown action keys', { keys: unknown });
      if (nameTaken(body.data.names, entry.row.id)) return errorResponse(409, 'nameTaken', 'A user type with this name exists');
      entry.row = { ...entry.row, names: body.data.names };
      entry.grants = new Set(body.data.grants);
      return HttpResponse.json(detail(entry.row.id, request));
    }),

    http.post(apiPath('/admin/userTypes/:id/copy'), async ({ params, request }) => {
      const parsed = adminIdParams.safeParse(params);
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const source = types.get(parsed.data.id);
      if (!source) return errorResponse(404, 'notFound', 'No such user type');
      const body = userTypeCopyInput.safeParse(await request.json());
      if (!body.success) return validationErrorResponse(body.error.issues);
      if (nameTaken(body.data.names)) return errorResponse(409, 'nameTaken', 'A user type with this name exists');
      const id = nextId++;
      types.set(id, {
        row: { id, key: `custom${id}`, name: body.data.names.az, names: body.data.names, userCount: 0, createdAt: new Date().toISOString() },
        grants: new Set(source.grants),
      });
      return HttpResponse.json(detail(id, request), { status: 201 });
    }),
  ];
}
