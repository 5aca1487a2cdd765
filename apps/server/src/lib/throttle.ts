import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { throttleCounters } from '../db/schema';
import { scheduleJob } from './jobs';

/** A counter's state: attempts in the current window and when that window ends. */
export interface CounterState {
  count: number;
  resetAt: Date;
}

/**
 * Atomic attempt counters shared by every instance (issue #20): in PostgreSQL (one upsert
 * statement per hit, table `throttle_counters`) or, when REDIS_URL is set, in Redis (one Lua
 * script per hit). A hit never reads a stale count: 30 concurrent hits answer 1…30.
 */
export interface ThrottleStore {
  /**
   * Adds one attempt to `key` and answers the count in the current window, this one included. A
   * new window (the first hit, or the old window over) lasts `windowMs` ms; later hits do not
   * move its end.
   */
  hit(key: string, windowMs: number): Promise<CounterState>;
  /** Takes one attempt back (a success refunds its reservation); never below 0. */
  undo(key: string): Promise<void>;
  /** The counter while its window lasts, else null. */
  get(key: string): Promise<CounterState | null>;
  /** Forgets the counter (a success, or an admin lifting a lock). */
  clear(key: string): Promise<void>;
  /**
   * Deletes the counters whose window is over (they count nothing any more); answers how many.
   * Run by a job ({@link scheduleThrottlePrune}); Redis keys expire by themselves (answers 0).
   */
  prune(): Promise<number>;
  close(): Promise<void>;
}

/** How often the expired counters are deleted, ms (an hour). */
export const THROTTLE_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** Schedules the deletion of expired throttle counters every {@link THROTTLE_PRUNE_INTERVAL_MS} (lib/jobs scheduleJob). */
export function scheduleThrottlePrune(app: FastifyInstance, store: ThrottleStore): void {
  scheduleJob(app, 'throttle: prune expired counters', () => store.prune(), THROTTLE_PRUNE_INTERVAL_MS);
}

/** The PostgreSQL/PGlite store: one statement per operation, so instances sharing the database agree. */
export function createSqlThrottleStore(db: Db): ThrottleStore {
  return {
    async hit(key, windowMs) {
      const result = await db.execute<{ count: number; window_ends_at: string | Date }>(sql`
        insert into ${throttleCounters} as t (key, count, window_ends_at)
        values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when t.window_ends_at <= now() then 1 else t.count + 1 end,
          window_ends_at = case when t.window_ends_at <= now() then excluded.window_ends_at else t.window_ends_at end
        returning count, window_ends_at`);
      const row = (result as unknown as { rows: { count: number; window_ends_at: string | Date }[] }).rows[0]!;
      return { count: Number(row.count), resetAt: new Date(row.window_ends_at) };
    },
    async undo(key) {
      await db
        .update(throttleCounters)
        .set({ count: sql`greatest(${throttleCounters.count} - 1, 0)` })
        .where(eq(throttleCounters.key, key));
    },
    async get(key) {
      const [row] = await db
        .select()
        .from(throttleCounters)
        .where(sql`${throttleCounters.key} = ${key} and ${throttleCounters.windowEndsAt} > now()`);
      return row ? { count: row.count, resetAt: row.windowEndsAt } : null;
    },
    async clear(key) {
      await db.delete(throttleCounters).where(eq(throttleCounters.key, key));
    },
    async prune() {
      const gone = await db.delete(throttleCounters).where(lte(throttleCounters.windowEndsAt, sql`now()`)).returning({ key: throttleCounters.key });
      return gone.length;
    },
    async close() {},
  };
}

const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {c, ttl}`;

const UNDO_SCRIPT = `
local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if c > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** The Redis store: keys `<prefix><key>` with the window as their expiry. */
export function createRedisThrottleStore(url: string, prefix: string): ThrottleStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 5 });
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(Math.max(1, Math.round(windowMs))))) as [number, number];
      return { count: Number(count), resetAt: new Date(Date.now() + Number(ttl)) };
    },
    async undo(key) {
      await redis.eval(UNDO_SCRIPT, 1, prefix + key);
    },
    async get(key) {
      const [value, ttl] = await redis.multi().get(prefix + key).pttl(prefix + key).exec().then((r) => (r ?? []).map(([, v]) => v) as [string | null, number]);
      if (value === null || ttl <= 0) return null;
      return { count: Number(value), resetAt: new Date(Date.now() + ttl) };
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
    prune: async () => 0,
    async close() {
      redis.disconnect();
    },
  };
}

/** The limits of one throttled action. */
export interface ThrottleRule {
  /** Attempts allowed per window. */
  limit: number;
  /** Length of the first window, ms. */
  windowMs: number;
  /**
   * When set, each window that overflows makes the next one twice as long (growing delay,
   * OWASP ASVS V2.2.1 "ever increasing delays"), up to `maxWindowMs`; the count of overflows is
   * kept for a day under `<key>:overflows`.
   */
  maxWindowMs?: number;
}

/** What {@link attempt} decided. */
export type AttemptResult = { allowed: true } | { allowed: false; retryAfterMs: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Reserves one attempt of `key` under `rule`, atomically: allowed while the window's count is at
 * most `rule.limit`, so of N concurrent attempts at most `limit` go on to be checked. The
 * refused answer says how long until the window ends (ms). Call `store.clear(key)` on success to
 * forgive the failures, or `store.undo(key)` to refund only this attempt.
 */
export async function attempt(store: ThrottleStore, key: string, rule: ThrottleRule): Promise<AttemptResult> {
  let windowMs = rule.windowMs;
  if (rule.maxWindowMs !== undefined) {
    const overflows = (await store.get(`${key}:overflows`))?.count ?? 0;
    windowMs = Math.min(rule.windowMs * 2 ** overflows, rule.maxWindowMs);
  }
  const { count, resetAt } = await store.hit(key, windowMs);
  if (count <= rule.limit) return { allowed: true };
  // Exactly one attempt per window sees limit + 1: it alone counts the overflow.
  if (count === rule.limit + 1 && rule.maxWindowMs !== undefined) await store.hit(`${key}:overflows`, DAY_MS);
  return { allowed: false, retryAfterMs: Math.max(0, resetAt.getTime() - Date.now()) };
}

/** Forgets `key` and its overflow history (a success, or an admin lifting the lock). */
export async function forgive(store: ThrottleStore, key: string): Promise<void> {
  await Promise.all([store.clear(key), store.clear(`${key}:overflows`)]);
}
