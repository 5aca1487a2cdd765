import { equipmentRequests } from '../../db/schema';
import { defineVisibility } from '../../lib/records/visibility';
import { EQUIPMENT_RECORD_KIND } from './equipment.kind';

/**
 * Who sees an equipment request in the lists and on its page (issue #12; one rule for the detail,
 * the lists' SQL and record presence): the employee it is for, whoever entered it, whoever was
 * @mentioned on it, and holders of `inventory.requests.viewAll` (director, visa pool, warehouse
 * keeper in the demo). The record rule (equipment.access.ts) adds the approvers of its chain and
 * their substitutes, and the warehouse keepers once it is APPROVED.
 */
export const equipmentVisibility = defineVisibility({
  kind: EQUIPMENT_RECORD_KIND,
  table: equipmentRequests,
  people: { requesterId: 'requester', createdById: 'author' },
  groups: {},
});
