import { vendorInvoices } from '../../db/schema';
import { defineVisibility } from '../../lib/records/visibility';
import { VENDOR_INVOICE_KIND } from './finance.kind';

/**
 * Who sees a vendor invoice (issue #16; one rule for the detail, the lists and record presence):
 * its author, the accountant who took it, the members of its group, whoever was @mentioned on it,
 * and holders of `finance.vendorInvoices.viewAll` (seeded for the director, the accountants and
 * the warehouse keeper — the people of its chain). An approver of its pending step also sees it
 * (finance.access.ts asks the approval engine).
 */
export const vendorInvoiceVisibility = defineVisibility({
  kind: VENDOR_INVOICE_KIND,
  table: vendorInvoices,
  people: { authorId: 'author', takenById: 'accountant' },
  groups: { groupId: 'groupMember' },
});
