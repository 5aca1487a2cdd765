import { useQuery } from '@tanstack/react-query';
import { financeDashboard } from '@servicedesk/contracts';
import { useApiClient } from '../provider';
import { financeKeys } from './finance-keys';

/** GET /api/finance/dashboard → the pool (accountants), my step, this year's paid totals per month (director). */
export function useFinanceDashboard(enabled = true) {
  const client = useApiClient();
  return useQuery({ queryKey: financeKeys.dashboard(), queryFn: ({ signal }) => client.request({ method: 'GET', path: '/finance/dashboard', schema: financeDashboard, signal }), enabled });
}
