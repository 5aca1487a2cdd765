import { materialSearchResponse, type MaterialSearchItem } from '@servicedesk/contracts';
import type { ApiClient } from '../client';

/**
 * GET /api/stock/materials/search?search= → up to 20 active catalogue materials (id, name, code,
 * unit, tracksInventories): the equipment form's and the processing page's material picker.
 */
export function searchMaterials(
  client: ApiClient,
  search: string,
  signal?: AbortSignal,
): Promise<MaterialSearchItem[]> {
  const query = search.trim() ? `?search=${encodeURIComponent(search.trim().slice(0, 100))}` : '';
  return client.request({
    method: 'GET',
    path: `/stock/materials/search${query}`,
    schema: materialSearchResponse,
    signal,
  });
}
