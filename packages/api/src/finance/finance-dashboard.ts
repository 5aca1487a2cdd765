import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../provider';
import { financeKeys } from './finance-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const financeContracts = () => import('@servicedesk/contracts/finance');

/** GET /api/finance/dashboard → the pool (accountants), my step, this year's paid totals per month (director). */
export function useFinanceDashboard(enabled = true) {
  const client = useApiClient();
  return useQuery({ queryKey: financeKeys.dashboard(), queryFn: ({ signal }) => client.request({ method: 'GET', path: '/finance/dashboard', schema: () => financeContracts().then((m) => m.financeDashboard), signal }), enabled });
}
