import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { RECORD_KINDS, type RecordKind } from '@servicedesk/contracts';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { approvalMailTokens, approvalRecords, approvalSteps } from '../../db/schema';
import { resolveJwtSecret } from '../jwt-secret';

/*
 * Decide-by-reply tokens (issue #38): the "your turn to approve" mail to an approver carries a
 * token `SDA-{id}-{hmac}` — in its Message-ID (`<sd-outbox-{outbox id}.SDA-…@MAIL_DOMAIN>`, which
 * every reply names in In-Reply-To) and in a reference line of its text. A reply from that
 * approver's own address whose first line is approve or reject decides the step through the
 * engine (modules/inboundMail). The token is signed (HMAC-SHA256 with a key derived from the
 * server's JWT secret over id, user, approval and step: an id alone cannot be guessed into one),
 * names one user and one step (an old mail never decides a later step), and is used once
 * (`used_at`, set in one statement; given back when the engine refuses the decision, so a
 * corrected reply can follow).
 */

/** Hex digits of the HMAC kept in a token (96 bits). */
const SIGNATURE_HEX = 24;
const keys = new WeakMap<Db, Promise<Buffer>>();

/** The signing key of `db`'s server: HMAC(JWT secret, purpose), so a token is no session key. */
function keyOf(config: AppConfig, db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = resolveJwtSecret(config, db).then((secret) => createHmac('sha256', Buffer.from(secret)).update('servicedesk approval mail token v1').digest());
    keys.set(db, key);
  }
  return key;
}

const signature = (key: Buffer, row: { id: number; userId: number; approvalId: number; stepId: number }) =>
  createHmac('sha256', key).update(`${row.id}:${row.userId}:${row.approvalId}:${row.stepId}`).digest('hex').slice(0, SIGNATURE_HEX);

const pathPatterns = (Object.entries(RECORD_KINDS) as [RecordKind, { detailPath: string }][]).map(
  ([kind, def]) => [kind, new RegExp(`^${def.detailPath.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{id}', '(\\d{1,10})')}$`)] as const,
);

/** The record a detail path names (`/home/inventory/requests/7` → equipmentRequest 7; contracts RECORD_KINDS), or null. */
export function recordOfPath(path: string | null): { recordKind: RecordKind; recordId: number } | null {
  if (!path) return null;
  const bare = path.split(/[?#]/)[0]!;
  for (const [recordKind, pattern] of pathPatterns) {
    const match = pattern.exec(bare);
    if (match) return { recordKind, recordId: Number(match[1]) };
  }
  return null;
}

/**
 * Issues a token for `userId` to decide the pending step of the record that `redirectUrl` (the
 * notification's link) opens, or null when that record has no approval waiting in a step (then
 * the mail goes without one). Whether the user may decide it is the engine's question when the
 * reply comes (approver or active substitute).
 */
export async function issueDecisionToken(db: Db, config: AppConfig, userId: number, redirectUrl: string | null): Promise<string | null> {
  const record = recordOfPath(redirectUrl);
  if (!record) return null;
  const [pending] = await db
    .select({ approvalId: approvalRecords.id, stepId: approvalSteps.id })
    .from(approvalRecords)
    .innerJoin(approvalSteps, and(eq(approvalSteps.approvalId, approvalRecords.id), eq(approvalSteps.round, approvalRecords.round), eq(approvalSteps.status, 'PENDING')))
    .where(and(eq(approvalRecords.recordKind, record.recordKind), eq(approvalRecords.recordId, record.recordId), eq(approvalRecords.status, 'IN_APPROVAL')))
    .limit(1);
  if (!pending) return null;
  const [row] = await db.insert(approvalMailTokens).values({ userId, approvalId: pending.approvalId, stepId: pending.stepId, ...record }).returning();
  if (!row) return null;
  return `SDA-${row.id}-${signature(await keyOf(config, db), row)}`;
}

/** A token that checked out: whom it was sent to and which step of which record it decides. */
export interface DecisionTokenRow {
  id: number;
  userId: number;
  approvalId: number;
  stepId: number;
  recordKind: string;
  recordId: number;
}

/**
 * Why a token cannot decide: `forged` (malformed, unknown id or wrong signature), `used` (already
 * decided with it), `notYours` (sent to another user), `stepClosed` (its step is no longer the
 * pending one: decided on the page, or the chain moved on).
 */
export type DecisionTokenProblem = 'forged' | 'used' | 'notYours' | 'stepClosed';

/** Checks `token` for a reply from `senderId`: the token's row, or why it cannot decide. Signatures compared in constant time. */
export async function checkDecisionToken(db: Db, config: AppConfig, token: string, senderId: number): Promise<{ ok: true; row: DecisionTokenRow } | { ok: false; problem: DecisionTokenProblem; row?: DecisionTokenRow }> {
  const match = /^SDA-(\d{1,10})-([0-9a-f]{24})$/i.exec(token.trim());
  if (!match || Number(match[1]) > 2_147_483_647) return { ok: false, problem: 'forged' };
  const [row] = await db.select().from(approvalMailTokens).where(eq(approvalMailTokens.id, Number(match[1])));
  if (!row) return { ok: false, problem: 'forged' };
  const expected = Buffer.from(signature(await keyOf(config, db), row));
  const given = Buffer.from(match[2]!.toLowerCase());
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, problem: 'forged' };
  const view: DecisionTokenRow = { id: row.id, userId: row.userId, approvalId: row.approvalId, stepId: row.stepId, recordKind: row.recordKind, recordId: row.recordId };
  if (row.userId !== senderId) return { ok: false, problem: 'notYours', row: view };
  if (row.usedAt) return { ok: false, problem: 'used', row: view };
  const [step] = await db.select({ status: approvalSteps.status }).from(approvalSteps).where(eq(approvalSteps.id, row.stepId));
  if (step?.status !== 'PENDING') return { ok: false, problem: 'stepClosed', row: view };
  return { ok: true, row: view };
}

/** Marks token `id` used by inbound message `inboundId`, in one statement: false when another reply used it first. */
export async function useDecisionToken(db: Db, id: number, inboundId: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(approvalMailTokens)
    .set({ usedAt: now, usedByInboundId: inboundId })
    .where(and(eq(approvalMailTokens.id, id), isNull(approvalMailTokens.usedAt)))
    .returning({ id: approvalMailTokens.id });
  return rows.length === 1;
}

/** Gives token `id` back after the engine refused the decision it carried (a corrected reply may follow). */
export async function releaseDecisionToken(db: Db, id: number, inboundId: number): Promise<void> {
  await db.update(approvalMailTokens).set({ usedAt: null, usedByInboundId: null }).where(and(eq(approvalMailTokens.id, id), eq(approvalMailTokens.usedByInboundId, inboundId)));
}
