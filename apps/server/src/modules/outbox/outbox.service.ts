import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { OutboxListQuery, OutboxPage, OutboxRow, OutboxStatusValue } from '@servicedesk/contracts';
import { outbox, OUTBOX_STATUSES, users, type OutboxRetryEntry } from '../../db/schema';
import { domainRule, notFound } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';

type Row = typeof outbox.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function namesOf(deps: AppDeps, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || u.email]));
}

function toView(row: Row, names: Map<number, string>): OutboxRow {
  const payload = (row.payload ?? null) as { kind?: unknown } | null;
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    kind: typeof payload?.kind === 'string' ? payload.kind : null,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: iso(row.sentAt),
    lastError: row.lastError,
    messageId: row.messageId,
    retries: row.retryHistory.map((r) => ({ ...r, userName: names.get(r.userId) ?? String(r.userId) })),
  };
}

/**
 * A page of the outbox, newest first, optionally of one status, with the count of every status
 * and whether mail can be sent (SMTP_HOST). Bodies are not shown (a password link is a secret).
 */
export async function listOutbox(deps: AppDeps, query: OutboxListQuery): Promise<OutboxPage> {
  const where = query.status ? eq(outbox.status, query.status) : undefined;
  const [rows, totals, byStatus] = await Promise.all([
    deps.db.select().from(outbox).where(where).orderBy(desc(outbox.id)).limit(query.pageSize).offset((query.page - 1) * query.pageSize),
    deps.db.select({ n: count() }).from(outbox).where(where),
    deps.db.select({ status: outbox.status, n: count() }).from(outbox).groupBy(outbox.status),
  ]);
  const counts = Object.fromEntries(OUTBOX_STATUSES.map((s) => [s, 0])) as Record<OutboxStatusValue, number>;
  for (const r of byStatus) counts[r.status] = Number(r.n);
  const names = await namesOf(deps, [...new Set(rows.flatMap((r) => r.retryHistory.map((h) => h.userId)))]);
  return { rows: rows.map((r) => toView(r, names)), total: Number(totals[0]?.n ?? 0), counts, mailConfigured: deps.config.mail.smtp !== null };
}

/**
 * Queues a failed row again (POST /api/admin/outbox/{id}/retry): due at once with a fresh count
 * of tries; the last error stays until the next try. Who retried, when, and the error and tries
 * the row had then are appended to the row's retry_history (shown on the page). 404; 422 `outboxNotFailed` for a row
 * that is not failed (one retry wins when two admins click at once).
 */
export async function retryOutbox(deps: AppDeps, actor: AuthUser, id: number): Promise<OutboxRow> {
  const [before] = await deps.db.select().from(outbox).where(eq(outbox.id, id));
  if (!before) throw notFound('No outbox message with this id.');
  const entry: OutboxRetryEntry = { userId: actor.id, at: new Date().toISOString(), lastError: before.lastError, attempts: before.attempts };
  const [updated] = await deps.db
    .update(outbox)
    .set({
      status: 'queued',
      attempts: 0,
      nextAttemptAt: sql`now()`,
      claimedBy: null,
      claimedUntil: null,
      retryHistory: sql`${outbox.retryHistory} || ${JSON.stringify([entry])}::jsonb`,
    })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
    .returning();
  if (!updated) throw domainRule('outboxNotFailed', 'Only a failed message can be sent again.', { status: before.status });
  return toView(updated, await namesOf(deps, [...new Set(updated.retryHistory.map((h) => h.userId))]));
}
