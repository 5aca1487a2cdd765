import type { OkResponse } from '@servicedesk/contracts';
import type { ApiClient } from '../client';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const errorsContracts = () => import('@servicedesk/contracts/errors');

/** GET /api/global/Layout/ReadAllHeaderNotifications (SPEC §7, §4): all the caller's unread become read. Errors: 401. */
export function readAllHeaderNotifications(client: ApiClient): Promise<OkResponse> {
  return client.request({ method: 'GET', path: '/global/Layout/ReadAllHeaderNotifications', schema: () => errorsContracts().then((m) => m.okResponse) });
}
