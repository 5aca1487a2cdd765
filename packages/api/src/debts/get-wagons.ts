import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { wagonDetail, wagonListResponse, type WagonDetail, type WagonListQuery, type WagonListResponse } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import { useApiClient } from '../provider';
import { debtKeys } from './debts-keys';

/** POST /api/dislocation/wagons/grid WagonListQuery → WagonListResponse (each wagon's latest sighting). */
export function getWagons(client: ApiClient, query: WagonListQuery, signal?: AbortSignal): Promise<WagonListResponse> {
  return client.request({ method: 'POST', path: '/dislocation/wagons/grid', body: query, schema: wagonListResponse, signal });
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
    queryFn: ({ signal }): Promise<WagonDetail> => client.request({ method: 'GET', path: encodePath`/dislocation/wagons/${number ?? ''}`, schema: wagonDetail, signal }),
    enabled: number !== null,
  });
}
