import type { FastifyInstance } from 'fastify';

/** The concurrent requests {@link probeWhile} made: each one's time to its answer, and how many were answered while the work still ran. */
export interface ProbeResult<T> {
  /** What the work answered. */
  value: T;
  /** Milliseconds from asking to the answer, per probe, in order. */
  latencies: number[];
  /** Probes answered before the work finished. */
  answeredDuring: number;
}

/**
 * Runs `work` (a heavy request) while asking `GET /healthz` of `app` again and again, one after
 * the other (a timer turn between two), until the work has finished — what another user's
 * requests meet meanwhile (issue #42 "a 50,000-row import preview leaves concurrent requests
 * under 200 ms"). The probes start once `work` has started; the answer says how long each took.
 */
export async function probeWhile<T>(app: FastifyInstance, work: () => Promise<T>): Promise<ProbeResult<T>> {
  let done = false;
  const running = work().finally(() => (done = true));
  running.catch(() => undefined);
  const latencies: number[] = [];
  let answeredDuring = 0;
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (done) break;
    const asked = performance.now();
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    if (res.statusCode !== 200) throw new Error(`GET /healthz answered ${res.statusCode}`);
    latencies.push(performance.now() - asked);
    if (!done) answeredDuring++;
  }
  return { value: await running, latencies, answeredDuring };
}
