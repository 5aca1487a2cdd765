import { z } from 'zod';
import { id } from './validation';
import type { RECORD_KINDS } from './plain/records';
import { RECORD_KIND_NAMES, RECORD_TEXT_MAX } from './plain/records';
export { RECORD_KINDS, RECORD_KIND_NAMES, isRecordKind, COMMENT_MIN_LENGTH, RECORD_TEXT_MAX, isLongEnoughComment, recordPath } from './plain/records';

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

/** The name of a declared record kind, e.g. `helpdeskRequest`. */
export type RecordKind = keyof typeof RECORD_KINDS;

export const recordKind = z.enum(RECORD_KIND_NAMES as [RecordKind, ...RecordKind[]]);


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
