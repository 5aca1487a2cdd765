import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';

/**
 * Runs `run` in the background every `intervalMs` (ms) while the app is up: the first time one
 * minute after it is ready (sooner when the interval is shorter), never two runs at once on this
 * instance, a failure logged as a warning under `name` and tried again at the next tick; the app
 * waits for a run in progress when it closes. Each run is counted in `app.metrics` (runs by
 * outcome, duration; plugins/metrics.ts). Jobs that must run on one instance at a time
 * across several take a PostgreSQL advisory lock themselves (see autoCloseResolved, purgeFiles)
 * when their work fits in one transaction; a job that holds its turn over network calls (the
 * inbound mailbox) claims a lease instead ({@link claimJobLease}).
 */
export function scheduleJob(app: FastifyInstance, name: string, run: () => Promise<unknown>, intervalMs: number): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    const endTimer = app.metrics.jobDuration.startTimer({ job: name });
    running = run()
      .then(() => app.metrics.jobRuns.inc({ job: name, outcome: 'ok' }))
      .catch((error: unknown) => {
        app.metrics.jobRuns.inc({ job: name, outcome: 'failed' });
        app.log.warn({ err: error }, `${name} failed`);
      })
      .finally(endTimer)
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    const first = setTimeout(() => {
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    }, Math.min(60_000, intervalMs));
    first.unref();
    timer = first;
  });
  app.addHook('preClose', async () => {
    if (timer) {
      clearTimeout(timer);
      clearInterval(timer);
    }
    await running;
  });
}

const leaseRows = (result: unknown): { holder: string }[] => (result as { rows: { holder: string }[] }).rows;

/**
 * Claims the cluster-wide turn of job `name` for `holder` (an instance's id) until `now` +
 * `seconds`, in one statement on the `job_leases` row: granted when nobody holds it, when its
 * holder's lease has run out (that instance died or hung), or when `holder` holds it already (a
 * renewal). Answers whether `holder` has the turn now. For jobs that keep their turn across
 * network calls, where an advisory transaction lock would hold a transaction open meanwhile
 * (PGlite runs one transaction at a time: every other query would wait for it). The holder renews
 * before each unit of work and stops when a renewal is refused; {@link releaseJobLease} at the end.
 */
export async function claimJobLease(db: Db, name: string, holder: string, seconds: number, now = new Date()): Promise<boolean> {
  const until = new Date(now.getTime() + seconds * 1000).toISOString();
  const result = await db.execute(sql`
    insert into job_leases (name, holder, until) values (${name}, ${holder}, ${until}::timestamptz)
    on conflict (name) do update set holder = excluded.holder, until = excluded.until
    where job_leases.until < ${now.toISOString()}::timestamptz or job_leases.holder = ${holder}
    returning holder`);
  return leaseRows(result).length === 1;
}

/** Gives job `name`'s turn back when `holder` has it (the next instance's tick may take it at once). */
export async function releaseJobLease(db: Db, name: string, holder: string): Promise<void> {
  await db.execute(sql`update job_leases set until = '-infinity'::timestamptz where name = ${name} and holder = ${holder}`);
}
