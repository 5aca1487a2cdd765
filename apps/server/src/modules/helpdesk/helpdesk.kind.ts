import type { RecordKind } from '@servicedesk/contracts';

/**
 * The record kind of a help-desk request (contracts RECORD_KINDS): its history, comments,
 * watchers and attachments are keyed by it, and record presence / RecordChanged name it.
 */
export const HELPDESK_RECORD_KIND = 'helpdeskRequest' satisfies RecordKind;
