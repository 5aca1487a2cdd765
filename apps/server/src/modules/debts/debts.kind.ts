import type { RecordKind } from '@servicedesk/contracts';

/**
 * The record kind of a counterparty's debt report (contracts RECORD_KINDS; the id is the
 * counterparty's modal element id): its status history and comments are keyed by it, and
 * notifications lead to /home/finance/debt-reports/{id}.
 */
export const DEBT_RECORD_KIND = 'debtReport' satisfies RecordKind;
