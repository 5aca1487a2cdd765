import type { RecordKind } from '@servicedesk/contracts';

/** The record kind of a news post (contracts RECORD_KINDS): history, comments and attachments are keyed by it. */
export const NEWS_RECORD_KIND = 'newsPost' satisfies RecordKind;
