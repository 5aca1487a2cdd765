import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginHistory, users } from '../../db/schema';

/** Users that may sign in. */
export async function countActiveUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.isActive, true));
  return row?.n ?? 0;
}

/** The user's successful sign-ins since `since`. */
export async function countSignIns(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginHistory)
    .where(and(eq(loginHistory.userId, userId), eq(loginHistory.isSuccess, true), gt(loginHistory.createdAt, since)));
  return row?.n ?? 0;
}

/** Failed attempts on this email since `since` (whoever made them). */
export async function countFailedSignIns(db: Db, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginHistory)
    .where(and(eq(loginHistory.email, email.toLowerCase()), eq(loginHistory.isSuccess, false), gt(loginHistory.createdAt, since)));
  return row?.n ?? 0;
}

/** The n-th newest successful sign-in of the user (0 = the latest). */
export async function nthLatestSignIn(db: Db, userId: number, n: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: loginHistory.createdAt })
    .from(loginHistory)
    .where(and(eq(loginHistory.userId, userId), eq(loginHistory.isSuccess, true)))
    .orderBy(desc(loginHistory.createdAt), desc(loginHistory.id))
    .offset(n)
    .limit(1);
  return row?.at ?? null;
}
