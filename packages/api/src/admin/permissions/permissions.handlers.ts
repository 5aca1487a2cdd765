import { http, HttpResponse } from 'msw';
import { explainInput, explainResult } from '@servicedesk/contracts';
import { apiPath, errorResponse, validationErrorResponse } from '../../mock-utils';
import { adminUsersFixture } from '../users/users.fixtures';
import { catalogueKeys, grantsOf, userTypesFixture } from '../userTypes/userTypes.fixtures';
import { languageOf } from '../userTypes/userTypes.handlers';

/**
 * MSW handler of the permission explainer: decides from the fixtures like the server's action
 * layer (inactiveUser → unknownAction → userTypeGrants / userTypeLacks); a `detailId` of 404
 * answers the record rule `recordNotFound`. 404 for an unknown user.
 */
export function createPermissionsHandlers() {
  const known = new Set(catalogueKeys());
  return [
    http.post(apiPath('/admin/permissions/explain'), async ({ request }) => {
      const parsed = explainInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const { userId, actionName, detailId } = parsed.data;
      const user = adminUsersFixture.find((u) => u.id === userId);
      if (!user) return errorResponse(404, 'notFound', 'No such user');
      const type = userTypesFixture.find((t) => t.id === user.userTypeId);
      const about = {
        id: user.id,
        name: `${user.firstName} ${user.lastName}`,
        isActive: user.isActive,
        userTypeId: user.userTypeId,
        userTypeName: type?.names[languageOf(request)] ?? user.userTypeName,
      };
      const decide = (allowed: boolean, rule: string, params?: Record<string, unknown>) =>
        HttpResponse.json(explainResult.parse({ allowed, rule, params, user: about }));
      if (!user.isActive) return decide(false, 'inactiveUser');
      if (!known.has(actionName)) return decide(false, 'unknownAction', { actionKey: actionName });
      if (!grantsOf(user.userTypeId).has(actionName)) {
        return decide(false, 'userTypeLacks', { actionKey: actionName, userTypeId: user.userTypeId });
      }
      if (detailId === 404) return decide(false, 'recordNotFound', { id: detailId });
      return decide(true, 'userTypeGrants', { actionKey: actionName, userTypeId: user.userTypeId });
    }),
  ];
}
