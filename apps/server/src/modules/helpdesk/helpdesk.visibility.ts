import { helpdeskRequests } from '../../db/schema';
import { defineVisibility } from '../../lib/records/visibility';
import { HELPDESK_RECORD_KIND } from './helpdesk.kind';

/**
 * Who sees a help-desk request (DOMAIN.md, issue #11 — one rule for the detail, the lists and
 * record presence): its requester, its assignee, the members and lead of its group, whoever was
 * @mentioned on it (a watcher), and holders of `helpdesk.requests.viewAll`.
 */
export const helpdeskVisibility = defineVisibility({
  kind: HELPDESK_RECORD_KIND,
  table: helpdeskRequests,
  people: { requesterId: 'requester', assigneeId: 'assignee' },
  groups: { groupId: 'groupMember' },
});
