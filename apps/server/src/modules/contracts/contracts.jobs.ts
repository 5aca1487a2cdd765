import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { CONTRACT_END_REMINDER_DAYS } from '@servicedesk/contracts';
import { scheduleJob } from '../../lib/jobs';
import { executedRows } from '../../lib/lists/list-page';
import { appendHistory } from '../../lib/records/history';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../types';
import { bakuToday, endReminderDate, noticeDate } from './contracts.dates';
import { CONTRACT_RECORD_KIND } from './contracts.kind';
import * as repo from './contracts.repository';
import { announceChange, createNextTerm, tell } from './contracts.service';

/*
 * The contracts' daily job (issue #14): reminders at the notice date and 30 days before the end
 * (each once, to the responsible person and the author, bell + live), EXPIRED after the end date,
 * and the next term of an automatic renewal. Once across several instances: every batch runs in a
 * transaction that first takes `pg_try_advisory_xact_lock` (an instance that finds it taken stops —
 * the other is at work) and claims its rows `FOR UPDATE SKIP LOCKED`; what was done is written on
 * the row (`noticeRemindedAt`, `endRemindedAt`, the status) in the same transaction, so a second
 * run, on this instance or another, finds nothing left to do that day.
 */

/** Advisory lock key of the contracts job. */
const CONTRACTS_JOB_LOCK = 727_314;
/** Rows per transaction. */
const BATCH = 200;
/** How often the scheduler looks (the work is per calendar day; an hourly look catches a restart). */
export const CONTRACTS_JOB_INTERVAL_MS = 60 * 60_000;

interface JobLogger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

/** What one run did. */
export interface ContractsJobResult {
  noticeReminders: number;
  endReminders: number;
  expired: number;
  renewed: number;
}

type Notice = {
  row: repo.ContractRow;
  event: 'noticeDate' | 'endingSoon' | 'expired' | 'renewed';
  extra: Record<string, string | number | null>;
};

/** One locked batch; null when another instance holds the lock. */
async function batch<T>(deps: AppDeps, work: (tx: Db) => Promise<T>): Promise<T | null> {
  return deps.db.transaction(async (tx) => {
    const locked = executedRows<{ ok: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${CONTRACTS_JOB_LOCK}) as ok`),
    );
    if (!locked[0]?.ok) return null;
    return work(tx);
  });
}

/**
 * The day's work as of `now` (Baku calendar date): reminders due and not yet sent, contracts
 * past their end date → EXPIRED (an automatic renewal's next term made ACTIVE). Answers the counts.
 */
export async function runContractsJob(
  deps: AppDeps,
  now = new Date(),
  log?: JobLogger,
): Promise<ContractsJobResult> {
  const today = bakuToday(now);
  const result: ContractsJobResult = {
    noticeReminders: 0,
    endReminders: 0,
    expired: 0,
    renewed: 0,
  };
  const notices: Notice[] = [];

  // Reminders.
  for (;;) {
    const claimed = await batch(deps, async (tx) => {
      const rows = await repo.claimDueReminders(tx, today, CONTRACT_END_REMINDER_DAYS, BATCH);
      for (const row of rows) {
        const notice = noticeDate(row.endDate, row.noticeDays);
        const ending = endReminderDate(row.endDate);
        const noticeDue = row.noticeRemindedAt === null && notice <= today;
        const endDue = row.endRemindedAt === null && ending <= today;
        await repo.updateContract(tx, row.id, {
          ...(noticeDue ? { noticeRemindedAt: now } : {}),
          ...(endDue ? { endRemindedAt: now } : {}),
        });
        const history = [];
        // One notice per date: when both fall on the same day, the "ends soon" one says it all.
        if (noticeDue && !(endDue && notice === ending)) {
          history.push({
            recordKind: CONTRACT_RECORD_KIND,
            recordId: row.id,
            action: 'remind',
            details: { reminder: 'noticeDate', date: notice },
            createdAt: now,
          });
          notices.push({ row, event: 'noticeDate', extra: { date: notice, endDate: row.endDate } });
          result.noticeReminders += 1;
        }
        if (endDue) {
          history.push({
            recordKind: CONTRACT_RECORD_KIND,
            recordId: row.id,
            action: 'remind',
            details: { reminder: 'endingSoon', date: ending },
            createdAt: now,
          });
          notices.push({ row, event: 'endingSoon', extra: { date: ending, endDate: row.endDate } });
          result.endReminders += 1;
        }
        await appendHistory(tx, history);
      }
      return rows.length;
    });
    if (claimed === null || claimed < BATCH) break;
  }

  // Expiry (and automatic renewal).
  for (;;) {
    const claimed = await batch(deps, async (tx) => {
      const rows = await repo.claimExpired(tx, today, BATCH);
      for (const row of rows) {
        const expired = await repo.updateContract(tx, row.id, {
          status: 'EXPIRED',
          updatedAt: now,
        });
        await appendHistory(tx, [
          {
            recordKind: CONTRACT_RECORD_KIND,
            recordId: row.id,
            action: 'expire',
            fromStatus: 'ACTIVE',
            toStatus: 'EXPIRED',
            details: { endDate: row.endDate },
            createdAt: now,
          },
        ]);
        result.expired += 1;
        notices.push({ row: expired, event: 'expired', extra: { endDate: row.endDate } });
        if (row.renewal === 'automatic' && !(await repo.findNextTerm(tx, row.id))) {
          const next = await createNextTerm(tx, expired, row.authorId, true, now);
          result.renewed += 1;
          notices.push({
            row: next,
            event: 'renewed',
            extra: { startDate: next.startDate, endDate: next.endDate },
          });
        }
      }
      return rows.length;
    });
    if (claimed === null || claimed < BATCH) break;
  }

  for (const { row, event, extra } of notices) {
    await tell(deps, [row.responsibleId, row.authorId], event, row, null, extra, log);
    await announceChange(deps, row, log);
  }
  if (notices.length > 0) log?.info(result, 'contracts: daily job');
  return result;
}

/** Runs {@link runContractsJob} every {@link CONTRACTS_JOB_INTERVAL_MS} while the app is up (lib/jobs scheduleJob). */
export function scheduleContractsJob(
  app: FastifyInstance,
  intervalMs = CONTRACTS_JOB_INTERVAL_MS,
): void {
  scheduleJob(
    app,
    'contracts: daily job',
    () => runContractsJob(app.deps, new Date(), app.log),
    intervalMs,
  );
}
