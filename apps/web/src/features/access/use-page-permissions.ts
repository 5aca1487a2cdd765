import { useCallback } from 'react';
import { useMenuPermissions } from '@servicedesk/api/global/get-menu-permissions';

/** What {@link usePagePermissions} answers. */
export interface PagePermissions {
  /** Whether the user may use the element action `key` (e.g. 'admin.users.create'); false until known. */
  can: (key: string) => boolean;
  /** True until the server answered. */
  isPending: boolean;
}

/**
 * The element permissions of one page (POST /api/global/getMenuPermissions {actionName} →
 * key/isChecked pairs, SPEC §3 "Page permission", §6): pages hide the buttons whose action the
 * user's type lacks. Nothing is allowed while the answer is pending or when the call failed —
 * a button appears only once the server said yes (and the server refuses the call anyway).
 */
export function usePagePermissions(actionName: string): PagePermissions {
  const query = useMenuPermissions(actionName);
  const { data } = query;
  const can = useCallback((key: string) => data?.some((p) => p.key === key && p.isChecked) ?? false, [data]);
  return { can, isPending: query.isPending };
}
