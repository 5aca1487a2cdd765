import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { WebSocket } from 'ws';
import type { FastifyInstance } from 'fastify';
import {
  HubConnectionBuilder,
  HttpTransportType,
  LogLevel,
  type HubConnection,
  type IHttpConnectionOptions,
} from '@microsoft/signalr';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app';
import { sessions } from '../db/schema';
import { loadConfig, type AppConfig } from '../config';
import { prepareDatabase } from '../db/prepare';
import { DEMO_PASSWORD } from '../seed/catalog';
import { fakeWebDist, fastArgon2 } from '../../test/helpers';
import { hubPlugin, type HubTimings } from './index';
import type { ClusterTimings } from './cluster';

/*
 * Test support for the hub suites (not a test file): a real, listening server (port 0) built by
 * buildApp on a fresh in-memory database, and the official @microsoft/signalr client.
 */

/** One JWT secret for every instance a test starts, so a token from one is valid on another. */
export const TEST_JWT_SECRET = 'hub-tests-shared-jwt-secret-0123456789abcdef';

export interface HubServer {
  app: FastifyInstance;
  config: AppConfig;
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Signs in through the API; answers the bearer token. */
  login(email: string): Promise<string>;
  /** The user id behind a demo email. */
  userId(email: string): Promise<number>;
  close(): Promise<void>;
}

export interface StartOptions {
  redisUrl?: string | null;
  timings?: Partial<HubTimings & ClusterTimings>;
  /** JSON log lines (level info and up) are pushed here. */
  logLines?: string[];
  /** Listen on this port (a restart on the same address); default 0 = any free port. */
  port?: number;
}

/** A built app (database migrated and seeded, hub registered) that does not listen yet. */
export interface PreparedHubServer {
  app: FastifyInstance;
  /** Listens on 127.0.0.1:`port` (0 = any free port). */
  listen(port?: number): Promise<HubServer>;
}

/**
 * The migrated, seeded PGlite dump test/global-setup.ts made for this run (loading it takes about
 * a second instead of several for initdb): HUB_PGLITE_SNAPSHOT in a child process, vitest's
 * provided value inside a test worker, none elsewhere (the benchmark).
 */
export async function pgliteSnapshotFile(): Promise<string | undefined> {
  if (process.env.HUB_PGLITE_SNAPSHOT) return process.env.HUB_PGLITE_SNAPSHOT;
  if (!process.env.VITEST_WORKER_ID) return undefined;
  try {
    const { inject } = await import('vitest');
    return inject('pgliteSnapshot') || undefined;
  } catch {
    return undefined;
  }
}

type SessionRow = typeof sessions.$inferSelect;
const reviveSession = (row: SessionRow): SessionRow => ({
  ...row,
  createdAt: new Date(row.createdAt),
  lastSeenAt: new Date(row.lastSeenAt),
  expiresAt: new Date(row.expiresAt),
  revokedAt: row.revokedAt ? new Date(row.revokedAt) : null,
});

/**
 * The open sessions of `app` as JSON, for an instance in another process (HUB_SESSIONS in its
 * environment; see {@link prepareHubServer}).
 */
export async function sessionsJson(app: FastifyInstance): Promise<string> {
  return JSON.stringify(await app.deps.db.select().from(sessions));
}

/** Every app of this process not closed yet: the "instances" of a test. */
const liveApps = new Set<FastifyInstance>();

/**
 * Each test instance has its own in-memory database, where real instances share one: the
 * session a sign-in opened on `app` (issue #20, token `jti`) is copied to every other live
 * instance, so its token is accepted there as it would be in production.
 */
async function shareSession(app: FastifyInstance, token: string): Promise<void> {
  const { sessionId } = await app.deps.tokens.verify(token);
  const [row] = await app.deps.db.select().from(sessions).where(eq(sessions.id, sessionId));
  if (!row) return;
  for (const other of liveApps) {
    if (other !== app) await other.deps.db.insert(sessions).values(row).onConflictDoNothing();
  }
}

/** Builds the whole app (hub included) without listening, so a restart can prepare ahead. */
export async function prepareHubServer(
  options: Omit<StartOptions, 'port'> = {},
): Promise<PreparedHubServer> {
  const snapshot = await pgliteSnapshotFile();
  const config = loadConfig({}, process.cwd(), {
    database: snapshot
      ? { kind: 'pglite-memory', snapshot: new Blob([readFileSync(snapshot)]) }
      : { kind: 'pglite-memory' },
    argon2: fastArgon2,
    webDist: fakeWebDist(),
    dataDir: mkdtempSync(path.join(tmpdir(), 'sd-hub-')),
    jwtSecret: TEST_JWT_SECRET,
    redisUrl: options.redisUrl ?? null,
  });
  const database = await prepareDatabase(config);
  const logLines = options.logLines;
  const logger = logLines
    ? { level: 'info', stream: { write: (line: string) => void logLines.push(line) } }
    : false;
  const app = await buildApp({ config, database, logger });
  // Sessions opened on the instances already running (they share one database in production).
  for (const other of liveApps) {
    const rows = await other.deps.db.select().from(sessions);
    if (rows.length > 0) await app.deps.db.insert(sessions).values(rows).onConflictDoNothing();
  }
  const shared = process.env.HUB_SESSIONS ? (JSON.parse(process.env.HUB_SESSIONS) as SessionRow[]) : [];
  if (shared.length > 0) await app.deps.db.insert(sessions).values(shared.map(reviveSession)).onConflictDoNothing();
  liveApps.add(app);
  app.addHook('onClose', async () => void liveApps.delete(app));
  // app.ts registers the hub; until it does, register it here (same plugin).
  if (!app.hasDecorator('hub')) await app.register(hubPlugin);
  await app.ready();
  if (options.timings) app.hub.configure(options.timings);
  return {
    app,
    async listen(port = 0) {
      await app.listen({ host: '127.0.0.1', port });
      const actual = (app.server.address() as AddressInfo).port;
      const url = `http://127.0.0.1:${actual}`;
      const ids = new Map<string, number>();
      const login = async (email: string) => {
        const res = await fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: DEMO_PASSWORD }),
        });
        if (res.status !== 200)
          throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
        const body = (await res.json()) as { token: string; user: { id: number } };
        ids.set(email, body.user.id);
        await shareSession(app, body.token);
        return body.token;
      };
      return {
        app,
        config,
        url,
        port: actual,
        login,
        async userId(email) {
          if (!ids.has(email)) await login(email);
          return ids.get(email) as number;
        },
        close: () => app.close(),
      };
    },
  };
}

/** Builds the whole app (hub included) and listens on 127.0.0.1. */
export async function startHubServer(options: StartOptions = {}): Promise<HubServer> {
  const prepared = await prepareHubServer(options);
  return prepared.listen(options.port ?? 0);
}

/** A HubConnection of the official client with the app's settings (WebSockets only). */
export function hubConnection(
  baseUrl: string,
  token: string | (() => string),
  options: {
    reconnectDelays?: number[];
    url?: string;
    http?: Partial<IHttpConnectionOptions>;
  } = {},
): HubConnection {
  const builder = new HubConnectionBuilder()
    .withUrl(options.url ?? `${baseUrl}/ChatHub`, {
      transport: HttpTransportType.WebSockets,
      accessTokenFactory: typeof token === 'function' ? token : () => token,
      ...options.http,
    })
    .configureLogging(LogLevel.None);
  if (options.reconnectDelays) builder.withAutomaticReconnect(options.reconnectDelays);
  return builder.build();
}

/** Resolves with the arguments of the next `event` on `connection` (rejects after `ms`). */
export function nextEvent<T extends unknown[] = unknown[]>(
  connection: HubConnection,
  event: string,
  ms = 5000,
  match?: (...args: T) => boolean,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      connection.off(event, handler);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const handler = (...args: unknown[]) => {
      if (match && !match(...(args as T))) return;
      clearTimeout(timer);
      connection.off(event, handler);
      resolve(args as T);
    };
    connection.on(event, handler);
  });
}

/** Collects every `event` on `connection` into the returned array. */
export function collect<T extends unknown[] = unknown[]>(
  connection: HubConnection,
  event: string,
): T[] {
  const seen: T[] = [];
  connection.on(event, (...args: unknown[]) => seen.push(args as T));
  return seen;
}

/** Polls `check` until it returns true (or throws after `ms`). */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  ms = 5000,
  what = 'condition',
): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${what} not reached within ${ms} ms`);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A bare WebSocket speaking the protocol by hand, for what the official client never sends. */
export interface RawClient {
  ws: WebSocket;
  /** Every record received except server events (type 1), in order (separators removed). */
  records: string[];
  /** Server events (type 1 invocations such as UserConnected), in order. */
  events: string[];
  /** True once any binary frame arrived (REALTIME.md item 6: never). */
  sawBinary: boolean;
  /** Resolves with the close code once the server closed the socket. */
  closed: Promise<number>;
  send(text: string): void;
  /** Waits for a record matching `predicate` (among those not yet taken). */
  waitFor(predicate: (record: string) => boolean, ms?: number): Promise<string>;
}

/**
 * Opens ws://…/ChatHub with `query` (e.g. `id=…` or `access_token=…`) and optional bearer token.
 * Rejects with `HTTP <status>` when the upgrade is refused. `handshake` sends the json handshake.
 */
export async function rawClient(
  server: HubServer,
  options: { token?: string; query?: string; handshake?: boolean } = {},
): Promise<RawClient> {
  const { default: WS } = await import('ws');
  const ws = new WS(
    `ws://127.0.0.1:${server.port}/ChatHub${options.query ? `?${options.query}` : ''}`,
    {
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    },
  );
  const client: RawClient = {
    ws: ws as unknown as WebSocket,
    records: [],
    events: [],
    sawBinary: false,
    closed: new Promise((resolve) => ws.on('close', (code: number) => resolve(code))),
    send: (text) => ws.send(text),
    async waitFor(predicate, ms = 3000) {
      const until = Date.now() + ms;
      for (;;) {
        const index = client.records.findIndex(predicate);
        if (index >= 0) return client.records.splice(index, 1)[0] as string;
        if (Date.now() > until)
          throw new Error(
            `no matching record within ${ms} ms; got ${JSON.stringify(client.records)}`,
          );
        await sleep(10);
      }
    },
  };
  let rest = '';
  ws.on('message', (data: Buffer, isBinary: boolean) => {
    if (isBinary) client.sawBinary = true;
    const parts = (rest + data.toString('utf8')).split('\u001e');
    rest = parts.pop() ?? '';
    for (const part of parts)
      (part.startsWith('{"type":1,') ? client.events : client.records).push(part);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req: unknown, res: { statusCode?: number }) =>
      reject(new Error(`HTTP ${res.statusCode}`)),
    );
    ws.once('error', (error: Error) => reject(error));
  });
  if (options.handshake !== false) {
    ws.send('{"protocol":"json","version":1}\u001e');
    await client.waitFor((r) => r === '{}');
  }
  return client;
}

/** POST /ChatHub/negotiate; answers the status and the parsed body. */
export async function negotiate(
  server: HubServer,
  token: string | null,
  query = 'negotiateVersion=1',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.url}/ChatHub/negotiate${query ? `?${query}` : ''}`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
