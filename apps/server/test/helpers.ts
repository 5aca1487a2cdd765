import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig, type DatabaseConfig } from '../src/config';
import { prepareDatabase } from '../src/db/prepare';
import { DEMO_PASSWORD } from '../src/seed/catalog';

/** The databases every suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const backends: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Fast argon2 for tests (the production cost is ~19 MiB per hash). */
export const fastArgon2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/**
 * A throwaway PostgreSQL database on TEST_DATABASE_URL's server, named uniquely for this run, a copy
 * of `template` when given (test/global-setup.ts's migrated, seeded one); `drop` removes it.
 */
export async function createPostgresDatabase(template: string | undefined): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `sd_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A web build stand-in so the SPA fallback has an index.html to answer. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sd-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div>servicedesk-spa</body></html>');
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index-AbC123xy.js'), 'console.log(1);\n');
  return dir;
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** Signs in through the API and answers the bearer token. */
  login(email: string, password?: string): Promise<string>;
  /** app.inject with `Authorization: Bearer <token>`. */
  as(token: string, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A migrated, seeded app on a fresh database of `backend` (Rocketseat-style factory: pass config
 * overrides such as `{ loginRateLimit: 3 }`).
 */
export async function createTestApp(
  backend: 'pglite' | 'postgres',
  overrides: Partial<AppConfig> = {},
  /** When given, the app logs (info and up) as JSON lines into this array. */
  logLines?: string[],
): Promise<TestApp> {
  // Start from the snapshot test/global-setup.ts made (migrated and seeded once per run).
  // (vitest is imported lazily: this module is also loaded by plain-node helper processes.)
  const { inject } = await import('vitest');
  const snapshot = inject('pgliteSnapshot');
  let database: DatabaseConfig = snapshot
    ? { kind: 'pglite-memory', snapshot: new Blob([readFileSync(snapshot)]) }
    : { kind: 'pglite-memory' };
  let drop = async () => {};
  if (backend === 'postgres') {
    const created = await createPostgresDatabase(inject('postgresTemplate'));
    database = { kind: 'postgres', url: created.url };
    drop = created.drop;
  }
  const config = loadConfig({}, process.cwd(), {
    database,
    argon2: fastArgon2,
    webDist: fakeWebDist(),
    dataDir: mkdtempSync(path.join(tmpdir(), 'sd-data-')),
    ...overrides,
  });
  const db = await prepareDatabase(config);
  const logger = logLines ? { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } : false;
  const app = await buildApp({ config, database: db, logger });
  await app.ready();
  const login = async (email: string, password = DEMO_PASSWORD) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return (res.json() as { token: string }).token;
  };
  return {
    app,
    config,
    login,
    as: (token, options) => app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } }),
    async close() {
      await app.close();
      await drop();
    },
  };
}
