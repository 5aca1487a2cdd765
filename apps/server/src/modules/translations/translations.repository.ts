import { and, desc, eq } from 'drizzle-orm';
import type { LanguageCode } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { translationAudit, translationOverrides, users } from '../../db/schema';

/** An override with its author's name (null when the author was deleted). */
export interface OverrideRow {
  key: string;
  value: string;
  updatedAt: Date;
  updatedBy: string | null;
}

const authorName = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim());

/** Every override of a language. */
export async function overridesOf(db: Db, lang: LanguageCode): Promise<OverrideRow[]> {
  const rows = await db
    .select({
      key: translationOverrides.key,
      value: translationOverrides.value,
      updatedAt: translationOverrides.updatedAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(translationOverrides)
    .leftJoin(users, eq(users.id, translationOverrides.updatedBy))
    .where(eq(translationOverrides.lang, lang));
  return rows.map((r) => ({ key: r.key, value: r.value, updatedAt: r.updatedAt, updatedBy: authorName(r.firstName, r.lastName) }));
}

/** The override of one key, or undefined. */
export async function findOverride(db: Db, lang: LanguageCode, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: translationOverrides.value })
    .from(translationOverrides)
    .where(and(eq(translationOverrides.lang, lang), eq(translationOverrides.key, key)));
  return row?.value;
}

/** Sets (insert or replace) one override. */
export async function upsertOverride(db: Db, lang: LanguageCode, key: string, value: string, userId: number): Promise<void> {
  const now = new Date();
  await db
    .insert(translationOverrides)
    .values({ lang, key, value, updatedBy: userId, updatedAt: now })
    .onConflictDoUpdate({ target: [translationOverrides.lang, translationOverrides.key], set: { value, updatedBy: userId, updatedAt: now } });
}

/** Deletes one override. */
export async function deleteOverride(db: Db, lang: LanguageCode, key: string): Promise<void> {
  await db.delete(translationOverrides).where(and(eq(translationOverrides.lang, lang), eq(translationOverrides.key, key)));
}

/** Appends one audit entry. */
export async function audit(
  db: Db,
  entry: { lang: LanguageCode; key: string; value: string | null; previous: string | null; changedBy: number },
): Promise<void> {
  await db.insert(translationAudit).values(entry);
}

/** The audit of one key, newest first. */
export async function history(db: Db, lang: LanguageCode, key: string) {
  const rows = await db
    .select({
      value: translationAudit.value,
      previous: translationAudit.previous,
      changedAt: translationAudit.changedAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(translationAudit)
    .leftJoin(users, eq(users.id, translationAudit.changedBy))
    .where(and(eq(translationAudit.lang, lang), eq(translationAudit.key, key)))
    .orderBy(desc(translationAudit.changedAt), desc(translationAudit.id));
  return rows.map((r) => ({ value: r.value, previous: r.previous, changedAt: r.changedAt, changedBy: authorName(r.firstName, r.lastName) }));
}
