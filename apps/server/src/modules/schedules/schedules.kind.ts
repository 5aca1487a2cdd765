import type { RecordKind } from '@servicedesk/contracts';

/** The record kind of a leave request (contracts RECORD_KINDS), also its approval-engine kind. */
export const LEAVE_RECORD_KIND = 'leaveRequest' satisfies RecordKind;
