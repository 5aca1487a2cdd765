import type { ContractListQuery } from '@servicedesk/contracts';

/**
 * Query keys of contracts (/api/contracts/*, issue #14; TkDodo's key factory). `contractKeys.all`
 * is what a live RecordChanged("contract") invalidates; `lists()` every grid page; `detail(id)` one
 * contract; `reference()` the reviewers, people and counterparties of the form.
 */
export const contractKeys = {
  all: ['contracts'] as const,
  reference: () => [...contractKeys.all, 'reference'] as const,
  dashboard: () => [...contractKeys.all, 'dashboard'] as const,
  tin: (tin: string) => [...contractKeys.all, 'tin', tin] as const,
  lists: () => [...contractKeys.all, 'list'] as const,
  list: (query: ContractListQuery) => [...contractKeys.lists(), query] as const,
  details: () => [...contractKeys.all, 'detail'] as const,
  detail: (id: number) => [...contractKeys.details(), id] as const,
};
