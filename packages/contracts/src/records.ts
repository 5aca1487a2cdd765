import { z } from 'zod';
import { id } from './validation';

/*
 * The record foundation (issue #11): what every back-office module's records share — their kind,
 * history, comments, watchers and attachments, all keyed by (record kind, record id). A module
 * declares its kind here ONCE; the server (record presence, history, lists, notifications) and the
 * web (live records, links) read it from here.
 */

/**
 * One record kind: `actionKey` is the permission action whose record rule decides who may see one
 * record (lib/access.ts — the detail, the lists' SQL and record presence use the same rule);
 * `seeAllKey` the action whose holders see every record of the kind; `detailPath` the web page of
 * one record, `{id}` standing for its id (notifications lead there).
 */
export interface RecordKindDefinition {
  actionKey: string;
  seeAllKey?: string;
  detailPath: `/${string}{id}${string}`;
}

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
} as const satisfies Record<string, RecordKindDefinition>;

/** The name of a declared record kind, e.g. `helpdeskRequest`. */
export type RecordKind = keyof typeof RECORD_KINDS;

/** Every declared kind's name. */
export const RECORD_KIND_NAMES = Object.keys(RECORD_KINDS) as RecordKind[];

export const recordKind = z.enum(RECORD_KIND_NAMES as [RecordKind, ...RecordKind[]]);

/** Whether `kind` is a declared record kind. */
export const isRecordKind = (kind: string): kind is RecordKind => Object.hasOwn(RECORD_KINDS, kind);

/** The web page of record `id` of `kind`, e.g. `/home/helpdesk/requests/42`. */
export const recordPath = (kind: RecordKind, id: number): string => RECORD_KINDS[kind].detailPath.replace('{id}', String(id));

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

/** A person as records show them. */
export const recordPerson = z.object({ id: z.number().int(), name: z.string(), imgPath: z.string().nullable() });
export type RecordPerson = z.infer<typeof recordPerson>;

/**
 * One row of a record's history (DOMAIN.md: who, when, on behalf of whom, from, to, comment):
 * `actor` null = the system; `onBehalfOf` set when a substitute acted for someone (delegation);
 * `fromStatus` null for the creation, `toStatus` null for an action that changes no status;
 * `details` the action's data. Oldest first.
 */
export const recordHistoryEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  actor: recordPerson.nullable(),
  onBehalfOf: recordPerson.nullable(),
  comment: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string().datetime(),
});
export type RecordHistoryEntry = z.infer<typeof recordHistoryEntry>;

/** A comment on a record (plain text with @mentions — the client escapes it). Oldest first. */
export const recordComment = z.object({
  id: z.number().int(),
  author: recordPerson,
  text: z.string(),
  createdAt: z.string().datetime(),
});
export type RecordComment = z.infer<typeof recordComment>;

/** Users @mentioned in a text (at most 50): they become watchers and are notified. */
export const recordMentions = z.array(id).max(50).default([]);

/** A comment to add to a record: text (1…{@link RECORD_TEXT_MAX} characters, trimmed) and its mentions. */
export const addRecordCommentInput = z.object({
  text: z.string().trim().min(1).max(RECORD_TEXT_MAX),
  mentionedUserIds: recordMentions,
});
export type AddRecordCommentInput = z.input<typeof addRecordCommentInput>;
