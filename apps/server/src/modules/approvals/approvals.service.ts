import type { ApprovalBulkInput, ApprovalBulkResponse, MyApprovalsResponse, myApprovalsQuery } from '@servicedesk/contracts';
import type { z } from 'zod';
import { decide } from '../../lib/approvals/engine';
import { AppError } from '../../lib/errors';
import type { ListCache } from '../../lib/lists/list-cache';
import type { WarnLogger } from '../../lib/log';
import type { AppDeps, AuthUser } from '../../types';
import * as repo from './approvals.repository';
import type { DelegationWindow } from './approvals.repository';

/*
 * "My approvals" over the approval engine (lib/approvals, issue #11): what waits for the caller
 * (the SQL and its rule: approvals.repository), counted and paged, cached, and approved in bulk.
 * Delegation is approvals.delegations (its functions are exported from here too).
 */

export { createDelegation, endDelegation, listDelegations, windowOfDays, type DelegationWindowInput } from './approvals.delegations';

/*
 * The cache (the route's ListCache, lib/lists/list-cache.ts; dropped whenever the engine or a
 * module on it announces a change — waiting.ts `changesWaiting` — and on delegation changes). An
 * answer depends on the caller, the query, the engine's tables, and — through `now` — only on
 * which users the caller substitutes at that instant. So its key names the caller, the query and
 * that set, read from the caller's received delegation windows (kept in the same cache): when a
 * window starts or ends, the set changes, and with it the key — the next call computes afresh,
 * no change needs announcing at that instant. Names of people and records come along with the
 * answer and may show at most the cache's TTL late.
 */

/**
 * The ids of the users `me` substitutes at `now` (ascending), from the windows kept in `cache` —
 * the same rule as the statements' `delegators` (delegations.ts: [starts_at, least(ends_at,
 * ended_at))). `now` must not run backwards between calls within the cache's TTL (the routes
 * pass the clock): windows that ended before the first call are not kept.
 */
async function delegatorsAt(deps: AppDeps, me: number, now: Date, cache: ListCache): Promise<number[]> {
  const json = await cache.get(JSON.stringify(['receivedDelegations', me]), async () => JSON.stringify(await repo.receivedWindows(deps.db, me, now)));
  const windows = JSON.parse(json) as DelegationWindow[];
  const at = now.getTime();
  return [...new Set(windows.filter(([, from, until]) => from <= at && at < until).map(([userId]) => userId))].sort((a, b) => a - b);
}

/** `compute`'s answer for `user` under `key`, from `cache` when there is one (see above). */
async function cachedForCaller(deps: AppDeps, user: AuthUser, key: unknown[], now: Date, cache: ListCache | undefined, compute: () => Promise<string>): Promise<string> {
  if (!cache) return compute();
  const delegators = await delegatorsAt(deps, user.id, now, cache);
  return cache.get(JSON.stringify([...key, user.id, delegators]), compute);
}

/**
 * GET /api/approvals/mine/count: how many steps wait for the caller at `now` (the dashboard
 * figure; the same rows as {@link listMine}, counted) — from `cache` when given (see above).
 */
export async function countMine(deps: AppDeps, user: AuthUser, now = new Date(), cache?: ListCache): Promise<number> {
  const count = async () => String(await repo.countWaiting(deps.db, user.id, now));
  return Number(await cachedForCaller(deps, user, ['count'], now, cache, count));
}

/**
 * POST /api/approvals/mine: a page of what waits for the caller at `now` (approvals.repository),
 * across every record kind on the engine or only `query.recordKind` — as an approver, or as the
 * active substitute of one (`onBehalfOf`) — newest waiting first (the step's activation, then the
 * record, descending), `query.skip` rows skipped, at most `query.take`; `total` = all of them.
 * Answers the JSON text of contracts MyApprovalsResponse, written by the database in one
 * statement. With `cache` (the route's) a page asked again is answered from it while nothing
 * changed (see above).
 */
export async function listMineJson(deps: AppDeps, user: AuthUser, query: z.output<typeof myApprovalsQuery>, now = new Date(), cache?: ListCache): Promise<string> {
  return cachedForCaller(deps, user, ['page', query], now, cache, () => repo.waitingPageJson(deps.db, user.id, query, now));
}

/** {@link listMineJson} as an object (contracts MyApprovalsResponse). */
export async function listMine(deps: AppDeps, user: AuthUser, query: z.output<typeof myApprovalsQuery>, now = new Date()): Promise<MyApprovalsResponse> {
  return JSON.parse(await listMineJson(deps, user, query, now)) as MyApprovalsResponse;
}

/**
 * POST /api/approvals/bulkApprove: approves each record one by one through the engine (each
 * checked on its own: a refusal of one never stops the others), with the one comment. Answers
 * every record's outcome and the counts.
 */
export async function bulkApprove(deps: AppDeps, user: AuthUser, input: ApprovalBulkInput, now = new Date(), log?: WarnLogger): Promise<ApprovalBulkResponse> {
  const results: ApprovalBulkResponse['results'] = [];
  for (const item of input.items) {
    try {
      await decide(deps, user, item.recordKind, item.recordId, 'approve', input.comment, now, log);
      results.push({ ...item, ok: true });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ ...item, ok: false, status: error.statusCode, code: error.code, message: error.message });
    }
  }
  const approved = results.filter((r) => r.ok).length;
  return { results, approved, failed: results.length - approved };
}
