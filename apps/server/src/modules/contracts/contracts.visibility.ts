import { contracts } from '../../db/schema';
import { defineVisibility } from '../../lib/records/visibility';
import { CONTRACT_RECORD_KIND } from './contracts.kind';

/**
 * Who sees a contract (issue #14; one rule for the detail, the grid's SQL and record presence):
 * its author, its responsible person, its watchers — the visa reviewers the author named (made
 * watchers when it is saved) — and holders of `contracts.viewAll` (director, lawyers, clerks).
 */
export const contractVisibility = defineVisibility({
  kind: CONTRACT_RECORD_KIND,
  table: contracts,
  people: { authorId: 'author', responsibleId: 'responsible' },
  groups: {},
});
