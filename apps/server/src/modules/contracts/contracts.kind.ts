import { recordPath, type RecordKind } from '@servicedesk/contracts';

/**
 * The record kind of a contract (contracts RECORD_KINDS): its history, watchers, attachments and
 * approval are keyed by it, and record presence / RecordChanged name it.
 */
export const CONTRACT_RECORD_KIND = 'contract' satisfies RecordKind;

/** The web page of contract `id` (notifications and my approvals lead there). */
export const contractUrl = (id: number): string => recordPath(CONTRACT_RECORD_KIND, id);
