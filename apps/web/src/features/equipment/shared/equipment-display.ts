import type { EquipmentStatus } from '@servicedesk/contracts';
import { tableKeys } from '../../shared/data-table';

/** The record kind on the approval engine and in live records. */
export const EQUIPMENT_RECORD_KIND = 'equipmentRequest';

/** SPEC §2 named list screens: "inventory requests" and "inventory request processing". */
export const EQUIPMENT_TABLE_KEY = tableKeys.inventoryRequests;
export const PROCESSING_TABLE_KEY = tableKeys.inventoryRequestProcessing;

/** The colour family of each status (StatusBadge / DataTable status cells). */
export const statusFamily: Record<
  EquipmentStatus,
  'info' | 'warning' | 'success' | 'danger' | 'neutral'
> = {
  DRAFT: 'neutral',
  SUBMITTED: 'info',
  IN_APPROVAL: 'warning',
  APPROVED: 'info',
  PROCESSED: 'success',
  REJECTED: 'danger',
  RETURNED: 'warning',
  CANCELLED: 'neutral',
};

/** The translation key of a status. */
export const statusKey = (status: EquipmentStatus) => `equipment.status.${status}`;

/** The page of one request. */
export const requestPath = (id: number) => `/home/inventory/requests/${id}`;
