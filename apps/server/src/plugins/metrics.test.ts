import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { outbox } from '../db/schema';
import { loadConfig } from '../config';
import { prepareDatabase } from '../db/prepare';
import { backends, createTestApp, fakeWebDist, fastArgon2, type TestApp } from '../../test/helpers';

const TOKEN = 'metrics-token-for-tests-0123456789';
/** A port of this suite's own range (nothing else listens there). */
const METRICS_PORT = 18301;

/** The metric families a scrape names (its `# TYPE name kind` lines). */
const families = (text: string) => new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));

describe.each(backends)('metrics behind a token on the public port (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(backend, { metricsToken: TOKEN });
    admin = await t.login('admin@servicedesk.az');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses an anonymous caller, a wrong token and a sign-in token', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('missingToken');
    expect(anonymous.body).not.toContain('http_requests_total');
    const browser = await t.app.inject({ method: 'GET', url: '/metrics', headers: { accept: 'text/html' } });
    expect(browser.statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('invalidToken');
    const user = await t.as(admin, { method: 'GET', url: '/metrics' });
    expect(user.statusCode).toBe(401);
  });

  it('lists the families, and labels requests by route pattern — never the raw URL', async () => {
    await t.as(admin, { method: 'GET', url: '/api/helpdesk/requests/987654321' });
    await t.app.inject({ method: 'GET', url: '/no/such/page?secret=abc', headers: { accept: 'application/json' } });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const names = families(res.body);
    for (const name of [
      'http_requests_total',
      'http_request_duration_seconds',
      'servicedesk_hub_connections',
      'servicedesk_hub_connections_opened_total',
      'servicedesk_hub_messages_total',
      'servicedesk_job_runs_total',
      'servicedesk_job_duration_seconds',
      'servicedesk_outbox_depth',
      'servicedesk_db_pool_connections',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(names, name).toContain(name);
    }
    expect(res.body).toMatch(/^http_requests_total\{method="GET",route="\/api\/helpdesk\/requests\/:id",status_code="\d{3}"\} 1$/m);
    expect(res.body).toMatch(/^http_requests_total\{method="GET",route="\(unmatched\)",status_code="404"\} 1$/m);
    expect(res.body).toMatch(/^http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/helpdesk\/requests\/:id"/m);
    expect(res.body).not.toContain('987654321');
    expect(res.body).not.toContain('secret=abc');
    expect(res.body).toMatch(/^servicedesk_outbox_depth \d+$/m);
    expect(res.body).toMatch(/^servicedesk_outbox_messages\{status="failed"\} \d+$/m);
    if (backend === 'postgres') expect(res.body).toMatch(/^servicedesk_db_pool_connections\{state="total"\} \d+$/m);
  });

  it('counts only queued and sending messages as the outbox depth; a failed one is counted by its status', async () => {
    const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const figure = (body: string, pattern: RegExp) => Number(pattern.exec(body)?.[1] ?? NaN);
    const before = await scrape();
    const base = { channel: 'mail' as const, recipient: 'x@example.az', subject: 's', body: 'b' };
    await t.app.deps.db.insert(outbox).values([
      { ...base, status: 'queued' },
      { ...base, status: 'failed', lastError: 'refused' },
      { ...base, status: 'sent', sentAt: new Date() },
    ]);
    const after = await scrape();
    expect(figure(after, /^servicedesk_outbox_depth (\d+)$/m)).toBe(figure(before, /^servicedesk_outbox_depth (\d+)$/m) + 1);
    for (const status of ['queued', 'failed', 'sent']) {
      const line = new RegExp(`^servicedesk_outbox_messages\\{status="${status}"\\} (\\d+)$`, 'm');
      expect(figure(after, line), status).toBe(figure(before, line) + 1);
    }
  });
});

describe('metrics on a port of their own', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { metricsPort: METRICS_PORT, metricsHost: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the scrape there without a token, and nothing on the public port', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    const res = await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(families(text)).toContain('http_requests_total');
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/healthz",status_code="200"\} 1$/m);
    expect((await fetch(`http://127.0.0.1:${METRICS_PORT}/other`)).status).toBe(404);
    const publicPort = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(publicPort.statusCode).toBe(404);
    expect(publicPort.body).not.toContain('http_requests_total');
  });
});

describe('request ids', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    const config = loadConfig({}, process.cwd(), {
      database: { kind: 'pglite-memory', snapshot: new Blob([readFileSync(inject('pgliteSnapshot'))]) },
      argon2: fastArgon2,
      webDist: fakeWebDist(),
      dataDir: mkdtempSync(path.join(tmpdir(), 'sd-data-')),
    });
    app = await buildApp({
      config,
      database: await prepareDatabase(config),
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    // A route that logs the way modules and jobs do: through request.log and through app.log.
    app.get('/__log-probe', async (request) => {
      request.log.info('through request.log');
      app.log.info('through app.log');
      await new Promise((resolve) => setImmediate(resolve));
      app.log.info('after a turn of the event loop');
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers each request’s id in x-request-id, keeps a sane incoming one, replaces any other', async () => {
    const fresh = await app.inject({ method: 'GET', url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const other = await app.inject({ method: 'GET', url: '/healthz' });
    expect(other.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);
    const kept = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-7f3a.2:x_y' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.2:x_y');
    for (const bad of ['a b', 'x'.repeat(65), 'id"}{"level":60', '']) {
      const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], bad).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('writes the id into every log line of the request, also those logged through app.log', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/__log-probe', headers: { 'x-request-id': 'probe-1' } });
    expect(res.statusCode).toBe(200);
    const parsed = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string });
    expect(parsed.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'through request.log', 'through app.log', 'after a turn of the event loop', 'request completed']),
    );
    for (const line of parsed) expect(line.reqId, line.msg).toBe('probe-1');
    // One reqId key per line, not two.
    for (const line of lines) expect(line.match(/"reqId"/g), line).toHaveLength(1);
  });
});
