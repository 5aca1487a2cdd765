import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WagonDetail, WagonListQuery, WagonListResponse } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import { useApiClient } from '../provider';
import { debtKeys } from './debts-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const debtsContracts = () => import('@servicedesk/contracts/debts');

/** POST /api/dislocation/wagons/grid WagonListQuery → WagonListResponse (each wagon's latest sighting). */
export function getWagons(client: ApiClient, query: WagonListQuery, signal?: AbortSignal): Promise<WagonListResponse> {
  return client.request({ method: 'POST', path: '/dislocation/wagons/grid', body: query, schema: () => debtsContracts().then((m) => m.wagonListResponse), signal });
}
export function useWagons(query: WagonListQuery) {
  const client = useApiClient();
  return useQuery({ queryKey: debtKeys.wagonList(query), queryFn: ({ signal }) => getWagons(client, query, signal), placeholderData: keepPreviousData });
}

/** GET /api/dislocation/wagons/{number} → WagonDetail (timeline newest first, invoices); idle while `number` is null. */
export function useWagon(number: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: debtKeys.wagon(number ?? ''),
    queryFn: ({ signal }): Promise<WagonDetail> => client.request({ method: 'GET', path: encodePath`/dislocation/wagons/${number ?? ''}`, schema: () => debtsContracts().then((m) => m.wagonDetail), signal }),
    enabled: number !== null,
  });
}
