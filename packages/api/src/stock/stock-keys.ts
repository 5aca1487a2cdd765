/**
 * Query keys of stock (/api/stock/*, issue #13; TkDodo's key factory). `stockKeys.all`
 * invalidates every stock answer — what any posted operation does (levels, lists, inventories
 * and histories all derive from the ledger); `stockKeys.reference()` groups, warehouses, units.
 */
export const stockKeys = {
  all: ['stock'] as const,
  reference: () => [...stockKeys.all, 'reference'] as const,
  dashboard: () => [...stockKeys.all, 'dashboard'] as const,
  grid: (name: string, query: unknown) => [...stockKeys.all, 'grid', name, query] as const,
  material: (id: number) => [...stockKeys.all, 'material', id] as const,
  materialSearch: (search: string) => [...stockKeys.all, 'materialSearch', search] as const,
  warehouse: (id: number) => [...stockKeys.all, 'warehouse', id] as const,
  operation: (id: number) => [...stockKeys.all, 'operation', id] as const,
  inventory: (id: number) => [...stockKeys.all, 'inventory', id] as const,
  /** The units an operation may move (POST /stock/units). */
  units: (query: unknown) => [...stockKeys.all, 'units', query] as const,
  counts: (query: unknown) => [...stockKeys.all, 'counts', query] as const,
  /** A count session; its plan lies under it, so a change of the session (RecordChanged 'stockCount') refetches both. */
  count: (id: number) => [...stockKeys.all, 'count', id] as const,
  countPlan: (id: number) => [...stockKeys.count(id), 'plan'] as const,
};
