import { and, asc, eq } from 'drizzle-orm';
import { COMMENT_MIN_LENGTH, isLongEnoughComment, type RecordComment } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { recordComments, users } from '../../db/schema';
import { domainRule } from '../errors';
import { activeUserIds, addWatchers } from './watchers';

/*
 * Comments on records of any kind (issue #11), and the comment rule of decisions and prompts.
 */

/** The comments of record `id` of `kind`, oldest first (`onlyId`: just that one). */
export async function commentsOf(db: Db, kind: string, id: number, onlyId?: number): Promise<RecordComment[]> {
  const rows = await db
    .select({ row: recordComments, first: users.firstName, last: users.lastName, imgPath: users.imgPath })
    .from(recordComments)
    .innerJoin(users, eq(users.id, recordComments.authorId))
    .where(and(eq(recordComments.recordKind, kind), eq(recordComments.recordId, id), onlyId === undefined ? undefined : eq(recordComments.id, onlyId)))
    .orderBy(asc(recordComments.id));
  return rows.map(({ row, first, last, imgPath }) => ({
    id: row.id,
    author: { id: row.authorId, name: `${first} ${last}`, imgPath },
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Adds `text` by `authorId` to record `id` of `kind`; answers the comment as listed. */
export async function insertComment(db: Db, kind: string, id: number, authorId: number, text: string): Promise<RecordComment> {
  const [row] = await db.insert(recordComments).values({ recordKind: kind, recordId: id, authorId, text }).returning({ id: recordComments.id });
  if (!row) throw new Error('records: comment insert returned nothing');
  const [listed] = await commentsOf(db, kind, id, row.id);
  if (!listed) throw new Error('records: the new comment is not readable');
  return listed;
}

/**
 * The comment rule of a decision or prompt that requires one (SPEC §5 "Free-text prompt default
 * rule: at least 10 characters"; contracts COMMENT_MIN_LENGTH): 422 `commentRequired` when
 * `text` is missing or blank, 422 `commentTooShort` (details `{ field, min }`) when shorter than
 * `min` characters after trimming. `field` names the input (`comment`, `solution`) in the message.
 */
export function requireComment(text: string | null | undefined, field = 'comment', min = COMMENT_MIN_LENGTH): string {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') throw domainRule('commentRequired', `A ${field} is required.`, { field });
  if (!isLongEnoughComment(trimmed, min)) {
    throw domainRule('commentTooShort', `The ${field} must be at least ${min} characters long.`, { field, min });
  }
  return trimmed;
}

/**
 * Posts a comment by `authorId` on record `id` of `kind` (the caller checked they may see it):
 * stores the text, makes the active users among `mentionedUserIds` watchers of the record (they
 * may then open it and find it in their lists). Answers the comment and those mentioned users —
 * the module notifies them (`mentioned`) and its own people (`commented`), and announces the change.
 */
export async function postComment(
  db: Db,
  kind: string,
  id: number,
  authorId: number,
  input: { text: string; mentionedUserIds: readonly number[] },
): Promise<{ comment: RecordComment; mentioned: number[] }> {
  const comment = await insertComment(db, kind, id, authorId, input.text);
  const mentioned = await activeUserIds(db, input.mentionedUserIds);
  await addWatchers(db, kind, id, mentioned, authorId);
  return { comment, mentioned };
}
