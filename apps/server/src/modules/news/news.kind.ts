import type { RecordKind } from '@servicedesk/contracts';

/** The record kind of a news post (contracts RECORD_KINDS): history, comments and attachments are keyed by it. */
export const NEWS_RECORD_KIND = 'newsPost' satisfies RecordKind;

/** The record kind of a leave request (contracts RECORD_KINDS), also its approval-engine kind. */
export const LEAVE_RECORD_KIND = 'leaveRequest' satisfies RecordKind;
