import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  DebtAgeing,
  DebtAgeingAll,
  DebtEntry,
  DebtGroup,
  DebtListQuery,
  DebtListResponse,
  DebtPaymentType,
  DebtReportDetail,
  DebtYearlyData,
  ImportSummary,
} from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import { useApiClient } from '../provider';
import { debtKeys } from './debts-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const debtsContracts = () => import('@servicedesk/contracts/debts');

/** POST /api/debtReports/grid DebtListQuery → DebtListResponse (balances in minor units; total capped at 1000). */
export function getDebtReports(client: ApiClient, query: DebtListQuery, signal?: AbortSignal): Promise<DebtListResponse> {
  return client.request({ method: 'POST', path: '/debtReports/grid', body: query, schema: () => debtsContracts().then((m) => m.debtListResponse), signal });
}
/** The report list (the previous answer stays while a new filter loads). */
export function useDebtReports(query: DebtListQuery) {
  const client = useApiClient();
  return useQuery(queryOptions({ queryKey: debtKeys.list(query), queryFn: ({ signal }) => getDebtReports(client, query, signal), placeholderData: keepPreviousData }));
}

/** GET /api/debtReports/{id} → DebtReportDetail: the counterparty, totals, status history, comments; 404; 403. */
export function getDebtReport(client: ApiClient, id: number, signal?: AbortSignal): Promise<DebtReportDetail> {
  return client.request({ method: 'GET', path: encodePath`/debtReports/${id}`, schema: () => debtsContracts().then((m) => m.debtReportDetail), signal });
}
export function useDebtReport(id: number) {
  const client = useApiClient();
  return useQuery({ queryKey: debtKeys.detail(id), queryFn: ({ signal }) => getDebtReport(client, id, signal) });
}

/** GET /api/debtReports/{id}/yearlyData?year= → DebtYearlyData (12 months). */
export function useDebtYearlyData(id: number, year: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: debtKeys.year(id, year),
    queryFn: ({ signal }): Promise<DebtYearlyData> => client.request({ method: 'GET', path: `${encodePath`/debtReports/${id}/yearlyData`}?year=${year}`, schema: () => debtsContracts().then((m) => m.debtYearlyData), signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/debtReports/{id}/ageing?asOf= → DebtAgeing (entries after `asOf` ignored). */
export function useDebtAgeing(id: number, asOf: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: debtKeys.ageing(id, asOf),
    queryFn: ({ signal }): Promise<DebtAgeing> => client.request({ method: 'GET', path: `${encodePath`/debtReports/${id}/ageing`}?asOf=${encodeURIComponent(asOf)}`, schema: () => debtsContracts().then((m) => m.debtAgeing), signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/debtReports/ageing?asOf=&groupId= → DebtAgeingAll: per currency, converted to AZN at the as-of rates, and per counterparty. */
export function useDebtAgeingAll(asOf: string, groupId?: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: debtKeys.ageingAll(asOf, groupId),
    queryFn: ({ signal }): Promise<DebtAgeingAll> =>
      client.request({ method: 'GET', path: `/debtReports/ageing?asOf=${encodeURIComponent(asOf)}${groupId ? `&groupId=${groupId}` : ''}`, schema: () => debtsContracts().then((m) => m.debtAgeingAll), signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/debtReports/{id}/entries → DebtEntry[] (oldest first, with file and line). */
export function useDebtEntries(id: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: debtKeys.entries(id),
    queryFn: ({ signal }): Promise<DebtEntry[]> => client.request({ method: 'GET', path: encodePath`/debtReports/${id}/entries`, schema: () => debtsContracts().then((m) => m.debtEntryList), signal }),
  });
}

/** GET /api/debtReports/{id}/paymentHistory → DebtEntry[] (payments, newest first). */
export function useDebtPaymentHistory(id: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: debtKeys.payments(id),
    queryFn: ({ signal }): Promise<DebtEntry[]> => client.request({ method: 'GET', path: encodePath`/debtReports/${id}/paymentHistory`, schema: () => debtsContracts().then((m) => m.debtEntryList), signal }),
  });
}

/** GET /api/debtReports/groups → DebtGroup[]. */
export function useDebtGroups() {
  const client = useApiClient();
  return useQuery({
    queryKey: debtKeys.groups(),
    queryFn: ({ signal }): Promise<DebtGroup[]> => client.request({ method: 'GET', path: '/debtReports/groups', schema: () => debtsContracts().then((m) => m.debtGroupList), signal }),
  });
}

/** GET /api/debtReports/paymentTypes → DebtPaymentType[] (the "debt-report payment types" list screen). */
export function useDebtPaymentTypes() {
  const client = useApiClient();
  return useQuery({
    queryKey: debtKeys.paymentTypes(),
    queryFn: ({ signal }): Promise<DebtPaymentType[]> => client.request({ method: 'GET', path: '/debtReports/paymentTypes', schema: () => debtsContracts().then((m) => m.debtPaymentTypeList), signal }),
  });
}

/** GET /api/debtReports/1CData/imports or /api/dislocation/imports → ImportSummary[] (newest first). */
export function useImports(kind: 'oneC' | 'dislocation') {
  const client = useApiClient();
  return useQuery({
    queryKey: debtKeys.imports(kind),
    queryFn: ({ signal }): Promise<ImportSummary[]> =>
      client.request({ method: 'GET', path: kind === 'oneC' ? '/debtReports/1CData/imports' : '/dislocation/imports', schema: () => debtsContracts().then((m) => m.importSummaryList), signal }),
  });
}
