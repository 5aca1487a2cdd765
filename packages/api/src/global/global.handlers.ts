import { http, HttpResponse } from 'msw';
import {
  checkMenuPermissionInput,
  checkMenuPermissionResponse,
  getLoginHistoryListInput,
  getMenuPermissionsInput,
  okResponse,
  tableKeyParams,
  tableSettings,
  updateUserNumberInput,
  updateUserSelectedLanguageParams,
  type TableSettings,
} from '@servicedesk/contracts';
import { apiPath, errorResponse, validationErrorResponse } from '../mock-utils';
import {
  currentUserFixture,
  loginHistoryFixture,
  menuPermissionsFixture,
  menusFixture,
  specodesFixture,
  userListsFixture,
  usersNameAndIdFixture,
} from './global.fixtures';

/**
 * MSW handlers of the global area. Inputs are checked by the contracts (400 validationError);
 * a small in-memory state makes writes visible to later reads (phone number → hasWpNumber and
 * profile, saved table order → GetTableOrder). Create a fresh set per test/story.
 */
export function createGlobalHandlers() {
  let phone = currentUserFixture.phone;
  let language = currentUserFixture.language;
  const tables = new Map<string, TableSettings>();

  return [
    http.get(apiPath('/global/Layout/GetMenus'), () => HttpResponse.json(menusFixture)),
    http.get(apiPath('/global/organisation'), () => HttpResponse.json({ timeZone: 'Asia/Baku' })),
    http.get(apiPath('/global/getUsersNameAndId'), () => HttpResponse.json(usersNameAndIdFixture)),
    http.get(apiPath('/global/getUserLists'), () =>
      HttpResponse.json({ ...userListsFixture, hasWpNumber: phone !== null }),
    ),
    http.get(apiPath('/global/getCurrentUser'), () =>
      HttpResponse.json({ ...currentUserFixture, phone, language }),
    ),

    http.post(apiPath('/global/checkMenuPermission'), async ({ request }) => {
      const parsed = checkMenuPermissionInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      return HttpResponse.json(checkMenuPermissionResponse.parse({ hasPermission: true }));
    }),

    http.post(apiPath('/global/getMenuPermissions'), async ({ request }) => {
      const parsed = getMenuPermissionsInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      return HttpResponse.json(menuPermissionsFixture);
    }),

    http.get(apiPath('/global/updateUserSelectedLanguage/:code'), ({ params }) => {
      const parsed = updateUserSelectedLanguageParams.safeParse(params);
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      language = parsed.data.code;
      return HttpResponse.json(okResponse.parse({ ok: true }));
    }),

    http.post(apiPath('/global/getLoginHistoryList'), async ({ request }) => {
      const parsed = getLoginHistoryListInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const { isSuccess, userId, reason, ip, from, to } = parsed.data;
      // The server's filters (issue #41); days compared on the attempt's UTC date, enough for the fixtures.
      return HttpResponse.json(
        loginHistoryFixture.filter(
          (item) =>
            (isSuccess == null || item.isSuccess === isSuccess) &&
            (userId == null || item.userId === userId) &&
            (reason == null || item.reason === reason) &&
            (!ip || (item.ip ?? '').includes(ip)) &&
            (!from || item.createdAt.slice(0, 10) >= from) &&
            (!to || item.createdAt.slice(0, 10) <= to),
        ),
      );
    }),

    http.post(apiPath('/global/updateUserNumber'), async ({ request }) => {
      const parsed = updateUserNumberInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      phone = parsed.data.number;
      return HttpResponse.json(okResponse.parse({ ok: true }));
    }),

    http.get(apiPath('/global/getSpecodesByKey/:key'), ({ params }) => {
      const key = String(params.key);
      const list = specodesFixture[key];
      return list
        ? HttpResponse.json(list)
        : errorResponse(404, 'notFound', `No lookup list "${key}"`);
    }),

    http.get(apiPath('/global/Layout/GetTableOrder/:key'), ({ params }) => {
      const parsed = tableKeyParams.safeParse(params);
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      return HttpResponse.json(tables.get(parsed.data.key) ?? { columns: [] });
    }),

    http.post(apiPath('/global/Layout/UpdateTableOrder/:key'), async ({ request, params }) => {
      const key = tableKeyParams.safeParse(params);
      if (!key.success) return validationErrorResponse(key.error.issues);
      const body = tableSettings.safeParse(await request.json());
      if (!body.success) return validationErrorResponse(body.error.issues);
      tables.set(key.data.key, body.data);
      return HttpResponse.json(body.data);
    }),
  ];
}

/** A shared default set (state persists while the module lives; prefer createGlobalHandlers() in tests). */
export const globalHandlers = createGlobalHandlers();
