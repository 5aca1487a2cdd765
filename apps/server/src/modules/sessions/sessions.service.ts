import { randomBytes } from 'node:crypto';
import Bowser from 'bowser';
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { UserSession } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import type { IssuedToken } from '../../lib/tokens';
import type { AppDeps } from '../../types';

/*
 * Server-side sessions (issue #20). Every sign-in creates a `sessions` row whose id is the token's
 * `jti`; the auth guard (plugins/auth-guard.ts) and the hub accept a token only while its row is
 * open (not revoked, not expired), reading it in the same statement as the user — so a
 * revocation holds on every instance sharing the database from the next call, with no cache to
 * wait for; the revoking instance drops the tokens from its verified-token cache and tells the
 * others to do the same (lib/session-events.ts, Redis pub/sub when REDIS_URL is set).
 */

/** Why a session ended (`sessions.revoked_reason`). */
export type RevokeReason = 'logout' | 'signedOut' | 'signedOutEverywhere' | 'passwordChanged' | 'passwordReset' | 'deactivated' | 'admin';

/** How often `last_seen_at` is written at most, ms (issue #20: once a minute). */
export const LAST_SEEN_EVERY_MS = 60_000;

/** "Chrome on Windows" from a user agent ("Unknown device" when there is none), at most 100 characters. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name ?? '';
  const os = parsed.os.name ?? '';
  const text = browser && os ? `${browser} on ${os}` : browser || os || userAgent;
  return text.slice(0, 100);
}

/**
 * Opens a session for `userId` (a `sessions` row: device, address, user agent, expiry = now +
 * TOKEN_TTL_MINUTES) and signs its token (`jti` = the row's id).
 */
export async function start(deps: AppDeps, userId: number, origin: { ip: string | null; userAgent: string | null }): Promise<IssuedToken> {
  const id = randomBytes(18).toString('base64url');
  const now = new Date();
  const issued = await deps.tokens.issue(userId, id, now);
  await deps.db.insert(sessions).values({
    id,
    userId,
    device: describeDevice(origin.userAgent),
    userAgent: origin.userAgent?.slice(0, 500) ?? null,
    ip: origin.ip,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: issued.expiresAt,
  });
  return issued;
}

const open = () => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/** When session `sessionId` of `userId` expires, while it is neither revoked nor expired; else null (the hub's check). */
export async function openUntil(db: Db, sessionId: string, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), open()));
  return row?.expiresAt ?? null;
}

/** Writes `last_seen_at = now()` unless it was written in the last minute (one conditional update). */
export async function touch(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), sql`${sessions.lastSeenAt} < now() - interval '1 minute'`));
}

/** The open sessions of `userId`, most recently seen first; `isCurrent` marks `currentSessionId`. */
export async function listOpen(deps: AppDeps, userId: number, currentSessionId: string | null): Promise<UserSession[]> {
  const rows = await deps.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), open()))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows.map((row) => ({
    id: row.id,
    device: row.device,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    isCurrent: row.id === currentSessionId,
  }));
}

async function revokeWhere(deps: AppDeps, where: ReturnType<typeof and>, reason: RevokeReason): Promise<number> {
  const revoked = await deps.db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(where, open()))
    .returning({ id: sessions.id });
  const ids = revoked.map((row) => row.id);
  deps.tokens.forget(ids);
  // Never fatal: the database already refuses these sessions on every instance.
  await deps.sessionEvents.revoked(ids, reason).catch(() => undefined);
  return revoked.length;
}

/** Ends one open session of `userId`; answers false when there was none such (unknown, someone else's, already ended). */
export async function revoke(deps: AppDeps, userId: number, sessionId: string, reason: RevokeReason): Promise<boolean> {
  return (await revokeWhere(deps, and(eq(sessions.id, sessionId), eq(sessions.userId, userId)), reason)) > 0;
}

/** Ends every open session of `userId`, except `exceptSessionId` when given; answers how many ended. */
export async function revokeAll(deps: AppDeps, userId: number, reason: RevokeReason, exceptSessionId: string | null = null): Promise<number> {
  const mine = eq(sessions.userId, userId);
  return revokeWhere(deps, exceptSessionId ? and(mine, ne(sessions.id, exceptSessionId)) : and(mine), reason);
}

/** Ends every open session of these users (bulk deactivation). */
export async function revokeAllOf(deps: AppDeps, userIds: number[], reason: RevokeReason): Promise<number> {
  return userIds.length === 0 ? 0 : revokeWhere(deps, and(inArray(sessions.userId, userIds)), reason);
}
