import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BudgetLine, SaveBudgetInput } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { equipmentKeys } from './equipment-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const equipmentContracts = () => import('@servicedesk/contracts/equipment');

/** GET /api/equipment/budgets?year= → BudgetLine[]: planned, consumed (requests, others), remaining — minor units. */
export function getBudgets(
  client: ApiClient,
  year?: number,
  signal?: AbortSignal,
): Promise<BudgetLine[]> {
  return client.request({
    method: 'GET',
    path: year ? `/equipment/budgets?year=${year}` : '/equipment/budgets',
    schema: () => equipmentContracts().then((m) => m.budgetListResponse),
    signal,
  });
}

export function getBudgetsQueryOptions(client: ApiClient, year?: number) {
  return queryOptions({
    queryKey: equipmentKeys.budgets(year),
    queryFn: ({ signal }) => getBudgets(client, year, signal),
  });
}

/** The budget lines (of `year`). */
export function useBudgets(year?: number) {
  return useQuery(getBudgetsQueryOptions(useApiClient(), year));
}

/** POST /api/equipment/budgets/save SaveBudgetInput → BudgetLine (needs `inventory.requests.budgets`; 409 `budgetExists`). */
export function saveBudget(client: ApiClient, input: SaveBudgetInput): Promise<BudgetLine> {
  return client.request({
    method: 'POST',
    path: '/equipment/budgets/save',
    body: input,
    schema: () => equipmentContracts().then((m) => m.budgetLine),
  });
}

/** Mutation for {@link saveBudget}; every budget answer refreshes. */
export function useSaveBudget() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveBudgetInput) => saveBudget(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: equipmentKeys.all }),
  });
}
