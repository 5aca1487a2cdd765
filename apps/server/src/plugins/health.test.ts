import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/client';
import { backends, createTestApp, type TestApp } from '../../test/helpers';

describe.each(backends)('health and readiness (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {});
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers /healthz and /readyz without a sign-in, also to a browser asking for HTML', async () => {
    for (const accept of ['application/json', 'text/html,application/xhtml+xml']) {
      const health = await t.app.inject({ method: 'GET', url: '/healthz', headers: { accept } });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      const ready = await t.app.inject({ method: 'GET', url: '/readyz', headers: { accept } });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.headers['cache-control']).toBe('no-store');
      expect(ready.json()).toMatchObject({ status: 'ready', checks: { database: { status: 'ok' }, migrations: { status: 'ok' } } });
      if (process.env.REDIS_URL) expect(ready.json().checks.redis).toEqual({ status: 'ok' });
      else expect(ready.json().checks.redis).toBeUndefined();
    }
  });

  it('answers 503 naming the database while it cannot be reached, and 200 again once it is back', async () => {
    const real = t.app.deps.db;
    // A database whose client was closed (PGlite) and one whose server is not there (PostgreSQL).
    const closed = await openDatabase({ kind: 'pglite-memory', snapshot: new Blob([readFileSync(inject('pgliteSnapshot'))]) });
    await closed.close();
    const unreachable = await openDatabase({ kind: 'postgres', url: 'postgres://sd:secret-password@127.0.0.1:18399/sd', pipelineLanes: 0 });
    try {
      for (const broken of [closed.db, unreachable.db]) {
        t.app.deps.db = broken;
        const res = await t.app.inject({ method: 'GET', url: '/readyz' });
        expect(res.statusCode).toBe(503);
        const body = res.json();
        expect(body.status).toBe('notReady');
        expect(body.checks.database.status).toBe('failing');
        expect(res.body).not.toContain('secret-password');
        expect(res.body).not.toContain('18399');
        // The process itself is still up.
        expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      }
    } finally {
      t.app.deps.db = real;
      await unreachable.close();
    }
    const again = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('ready');
  });

  it('answers 503 naming the migrations when one this build carries is not applied', async () => {
    const db = t.app.deps.db;
    const result = await db.execute(sql`select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    const last = (result as unknown as { rows: { id: number; hash: string; created_at: string }[] }).rows[0]!;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks).toMatchObject({ database: { status: 'ok' }, migrations: { status: 'failing', reason: '1 pending' } });
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at}::bigint)`);
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
