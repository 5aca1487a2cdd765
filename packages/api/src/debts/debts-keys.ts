import type { DebtListQuery, WagonListQuery } from '@servicedesk/contracts';

/**
 * Query keys of the debt reports and the dislocation (/api/debtReports/*, /api/dislocation/*,
 * issue #17). `debtKeys.all` invalidates every answer (a live RecordChanged("debtReport", id), an
 * import); `debtKeys.report(id)` one counterparty's detail, year, ageing, entries.
 */
export const debtKeys = {
  all: ['debts'] as const,
  lists: () => [...debtKeys.all, 'list'] as const,
  list: (query: DebtListQuery) => [...debtKeys.lists(), query] as const,
  groups: () => [...debtKeys.all, 'groups'] as const,
  paymentTypes: () => [...debtKeys.all, 'paymentTypes'] as const,
  imports: (kind: 'oneC' | 'dislocation') => [...debtKeys.all, 'imports', kind] as const,
  ageingAll: (asOf: string, groupId?: number) => [...debtKeys.all, 'ageing', asOf, groupId ?? null] as const,
  report: (id: number) => [...debtKeys.all, 'report', id] as const,
  detail: (id: number) => [...debtKeys.report(id), 'detail'] as const,
  year: (id: number, year: number) => [...debtKeys.report(id), 'year', year] as const,
  ageing: (id: number, asOf: string) => [...debtKeys.report(id), 'ageing', asOf] as const,
  entries: (id: number) => [...debtKeys.report(id), 'entries'] as const,
  payments: (id: number) => [...debtKeys.report(id), 'payments'] as const,
  wagons: () => [...debtKeys.all, 'wagons'] as const,
  wagonList: (query: WagonListQuery) => [...debtKeys.wagons(), 'list', query] as const,
  wagon: (number: string) => [...debtKeys.wagons(), 'detail', number] as const,
};
