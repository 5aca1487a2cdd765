import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { inArray, sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ApiError } from '@servicedesk/contracts';
import { outbox } from '../db/schema';
import { OUTBOX_STATUSES } from '../db/schema/outbox';

/**
 * The Prometheus metrics of one app (a registry of its own: several apps in one process — the
 * tests — do not share counters). Names and labels:
 *
 * - `http_requests_total{method,route,status_code}` and `http_request_duration_seconds{…}`
 *   (histogram): `route` is the route's pattern (`/api/helpdesk/requests/:id`), never the raw
 *   URL, so ids and query strings cannot blow up the series; a request no route matched is
 *   `(unmatched)`.
 * - `servicedesk_hub_connections` (open on this instance), `servicedesk_hub_connections_opened_total`,
 *   `servicedesk_hub_messages_total{direction=in|out}` (WebSocket frames).
 * - `servicedesk_job_runs_total{job,outcome=ok|failed}`, `servicedesk_job_duration_seconds{job}` (lib/jobs.ts).
 * - `servicedesk_outbox_depth`: outbox messages waiting to be delivered (queued or sending; one count
 *   query per scrape), and `servicedesk_outbox_messages{status}` every status's count (failed ones too).
 * - `servicedesk_db_pool_connections{state=total|idle|waiting}` (PostgreSQL; PGlite has one connection and no pool).
 * - Node's process metrics (`process_*`, `nodejs_*`: CPU, memory, event loop lag, GC, handles).
 */
export interface AppMetrics {
  readonly registry: Registry;
  readonly hubConnectionsOpened: Counter;
  readonly hubMessages: Counter<'direction'>;
  readonly jobRuns: Counter<'job' | 'outcome'>;
  readonly jobDuration: Histogram<'job'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics (plugins/metrics.ts); jobs and the hub count into it. */
    metrics: AppMetrics;
  }
}

/** Route label of a request no route matched (404s, the web app's fallback). */
export const UNMATCHED_ROUTE = '(unmatched)';

/** The scrape's text in the Prometheus exposition format, with its content type. */
async function scrape(registry: Registry): Promise<{ body: string; contentType: string }> {
  return { body: await registry.metrics(), contentType: registry.contentType };
}

/** Compares in constant time (both sides hashed first, so the lengths match too). */
function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Registers the metrics: decorates `app.metrics`, counts every response (onResponse), and serves
 * the scrape —
 * - on the public port at `GET /metrics` only to `Authorization: Bearer <METRICS_TOKEN>`: 401
 *   `missingToken` / `invalidToken` otherwise; 404 when no METRICS_TOKEN is configured;
 * - with METRICS_PORT, on a listener of its own at METRICS_HOST:METRICS_PORT (GET /metrics, no
 *   token; anything else 404), opened when the app is ready and closed with it.
 * Register it before the routes.
 */
export async function registerMetrics(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer, in seconds, by route pattern, method and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const metrics: AppMetrics = {
    registry,
    hubConnectionsOpened: new Counter({
      name: 'servicedesk_hub_connections_opened_total',
      help: 'Hub WebSocket connections accepted on this instance.',
      registers: [registry],
    }),
    hubMessages: new Counter({
      name: 'servicedesk_hub_messages_total',
      help: 'Hub WebSocket frames received (in) and sent (out) on this instance.',
      labelNames: ['direction'] as const,
      registers: [registry],
    }),
    jobRuns: new Counter({
      name: 'servicedesk_job_runs_total',
      help: 'Background job runs on this instance, by job and outcome (ok or failed).',
      labelNames: ['job', 'outcome'] as const,
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: 'servicedesk_job_duration_seconds',
      help: 'Duration of background job runs in seconds.',
      labelNames: ['job'] as const,
      buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
      registers: [registry],
    }),
  };
  new Gauge({
    name: 'servicedesk_hub_connections',
    help: 'Hub WebSocket connections open on this instance.',
    registers: [registry],
    collect() {
      this.set(app.hasDecorator('hub') ? app.hub.localConnectionCount() : 0);
    },
  });
  new Gauge({
    name: 'servicedesk_outbox_messages',
    help: 'Outbox messages (mail, WhatsApp) by delivery status: queued, sending, sent, failed (lib/outbox/sender.ts).',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      try {
        const rows = await app.deps.db.select({ status: outbox.status, n: sql<number>`count(*)::int` }).from(outbox).groupBy(outbox.status);
        for (const status of OUTBOX_STATUSES) this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
      } catch (error) {
        app.log.warn({ err: error }, 'metrics: could not count the outbox');
      }
    },
  });
  new Gauge({
    name: 'servicedesk_outbox_depth',
    help: 'Outbox messages (mail, WhatsApp) waiting to be delivered: queued or being sent (failed ones are in servicedesk_outbox_messages).',
    registers: [registry],
    async collect() {
      try {
        const [row] = await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(inArray(outbox.status, ['queued', 'sending']));
        this.set(row?.n ?? 0);
      } catch (error) {
        app.log.warn({ err: error }, 'metrics: could not count the outbox');
      }
    },
  });
  new Gauge({
    name: 'servicedesk_db_pool_connections',
    help: 'PostgreSQL pool connections by state: total (open), idle, waiting (callers queued for one).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = app.deps.database.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  app.decorate('metrics', metrics);

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status_code: String(reply.statusCode),
    };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', async (request, reply) => {
    if (!config.metricsToken) {
      return reply.status(404).send({ message: 'Metrics are not served on this port.', code: 'notFound' } satisfies ApiError);
    }
    const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!given) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ message: 'Send the metrics token.', code: 'missingToken' } satisfies ApiError);
    }
    if (!sameToken(given, config.metricsToken)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ message: 'The metrics token is not valid.', code: 'invalidToken' } satisfies ApiError);
    }
    const { body, contentType } = await scrape(registry);
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });

  if (config.metricsPort !== null) {
    const port = config.metricsPort;
    let server: Server | undefined;
    app.addHook('onReady', async () => {
      server = createServer((req, res) => {
        if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
          return;
        }
        scrape(registry).then(
          ({ body, contentType }) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
          (error: unknown) => {
            app.log.warn({ err: error }, 'metrics: scrape failed');
            res.writeHead(500, { 'content-type': 'text/plain' }).end('scrape failed\n');
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, config.metricsHost, () => resolve());
      });
      app.log.info(`metrics on http://${config.metricsHost}:${port}/metrics`);
    });
    app.addHook('onClose', async () => {
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    });
  }
}
