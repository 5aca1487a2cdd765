import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { ImapFlow } from 'imapflow';
import { claimJobLease, releaseJobLease, scheduleJob } from '../../lib/jobs';
import type { WarnLogger } from '../../lib/log';
import type { ImapOAuthConfig, InboundMailConfig } from '../../lib/outbox/inbound-config';
import type { AppDeps } from '../../types';
import * as repo from './inboundMail.repository';
import { handleMessage, type HandledMessage } from './inboundMail.service';

/*
 * The help-desk mailbox reader (issue #38): every IMAP_POLL_SECONDS each instance's job tick asks
 * for the cluster-wide turn (lib/jobs claimJobLease, `inboundMail`); the one that has it logs in
 * (password, or XOAUTH2 with an OAuth client-credentials token — Microsoft 365), takes up to
 * IMAP_BATCH messages of IMAP_FOLDER oldest first, hands each to the service
 * (inboundMail.service.ts) and moves it to the Processed or the Failed folder (created when
 * missing). The turn is renewed before each message and the run stops when it is lost. A message
 * too large to take is not downloaded: it fails at once. Whatever happens to the move, a message
 * is handled once: its Message-ID is kept (inbound_mail), so one left in the folder is only
 * moved next time.
 */

/** The lease name of the reader's turn (job_leases). */
export const INBOUND_LEASE = 'inboundMail';

/** What one run did. */
export interface InboundRunResult {
  /** False when another instance had the turn (nothing was read). */
  ran: boolean;
  handled: HandledMessage[];
}

export interface InboundReaderOptions {
  deps: AppDeps;
  config: InboundMailConfig;
  log?: WarnLogger;
  /** This instance's name in the lease; default host:pid:random. */
  instanceId?: string;
  /** The time the reader's lease and the handling read (tests move it); default the system clock. */
  clock?: () => Date;
  /** How an OAuth token is fetched (tests stand in); default `fetch`. */
  fetchToken?: typeof fetch;
}

export interface InboundReader {
  readonly instanceId: string;
  /** Takes the turn, reads the batch and moves every message; answers what happened. */
  runOnce(): Promise<InboundRunResult>;
}

/**
 * The OAuth 2.0 client-credentials token for XOAUTH2 (RFC 6749 §4.4; Microsoft identity platform:
 * POST the tenant's /oauth2/v2.0/token with client_id, client_secret, scope, grant_type), kept
 * until a minute before it expires.
 */
export function oauthTokenSource(oauth: ImapOAuthConfig, fetcher: typeof fetch = fetch, clock: () => Date = () => new Date()) {
  let cached: { token: string; until: number } | null = null;
  return async (): Promise<string> => {
    if (cached && cached.until > clock().getTime()) return cached.token;
    const response = await fetcher(oauth.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: oauth.clientId, client_secret: oauth.clientSecret, scope: oauth.scope }).toString(),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown };
    if (!response.ok || typeof body.access_token !== 'string') {
      throw new Error(`IMAP OAuth token: ${response.status} ${String(body.error ?? '')} ${String(body.error_description ?? '')}`.trim());
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : Number(body.expires_in ?? 3600);
    cached = { token: body.access_token, until: clock().getTime() + Math.max(60, seconds - 60) * 1000 };
    return cached.token;
  };
}

/** A reader of the mailbox of `options.config`. */
export function createInboundReader(options: InboundReaderOptions): InboundReader {
  const { deps, config, log } = options;
  const instanceId = options.instanceId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const clock = options.clock ?? (() => new Date());
  const token = config.oauth ? oauthTokenSource(config.oauth, options.fetchToken, clock) : null;
  const hold = () => claimJobLease(deps.db, INBOUND_LEASE, instanceId, config.leaseSeconds, clock());

  async function connect(): Promise<ImapFlow> {
    const client = new ImapFlow({
      host: config.host,
      port: config.port,
      secure: config.secure,
      ...(config.requireStartTls ? { doSTARTTLS: true } : {}),
      auth: token ? { user: config.user, accessToken: await token() } : { user: config.user, pass: config.password },
      tls: { rejectUnauthorized: config.rejectUnauthorized, servername: config.host },
      connectionTimeout: config.timeoutMs,
      greetingTimeout: config.timeoutMs,
      socketTimeout: Math.max(config.timeoutMs, 60_000),
      logger: false,
      disableAutoIdle: true,
    });
    // A dropped connection emits 'error'; unheard, it would end the process.
    client.on('error', (error: unknown) => log?.warn({ err: error }, 'inbound mail: the IMAP connection failed'));
    await client.connect();
    return client;
  }

  async function ensureFolder(client: ImapFlow, path: string): Promise<void> {
    const known = await client.list();
    if (!known.some((m) => m.path === path)) await client.mailboxCreate(path);
  }

  return {
    instanceId,
    async runOnce() {
      if (!(await hold())) return { ran: false, handled: [] };
      const handled: HandledMessage[] = [];
      let client: ImapFlow | undefined;
      try {
        client = await connect();
        await ensureFolder(client, config.processedFolder);
        await ensureFolder(client, config.failedFolder);
        const lock = await client.getMailboxLock(config.folder);
        try {
          const uids = ((await client.search({ all: true }, { uid: true })) || []).sort((a, b) => a - b).slice(0, config.batchSize);
          const sizes = new Map<number, number>();
          if (uids.length > 0) for await (const m of client.fetch(uids, { uid: true, size: true }, { uid: true })) sizes.set(m.uid, m.size ?? 0);
          for (const uid of uids) {
            if (!(await hold())) break;
            const size = sizes.get(uid) ?? 0;
            let outcome: HandledMessage;
            if (size > config.maxMessageBytes) {
              outcome = await tooLarge(uid, size);
            } else {
              const message = await client.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
              if (!message || !message.source) continue;
              outcome = await handleMessage({ deps, config, log, now: clock }, message.source, size);
            }
            const folder = outcome.destination === 'failed' ? config.failedFolder : config.processedFolder;
            await client.messageMove(String(uid), folder, { uid: true });
            if (outcome.id !== null) await repo.setFolder(deps.db, outcome.id, folder);
            handled.push(outcome);
          }
        } finally {
          lock.release();
        }
      } finally {
        await client?.logout().catch(() => client?.close());
        await releaseJobLease(deps.db, INBOUND_LEASE, instanceId).catch(() => undefined);
      }
      return { ran: true, handled };
    },
  };

  /** A message above INBOUND_MAX_MESSAGE_MB: kept in Failed with its reason, never downloaded. */
  async function tooLarge(uid: number, size: number): Promise<HandledMessage> {
    const now = clock();
    const maxMb = (config.maxMessageBytes / (1024 * 1024)).toFixed(0);
    const id = await repo.startMessage(deps.db, {
      messageKey: `large:${config.folder}:${uid}:${size}:${now.getTime()}`,
      fromAddress: '',
      status: 'failed',
      outcome: 'failed',
      reason: `messageTooLarge: ${size} bytes, more than INBOUND_MAX_MESSAGE_MB (${maxMb} MB)`,
      sizeBytes: size,
      createdAt: now,
      updatedAt: now,
    });
    return { id, destination: 'failed', status: 'failed', outcome: 'failed' };
  }
}

/**
 * The reader as a job of this instance (app start, from the module's routes): every
 * IMAP_POLL_SECONDS when inbound mail is configured (IMAP_HOST), nothing otherwise — `npm start`
 * without a mailbox runs as before. Answers the reader (null when off).
 */
export function scheduleInboundMail(app: FastifyInstance): InboundReader | null {
  const config = app.deps.config.inboundMail;
  if (!config) return null;
  const reader = createInboundReader({ deps: app.deps, config, log: app.log });
  scheduleJob(app, 'inbound mail: read', () => reader.runOnce(), config.pollSeconds * 1000);
  return reader;
}
