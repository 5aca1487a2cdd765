import { executedRows } from '../../lib/lists/list-page';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { HELPDESK_AUTO_CLOSE_DAYS } from '@servicedesk/contracts';
import { scheduleJob } from '../../lib/jobs';
import type { AppDeps } from '../../types';
import { notify } from '../notifications/notifications.service';
import { AUTO_CLOSE } from './helpdesk.machine';
import * as repo from './helpdesk.repository';
import { announceChange, requestUrl } from './helpdesk.service';

/** Advisory lock key of the auto-close run (one instance at a time runs it; others skip). */
const AUTO_CLOSE_LOCK = 727_276;
/** Requests closed per transaction. */
const AUTO_CLOSE_BATCH = 200;
/** How often the scheduler looks for requests to close. */
export const AUTO_CLOSE_INTERVAL_MS = 10 * 60_000;

interface JobLogger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

/**
 * Closes every request RESOLVED for {@link HELPDESK_AUTO_CLOSE_DAYS} days or more as of `now`
 * (DOMAIN.md: "CLOSED … automatically after 3 days"): status CLOSED, `closedAt`, a history row
 * `autoClose` without an actor, and a notification to the requester and the assignee.
 *
 * Safe with several server instances on one PostgreSQL: each batch runs in a transaction that
 * first takes `pg_try_advisory_xact_lock` (an instance that finds it taken stops: the other is
 * at work) and claims its rows with `FOR UPDATE SKIP LOCKED`, re-checking the status, so no
 * request is closed twice. On PGlite (one instance) the same SQL applies. Answers how many it closed.
 */
export async function autoCloseResolved(deps: AppDeps, now = new Date(), log?: JobLogger): Promise<number> {
  const before = new Date(now.getTime() - HELPDESK_AUTO_CLOSE_DAYS * 86_400_000);
  let total = 0;
  for (;;) {
    const closed = await deps.db.transaction(async (tx) => {
      const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${AUTO_CLOSE_LOCK}) as ok`);
      const rows = executedRows<{ ok: boolean }>(result);
      if (!rows[0]?.ok) return null;
      const claimed = await repo.claimResolvedBefore(tx, before, AUTO_CLOSE_BATCH);
      for (const row of claimed) {
        await repo.updateRequest(tx, row.id, { status: AUTO_CLOSE.to, closedAt: now, updatedAt: now });
      }
      await repo.insertHistory(
        tx,
        claimed.map((row) => ({ requestId: row.id, action: AUTO_CLOSE.action, fromStatus: AUTO_CLOSE.from, toStatus: AUTO_CLOSE.to, actorId: null, createdAt: now })),
      );
      return claimed;
    });
    if (closed === null) break;
    for (const row of closed) {
      const recipients = [row.requesterId, ...(row.assigneeId !== null ? [row.assigneeId] : [])];
      await notify(deps, recipients, 'notifications.helpdesk.autoClosed', { number: row.number, title: row.title, days: HELPDESK_AUTO_CLOSE_DAYS }, requestUrl(row.id), null, log);
      await announceChange(deps, row, log);
    }
    total += closed.length;
    if (closed.length < AUTO_CLOSE_BATCH) break;
  }
  if (total > 0) log?.info({ closed: total }, 'helpdesk: auto-closed resolved requests');
  return total;
}

/**
 * Runs {@link autoCloseResolved} every {@link AUTO_CLOSE_INTERVAL_MS} (first run a minute after
 * start) while the app is up; the timer never keeps the process alive and stops on close. A
 * failed run is logged and retried at the next tick.
 */
export function scheduleHelpdeskJobs(app: FastifyInstance, intervalMs = AUTO_CLOSE_INTERVAL_MS): void {
  scheduleJob(app, 'helpdesk: auto-close', () => autoCloseResolved(app.deps, new Date(), app.log), intervalMs);
}
