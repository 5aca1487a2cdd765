import { and, eq, gt, isNull, sql, count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginHistory, outbox, passwordResetTokens, userTypes, users } from '../../db/schema';

import type { LoginFailureReason } from '@servicedesk/contracts';

/** A login-history failure reason (contracts loginFailureReason). */
export type LoginReason = LoginFailureReason;

/** One attempt as written to login_history. */
export interface LoginAttempt {
  email: string;
  userId: number | null;
  isSuccess: boolean;
  reason: LoginReason | null;
  ip: string | null;
  userAgent: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** The user row with its type, as sign-in and the session need it. */
export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ user: users, userTypeName: userTypes.name })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row ?? null;
}

/** The user row with its type by id, or null. */
export async function findUserById(db: Db, id: number) {
  const [row] = await db
    .select({ user: users, userTypeName: userTypes.name })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .where(eq(users.id, id));
  return row ?? null;
}

/** Appends one attempt to login_history (never updated or pruned). */
export async function recordLoginAttempt(db: Db, attempt: LoginAttempt): Promise<void> {
  await db.insert(loginHistory).values(attempt);
}

/** Replaces the user's argon2id hash. */
export async function updatePasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Stores a reset token (hashed) and queues its mail, in one transaction. */
export async function createResetToken(
  db: Db,
  token: { userId: number; tokenHash: string; expiresAt: Date },
  mail: { recipient: string; subject: string; body: string; payload: unknown },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values(token);
    await tx.insert(outbox).values({ channel: 'mail', ...mail });
  });
}

/** The unused, unexpired reset token with this hash, or null. */
export async function findUsableResetToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  return row ?? null;
}

/**
 * Marks the token used and sets the new password hash atomically. The conditional update makes a
 * second, concurrent use find nothing; answers the user's id, or null when the token was not usable.
 */
export async function consumeResetToken(db: Db, tokenHash: string, now: Date, passwordHash: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) return null;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, used.userId));
    return used.userId;
  });
}

/** Reset tokens issued to the user since `since` (throttles reset mails). */
export async function countResetTokensSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)));
  return row?.n ?? 0;
}
