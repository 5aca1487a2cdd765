import { okResponse, type OkResponse } from '@servicedesk/contracts';
import type { ApiClient } from '../client';

/** GET /api/global/Layout/ReadAllHeaderNotifications (SPEC §7, §4): all the caller's unread become read. Errors: 401. */
export function readAllHeaderNotifications(client: ApiClient): Promise<OkResponse> {
  return client.request({ method: 'GET', path: '/global/Layout/ReadAllHeaderNotifications', schema: okResponse });
}
