import type { FastifyInstance } from 'fastify';

/**
 * Runs `run` in the background every `intervalMs` (ms) while the app is up: the first time one
 * minute after it is ready (sooner when the interval is shorter), never two runs at once on this
 * instance, a failure logged as a warning under `name` and tried again at the next tick; the app
 * waits for a run in progress when it closes. Each run is counted in `app.metrics` (runs by
 * outcome, duration; plugins/metrics.ts). Jobs that must run on one instance at a time
 * across several take a PostgreSQL advisory lock themselves (see autoCloseResolved, purgeFiles).
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
