import type { EquipmentListQuery } from '@servicedesk/contracts';

/**
 * Query keys of equipment requests and budgets (/api/equipment/*, issue #12). `equipmentKeys.all`
 * invalidates every answer (what a live RecordChanged of an equipment request does).
 */
export const equipmentKeys = {
  all: ['equipment'] as const,
  reference: () => [...equipmentKeys.all, 'reference'] as const,
  budgets: (year?: number) => [...equipmentKeys.all, 'budgets', year ?? 'any'] as const,
  requests: () => [...equipmentKeys.all, 'requests'] as const,
  lists: () => [...equipmentKeys.requests(), 'list'] as const,
  list: (query: EquipmentListQuery) => [...equipmentKeys.lists(), query] as const,
  details: () => [...equipmentKeys.requests(), 'detail'] as const,
  detail: (id: number) => [...equipmentKeys.details(), id] as const,
};
