/**
 * The record kind of an inventory (an asset; contracts RECORD_KINDS `inventory`): its history
 * (who held it when) lives in record_history under this kind.
 */
export const INVENTORY_RECORD_KIND = 'inventory' as const;
