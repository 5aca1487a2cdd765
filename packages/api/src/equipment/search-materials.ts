import type { MaterialSearchItem } from '@servicedesk/contracts';
import type { ApiClient } from '../client';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const stockContracts = () => import('@servicedesk/contracts/stock');

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
    schema: () => stockContracts().then((m) => m.materialSearchResponse),
    signal,
  });
}
