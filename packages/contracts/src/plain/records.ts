/*
 * The zod-free half of ../records.ts (codes, limits and pure rules), which re-exports all of it:
 * client code that needs only these does not load zod and the schemas with its first paint
 * (issue #19's bundle budgets). Never import zod or a schema here (test/plain.test.ts).
 */
import type { RecordKindDefinition, RecordKind } from '../records';

/**
 * Every record kind, declared once. Adding a module: add its kind here (apps/server/README.md
 * "Adding a module").
 */
export const RECORD_KINDS = {
  helpdeskRequest: { actionKey: 'helpdesk.requests', seeAllKey: 'helpdesk.requests.viewAll', detailPath: '/home/helpdesk/requests/{id}' },
  vendorInvoice: { actionKey: 'finance.vendorInvoices', seeAllKey: 'finance.vendorInvoices.viewAll', detailPath: '/home/finance/vendor-invoices/{id}' },
  equipmentRequest: { actionKey: 'inventory.requests', seeAllKey: 'inventory.requests.viewAll', detailPath: '/home/inventory/requests/{id}' },
  inventory: { actionKey: 'inventory.inventories', seeAllKey: 'inventory.inventories', detailPath: '/home/inventory/inventories/{id}' },
  contract: { actionKey: 'contracts', seeAllKey: 'contracts.viewAll', detailPath: '/home/contracts/{id}' },
  debtReport: { actionKey: 'finance.debtReports', detailPath: '/home/finance/debt-reports/{id}' },
  document: { actionKey: 'documents.circulation', detailPath: '/home/documents/circulation/{id}' },
  registryEntry: { actionKey: 'documents.registry', detailPath: '/home/documents/registry/{id}' },
  newsPost: { actionKey: 'news', detailPath: '/home/news/{id}' },
  leaveRequest: { actionKey: 'schedules', detailPath: '/home/schedules/leave/{id}' },
  stockCount: { actionKey: 'inventory.warehouses', detailPath: '/home/inventory/warehouses/counts/{id}' },
} as const satisfies Record<string, RecordKindDefinition>;

/** Every declared kind's name. */
export const RECORD_KIND_NAMES = Object.keys(RECORD_KINDS) as RecordKind[];

/** Whether `kind` is a declared record kind. */
export const isRecordKind = (kind: string): kind is RecordKind => Object.hasOwn(RECORD_KINDS, kind);

/**
 * The shortest comment a decision or prompt accepts where one is required (reject, return, reopen,
 * hold, solution): SPEC §5 "Free-text prompt default rule: at least 10 characters". The server
 * enforces it (422 `commentTooShort`, params.min); the web's prompts show it before sending.
 * Counted after trimming, in characters (code points).
 */
export const COMMENT_MIN_LENGTH = 10;

/** Longest comment or free text on a record (characters). */
export const RECORD_TEXT_MAX = 10_000;

/** Whether `text`, trimmed, holds at least {@link COMMENT_MIN_LENGTH} characters. */
export const isLongEnoughComment = (text: string | null | undefined, min = COMMENT_MIN_LENGTH): boolean =>
  [...(text ?? '').trim()].length >= min;

/** The web page of record `id` of `kind`, e.g. `/home/helpdesk/requests/42`. */
export const recordPath = (kind: RecordKind, id: number): string => RECORD_KINDS[kind].detailPath.replace('{id}', String(id));
