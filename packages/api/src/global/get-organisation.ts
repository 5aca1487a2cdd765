import { useQuery } from '@tanstack/react-query';
import type { OrganisationSettings } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { globalKeys } from './global-keys';

const globalContracts = () => import('@servicedesk/contracts/global');

/** GET /api/global/organisation → { timeZone }: the organisation's settings (the zone instants are shown in). */
export function getOrganisation(client: ApiClient, signal?: AbortSignal): Promise<OrganisationSettings> {
  return client.request({
    method: 'GET',
    path: '/global/organisation',
    schema: () => globalContracts().then((m) => m.organisationSettings),
    signal,
  });
}

/** The organisation's settings; they change only with the server's configuration (kept for the session). */
export function useOrganisation() {
  const client = useApiClient();
  return useQuery({
    queryKey: [...globalKeys.all, 'organisation'] as const,
    queryFn: ({ signal }) => getOrganisation(client, signal),
    staleTime: Infinity,
  });
}
