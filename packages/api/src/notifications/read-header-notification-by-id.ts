import { okResponse, type OkResponse } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';

/**
 * GET /api/global/Layout/ReadHeaderNotificationById/{id} (SPEC §7, §4): marks one of the caller's
 * notifications read (again is fine). Errors: 401, 404 (not the caller's).
 */
export function readHeaderNotificationById(client: ApiClient, id: number): Promise<OkResponse> {
  return client.request({
    method: 'GET',
    path: encodePath`/global/Layout/ReadHeaderNotificationById/${id}`,
    schema: okResponse,
  });
}
