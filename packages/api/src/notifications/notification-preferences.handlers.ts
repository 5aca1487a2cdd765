import { http, HttpResponse } from 'msw';
import {
  BUILT_IN_NOTIFICATION_PREFERENCES,
  notificationPreferences,
  userTypeDefaultsParams,
  type MyNotificationPreferences,
  type NotificationPreferences,
} from '@servicedesk/contracts';
import { apiPath, errorResponse, validationErrorResponse } from '../mock-utils';

/** Options of {@link createNotificationPreferenceHandlers}. */
export interface NotificationPreferenceMockOptions {
  /** My WhatsApp number (null: none saved). @default '994501234567' */
  whatsappNumber?: string | null;
  /** User type ids the mock knows (others answer 404). @default 1..20 */
  userTypeIds?: readonly number[];
}

/**
 * MSW handlers of the notification preferences (issue #38) with in-memory state, like the
 * server: my choice (none at first: my type's defaults), save (the whole choice; 400 for a
 * partial one), reset, and the defaults per user type (built-in until set; 404 for an unknown type).
 */
export function createNotificationPreferenceHandlers(options: NotificationPreferenceMockOptions = {}) {
  const whatsappNumber = options.whatsappNumber === undefined ? '994501234567' : options.whatsappNumber;
  const knownTypes = new Set(options.userTypeIds ?? Array.from({ length: 20 }, (_, i) => i + 1));
  let mine: NotificationPreferences | null = null;
  const typeDefaults = new Map<number, NotificationPreferences>();
  /** The mock's user is of type 2 (employee in the fixtures). */
  const myType = 2;
  const answer = (): MyNotificationPreferences => {
    const defaults = typeDefaults.get(myType) ?? structuredClone(BUILT_IN_NOTIFICATION_PREFERENCES);
    return { preferences: mine ?? defaults, defaults, isCustom: mine !== null, whatsappNumber, timeZone: 'Asia/Baku' };
  };
  return [
    http.get(apiPath('/notifications/preferences'), () => HttpResponse.json(answer())),
    http.put(apiPath('/notifications/preferences'), async ({ request }) => {
      const body = notificationPreferences.safeParse(await request.json());
      if (!body.success) return validationErrorResponse(body.error.issues);
      mine = body.data;
      return HttpResponse.json(answer());
    }),
    http.delete(apiPath('/notifications/preferences'), () => {
      mine = null;
      return HttpResponse.json(answer());
    }),
    http.get(apiPath('/notifications/defaults/:userTypeId'), ({ params }) => {
      const parsed = userTypeDefaultsParams.safeParse(params);
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const id = parsed.data.userTypeId;
      if (!knownTypes.has(id)) return errorResponse(404, 'notFound', 'No such user type.');
      const set = typeDefaults.get(id);
      return HttpResponse.json({ userTypeId: id, preferences: set ?? BUILT_IN_NOTIFICATION_PREFERENCES, isSet: set !== undefined });
    }),
    http.put(apiPath('/notifications/defaults/:userTypeId'), async ({ params, request }) => {
      const parsed = userTypeDefaultsParams.safeParse(params);
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const id = parsed.data.userTypeId;
      if (!knownTypes.has(id)) return errorResponse(404, 'notFound', 'No such user type.');
      const body = notificationPreferences.safeParse(await request.json());
      if (!body.success) return validationErrorResponse(body.error.issues);
      typeDefaults.set(id, body.data);
      return HttpResponse.json({ userTypeId: id, preferences: body.data, isSet: true });
    }),
  ];
}
