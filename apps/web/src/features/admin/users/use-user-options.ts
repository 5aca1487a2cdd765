import { useOrgItems } from '@servicedesk/api/admin/org/get-org-items';
import { useUserTypes } from '@servicedesk/api/admin/userTypes/get-user-types';

/** One choice of a picker: id and display name. */
export interface Option {
  id: number;
  name: string;
}

/**
 * Everything the user form's pickers offer (issue #5): the user types (GET /api/admin/userTypes)
 * and the ACTIVE positions and locations (GET /api/admin/positions, /locations). A list whose
 * call fails is empty: the pickers then offer only "not set", and the server checks what is sent.
 */
export function useUserOptions() {
  const types = useUserTypes();
  const positions = useOrgItems('positions');
  const locations = useOrgItems('locations');
  const active = (items: { id: number; name: string; isActive: boolean }[] | undefined): Option[] =>
    (items ?? []).filter((i) => i.isActive).map(({ id, name }) => ({ id, name }));
  return {
    userTypes: (types.data ?? []).map(({ id, name }) => ({ id, name })),
    positions: active(positions.data),
    locations: active(locations.data),
  };
}
