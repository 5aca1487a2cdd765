import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { FileItem, RecordComment, RecordHistoryEntry, RecordKind, RecordPerson } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { toFileItem, type FileRow } from '../../modules/files/files.service';
import { executePrepared, isoText } from '../lists/list-page';

/*
 * A record's detail parts — history, comments, attachments — as sub-selects of the statement that
 * reads the record itself (issue #44 "the record detail in one or two statements, not one per
 * part"): each part is one json array column, read in the same round trip as the row, and turned
 * into the contracts' shapes here exactly as historyOf / commentsOf / attachmentsOf answer them
 * (same fields, same order, same ISO 8601 times), so the detail's bytes do not change.
 */

/** The parts a detail reads; each is a json array column (`[]` when the record has none). */
export type RecordPart = 'history' | 'comments' | 'attachments';

/**
 * The json sub-select of `part` for record `id` (an SQL expression: the outer statement's id
 * column, or a parameter) of `kind`, oldest first — to put into the select list of the
 * statement that reads the record. Read the column back with {@link parseRecordPart}.
 */
export function recordPartSql(part: RecordPart, kind: RecordKind, id: SQL): SQL {
  switch (part) {
    case 'history':
      return sql`coalesce((select json_agg(json_build_object(
          'id', h.id, 'action', h.action, 'fromStatus', h.from_status, 'toStatus', h.to_status,
          'actorId', h.actor_id, 'actorFirst', ha.first_name, 'actorLast', ha.last_name, 'actorImg', ha.img_path,
          'principalId', h.on_behalf_of_id, 'principalFirst', hp.first_name, 'principalLast', hp.last_name, 'principalImg', hp.img_path,
          'comment', h.comment, 'details', h.details, 'createdAt', ${isoText(sql`h.created_at`)}) order by h.id)
        from record_history h
        left join users ha on ha.id = h.actor_id
        left join users hp on hp.id = h.on_behalf_of_id
        where h.record_kind = ${kind} and h.record_id = ${id}), '[]'::json)`;
    case 'comments':
      return sql`coalesce((select json_agg(json_build_object(
          'id', c.id, 'authorId', c.author_id, 'first', cu.first_name, 'last', cu.last_name, 'imgPath', cu.img_path,
          'text', c.text, 'createdAt', ${isoText(sql`c.created_at`)}) order by c.id)
        from record_comments c
        join users cu on cu.id = c.author_id
        where c.record_kind = ${kind} and c.record_id = ${id}), '[]'::json)`;
    case 'attachments':
      return sql`coalesce((select json_agg(json_build_object(
          'id', f.id, 'originalName', f.original_name, 'mime', f.mime, 'sizeBytes', f.size_bytes,
          'sha256', f.sha256, 'uploadType', f.upload_type) order by f.id)
        from files f
        where f.record_type = ${kind} and f.record_id = ${id} and f.deleted_at is null), '[]'::json)`;
  }
}

interface HistoryJson {
  id: number;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  actorId: number | null;
  actorFirst: string | null;
  actorLast: string | null;
  actorImg: string | null;
  principalId: number | null;
  principalFirst: string | null;
  principalLast: string | null;
  principalImg: string | null;
  comment: string | null;
  details: Record<string, unknown> | null;
  createdAt: string;
}
interface CommentJson {
  id: number;
  authorId: number;
  first: string;
  last: string;
  imgPath: string | null;
  text: string;
  createdAt: string;
}
type FileJson = Pick<FileRow, 'id' | 'originalName' | 'mime' | 'sizeBytes' | 'sha256' | 'uploadType'>;

const person = (id: number | null, first: string | null, last: string | null, imgPath: string | null): RecordPerson | null =>
  id === null ? null : { id, name: `${first ?? ''} ${last ?? ''}`.trim(), imgPath };

/** The driver's value of a json column: parsed already (both drivers parse json), or its text. */
const jsonValue = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/** History entries as historyOf answers them (contracts recordHistoryEntry), from the `history` column. */
export function parseHistoryPart(value: unknown): RecordHistoryEntry[] {
  return jsonValue<HistoryJson[]>(value).map((h) => ({
    id: h.id,
    action: h.action,
    fromStatus: h.fromStatus,
    toStatus: h.toStatus,
    actor: person(h.actorId, h.actorFirst, h.actorLast, h.actorImg),
    onBehalfOf: person(h.principalId, h.principalFirst, h.principalLast, h.principalImg),
    comment: h.comment,
    details: h.details,
    createdAt: h.createdAt,
  }));
}

/** Comments as commentsOf answers them (contracts RecordComment), from the `comments` column. */
export function parseCommentsPart(value: unknown): RecordComment[] {
  return jsonValue<CommentJson[]>(value).map((c) => ({
    id: c.id,
    author: { id: c.authorId, name: `${c.first} ${c.last}`, imgPath: c.imgPath },
    text: c.text,
    createdAt: c.createdAt,
  }));
}

/** Attachments as attachmentsOf answers them (contracts FileItem), from the `attachments` column. */
export function parseAttachmentsPart(value: unknown): FileItem[] {
  return jsonValue<FileJson[]>(value).map((f) => toFileItem({ ...f, sizeBytes: Number(f.sizeBytes) } as FileRow));
}

/** The parts of one record as the detail shows them. */
export interface RecordParts {
  history: RecordHistoryEntry[];
  comments: RecordComment[];
  attachments: FileItem[];
}

/**
 * History, comments and attachments of record `id` of `kind` in ONE statement (three sub-selects)
 * instead of historyOf + commentsOf + attachmentsOf: for a detail whose record row is read
 * elsewhere (e.g. by loadVisible). Each as its own function answers it; a part left out of
 * `parts` comes back empty without being read.
 */
export async function recordParts(db: Db, kind: RecordKind, id: number, parts: readonly RecordPart[] = ['history', 'comments', 'attachments']): Promise<RecordParts> {
  const columns = parts.map((part) => sql`${recordPartSql(part, kind, sql`${id}::int`)} as ${sql.raw(`"${part}"`)}`);
  const [row] = await executePrepared<Partial<Record<RecordPart, unknown>>>(db, `record_parts_${kind}`, sql`select ${sql.join(columns, sql`, `)}`);
  return {
    history: row?.history === undefined ? [] : parseHistoryPart(row.history),
    comments: row?.comments === undefined ? [] : parseCommentsPart(row.comments),
    attachments: row?.attachments === undefined ? [] : parseAttachmentsPart(row.attachments),
  };
}

/**
 * SQL boolean: `userId` (an SQL expression, e.g. a placeholder) watches record `id` of `kind` —
 * what the visibility rule's `mentioned` asks (watchers.ts isWatcher), read with the record.
 */
export function watchingSql(kind: RecordKind, id: SQL, userId: SQL | Placeholder): SQL<boolean> {
  return sql<boolean>`exists(select 1 from record_watchers w where w.record_kind = ${kind} and w.record_id = ${id} and w.user_id = ${userId})`;
}

/**
 * SQL boolean: record `id` of `kind` has an approval waiting (IN_APPROVAL) that `userId` did not
 * author — the precondition of deciding it as a substitute (lib/approvals/engine.ts
 * decidesAsSubstitute). When false, that rule answers false without being asked; when true the
 * engine decides (its own statements: steps, slots, delegations).
 */
export function approvalOpenForSql(kind: RecordKind, id: SQL, userId: SQL | Placeholder): SQL<boolean> {
  return sql<boolean>`exists(select 1 from approval_records ar where ar.record_kind = ${kind} and ar.record_id = ${id} and ar.status = 'IN_APPROVAL' and ar.author_id <> ${userId})`;
}
