import { useMemo, useState } from 'react';
import type { Key } from 'react-aria-components';
import { searchMaterials } from '@servicedesk/api/equipment/search-materials';
import { useApiClient } from '@servicedesk/api/provider';
import type { SearchResult } from '@servicedesk/ui/SelectSearch';
import { storage } from '../../../session/storage';

/** A warehouse the keeper may pick (equipment's reference: id, name, its keeper's user id). */
export interface PickableWarehouse {
  id: number;
  name: string;
  keeperId: number | null;
}

/**
 * The catalogue search of a material picker (SelectSearch's `search`): the materials matching
 * `text`, each named "code · name". Stable while the API client is.
 */
export function useMaterialSearch(): (text: string, signal: AbortSignal) => Promise<SearchResult[]> {
  const client = useApiClient();
  return useMemo(
    () => async (text: string, signal: AbortSignal) =>
      (await searchMaterials(client, text, signal)).map((m) => ({
        id: m.id,
        name: `${m.code} · ${m.name}`,
      })),
    [client],
  );
}

/**
 * The warehouse to receive into or issue from: the one picked, else the signed-in keeper's own,
 * else the first (null while there is none). `field` spreads onto a Select (items, selectedKey,
 * onSelectionChange).
 */
export function useKeeperWarehouse(warehouses: PickableWarehouse[]) {
  const [warehouseId, setWarehouseId] = useState<number | null>(null);
  const me = storage.getUser()?.id ?? null;
  const warehouse =
    warehouseId ?? (warehouses.find((w) => w.keeperId === me) ?? warehouses[0])?.id ?? null;
  return {
    warehouse,
    field: {
      items: warehouses.map((w) => ({ id: String(w.id), label: w.name })),
      selectedKey: warehouse === null ? null : String(warehouse),
      onSelectionChange: (key: Key | null) => setWarehouseId(key === null ? null : Number(key)),
    },
  };
}
