import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { Redis } from 'ioredis';
import { migrationsFolder } from '../db/client';

/** How long one readiness check may take before it counts as failed (ms). */
export const READY_CHECK_TIMEOUT_MS = 2000;

/** One part of {@link ReadyAnswer}: `ok`, or `failing` with a short reason free of secrets. */
export interface ReadyCheck {
  status: 'ok' | 'failing';
  /** Why it fails: an error class or a count, never a connection string or a message from the driver. */
  reason?: string;
}

/** The body of GET /readyz. */
export interface ReadyAnswer {
  status: 'ready' | 'notReady';
  checks: {
    database: ReadyCheck;
    migrations: ReadyCheck;
    /** Present only when REDIS_URL is configured. */
    redis?: ReadyCheck;
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A reason safe to show to anyone: "timed out" or the error's class/code — a driver's message may
 * carry a host name, a user name or a path.
 */
function reasonOf(error: unknown): string {
  if (error instanceof Error && error.message === 'timed out') return 'timed out';
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[A-Z0-9_]{1,20}$/.test(code)) return `error ${code}`;
  return 'error';
}

/**
 * Load-balancer endpoints, outside /api, without sign-in and with nothing secret in the answer:
 *
 * - `GET /healthz` → 200 `{ status: 'ok' }` while the process serves requests (liveness; touches
 *   nothing else).
 * - `GET /readyz` → 200 `{ status: 'ready', checks }` when the database answers, every migration
 *   this build carries (the journal in src/db/migrations) is recorded as applied in
 *   `drizzle.__drizzle_migrations`, and — with REDIS_URL — Redis answers PING; otherwise 503
 *   `{ status: 'notReady', checks }` where each failing part (`database`, `migrations`, `redis`)
 *   says `failing` and a short reason. Each check gives up after {@link READY_CHECK_TIMEOUT_MS}.
 *   One query and one PING per call.
 *
 * Both answer `cache-control: no-store`. The routes are registered before the web app's
 * fallback, so a browser's Accept: text/html never turns them into index.html.
 */
export async function registerHealth(app: FastifyInstance): Promise<void> {
  // What this build expects: the journal's `when` of each migration (drizzle stores it as created_at).
  const expected = readMigrationFiles({ migrationsFolder }).map((m) => String(m.folderMillis));
  const redisUrl = app.deps.config.redisUrl;
  // A client of its own that never queues commands while disconnected: a PING answers or fails now.
  const redis = redisUrl
    ? new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectionName: 'servicedesk-readyz' })
    : null;
  redis?.on('error', () => undefined); // reported through the checks, not as an unhandled event
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });

  const checkDatabase = async (): Promise<{ database: ReadyCheck; migrations: ReadyCheck }> => {
    let applied: Set<string>;
    try {
      const result = await withTimeout(
        app.deps.db.execute(sql`select created_at::text as created_at from drizzle.__drizzle_migrations`),
        READY_CHECK_TIMEOUT_MS,
      );
      applied = new Set((result as unknown as { rows: { created_at: string }[] }).rows.map((r) => r.created_at));
    } catch (error) {
      // 42P01: the migrations table does not exist — the database answers but was never migrated.
      if ((error as { code?: unknown }).code === '42P01' || (error as { cause?: { code?: unknown } }).cause?.code === '42P01') {
        return { database: { status: 'ok' }, migrations: { status: 'failing', reason: `${expected.length} pending` } };
      }
      const cause = (error as { cause?: unknown }).cause ?? error;
      return { database: { status: 'failing', reason: reasonOf(cause) }, migrations: { status: 'failing', reason: 'unknown' } };
    }
    const pending = expected.filter((when) => !applied.has(when)).length;
    return { database: { status: 'ok' }, migrations: pending === 0 ? { status: 'ok' } : { status: 'failing', reason: `${pending} pending` } };
  };

  const checkRedis = async (): Promise<ReadyCheck> => {
    if (!redis) return { status: 'ok' };
    try {
      if (redis.status === 'wait' || redis.status === 'end') await withTimeout(redis.connect(), READY_CHECK_TIMEOUT_MS);
      await withTimeout(redis.ping(), READY_CHECK_TIMEOUT_MS);
      return { status: 'ok' };
    } catch (error) {
      return { status: 'failing', reason: reasonOf(error) };
    }
  };

  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (_request, reply) => {
    const [db, redisCheck] = await Promise.all([checkDatabase(), checkRedis()]);
    const checks: ReadyAnswer['checks'] = { ...db, ...(redis ? { redis: redisCheck } : {}) };
    const ready = Object.values(checks).every((c) => c.status === 'ok');
    reply.header('cache-control', 'no-store').status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'notReady', checks } satisfies ReadyAnswer;
  });
}
