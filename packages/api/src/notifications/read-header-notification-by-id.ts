import type { OkResponse } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const errorsContracts = () => import('@servicedesk/contracts/errors');

/**
 * GET /api/global/Layout/ReadHeaderNotificationById/{id} (SPEC §7, §4): marks one of the caller's
 * notifications read (again is fine). Errors: 401, 404 (not the caller's).
 */
export function readHeaderNotificationById(client: ApiClient, id: number): Promise<OkResponse> {
  return client.request({
    method: 'GET',
    path: encodePath`/global/Layout/ReadHeaderNotificationById/${id}`,
    schema: () => errorsContracts().then((m) => m.okResponse),
  });
}
