import type { RecordKind } from '@servicedesk/contracts';

/**
 * The record kind of an equipment request (contracts RECORD_KINDS): its history, comments,
 * watchers, attachments and approval are keyed by it, and RecordChanged names it.
 */
export const EQUIPMENT_RECORD_KIND = 'equipmentRequest' satisfies RecordKind;

/** The numbering scope (lib/records/numbering.ts) and prefix: INV-YYYY-NNNNNN. */
export const EQUIPMENT_NUMBER_PREFIX = 'INV';

/** The step keys of the chain director → visa pool (seed/catalog.ts). */
export const DIRECTOR_CALLBACK_KEY = 'inventory.requests.directorCallback';
export const VISA_POOL_CALLBACK_KEY = 'inventory.requests.visaPoolCallback';
