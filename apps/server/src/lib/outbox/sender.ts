import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import { scheduleJob } from '../jobs';
import type { WarnLogger } from '../log';
import { defaultTransports, type OutboxChannel, type OutboxMessage, type OutboxPayload, type TransportRegistry } from './transport';

/** Longest delay between two tries of a row (6 hours). */
export const MAX_RETRY_DELAY_MS = 6 * 60 * 60 * 1000;
/** Most characters of an error kept in `outbox.last_error`. */
const ERROR_CHARS = 2000;

/** How a sender runs; the app fills it from {@link MailConfig} (lib/outbox/config.ts). */
export interface OutboxSenderOptions {
  db: Db;
  /** The transports by channel; only rows of channels with a transport are claimed. */
  transports: TransportRegistry;
  /** Tries of one row before it is `failed` (MAIL_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** Delay after the first failed try, seconds; doubled after each next one up to {@link MAX_RETRY_DELAY_MS}. */
  retryBaseSeconds: number;
  /** Seconds a claim holds (MAIL_LEASE_SECONDS); renewed before each send, so keep it above a transport's timeout. */
  leaseSeconds: number;
  /** Rows claimed at a time. */
  batchSize: number;
  /** This instance's name in `claimed_by`; default host:pid:random. */
  instanceId?: string;
  /** The time the sender reads (tests move it); default the system clock. */
  clock?: () => Date;
  log?: WarnLogger;
}

/** What one run did: rows delivered, rows put back for a later try, rows given up, rows skipped (claim lost). */
export interface OutboxRunResult {
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
}

export interface OutboxSender {
  readonly instanceId: string;
  /** Claims the due rows (one statement), sends each through its channel's transport and records the outcome. */
  runOnce(): Promise<OutboxRunResult>;
}

/** Milliseconds to wait after the `attempts`-th failed try: base · 2^(attempts−1), at most 6 hours. */
export function retryDelayMs(attempts: number, baseSeconds: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, baseSeconds * 1000 * 2 ** Math.max(0, attempts - 1));
}

interface ClaimedRow {
  id: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  body: string;
  payload: OutboxPayload | null;
  attempts: number;
  created_at: string | Date;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const at = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, ERROR_CHARS);
}

const isPermanent = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as { permanent?: unknown }).permanent === true;

/**
 * A sender of the outbox. Several may run on one database (one per instance): a row is claimed
 * by exactly one of them through `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)`, and
 * the claim is renewed — and checked to be still this sender's — right before the send, so a row
 * is never sent twice. A claim whose lease ran out (its instance died) is due again; the claim
 * counted as a try.
 */
export function createOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const { db, transports, maxAttempts, retryBaseSeconds, leaseSeconds, batchSize } = options;
  const instanceId = options.instanceId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const clock = options.clock ?? (() => new Date());
  const leaseEnd = () => new Date(clock().getTime() + leaseSeconds * 1000);

  async function claim(channels: OutboxChannel[]): Promise<ClaimedRow[]> {
    const now = clock();
    const result = await db.execute(sql`
      update ${outbox} set status = 'sending', attempts = attempts + 1, claimed_by = ${instanceId}, claimed_until = ${at(leaseEnd())}
      where id in (
        select id from ${outbox}
        where channel in (${sql.join(channels.map((c) => sql`${c}`), sql`, `)})
          and ((status = 'queued' and next_attempt_at <= ${at(now)}) or (status = 'sending' and claimed_until < ${at(now)}))
        order by next_attempt_at, id
        limit ${batchSize}
        for update skip locked)
      returning id, channel, recipient, subject, body, payload, attempts, created_at`);
    return rowsOf<ClaimedRow>(result).sort((a, b) => a.id - b.id);
  }

  /** Extends this sender's claim of `id` by a whole lease; false when the row is no longer ours. */
  async function renew(id: number): Promise<boolean> {
    const result = await db.execute(sql`
      update ${outbox} set claimed_until = ${at(leaseEnd())}
      where id = ${id} and status = 'sending' and claimed_by = ${instanceId} and claimed_until >= ${at(clock())}
      returning id`);
    return rowsOf(result).length === 1;
  }

  async function finish(id: number, set: SQL): Promise<boolean> {
    const result = await db.execute(sql`
      update ${outbox} set ${set}, claimed_by = null, claimed_until = null
      where id = ${id} and status = 'sending' and claimed_by = ${instanceId}
      returning id`);
    return rowsOf(result).length === 1;
  }

  return {
    instanceId,
    async runOnce() {
      const outcome: OutboxRunResult = { sent: 0, retried: 0, failed: 0, skipped: 0 };
      const channels = transports.channels();
      if (channels.length === 0) return outcome;
      for (const row of await claim(channels)) {
        const transport = transports.get(row.channel);
        if (!transport || !(await renew(row.id))) {
          outcome.skipped++;
          continue;
        }
        const message: OutboxMessage = { ...row, createdAt: new Date(row.created_at) };
        try {
          const { providerMessageId } = await transport.send(message);
          if (await finish(row.id, sql`status = 'sent', sent_at = ${at(clock())}, message_id = ${providerMessageId ?? null}, last_error = null`)) outcome.sent++;
          else options.log?.warn({ outboxId: row.id, instanceId }, 'outbox: a row was sent after its claim had passed to another sender');
        } catch (error) {
          const text = errorText(error);
          if (row.attempts >= maxAttempts || isPermanent(error)) {
            if (await finish(row.id, sql`status = 'failed', last_error = ${text}`)) outcome.failed++;
            options.log?.warn({ outboxId: row.id, attempts: row.attempts, err: error }, 'outbox: gave up on a message');
          } else {
            const next = new Date(clock().getTime() + retryDelayMs(row.attempts, retryBaseSeconds));
            if (await finish(row.id, sql`status = 'queued', last_error = ${text}, next_attempt_at = ${at(next)}`)) outcome.retried++;
          }
        }
      }
      return outcome;
    },
  };
}

/**
 * Runs this instance's outbox sender every MAIL_POLL_SECONDS (lib/jobs scheduleJob) with the
 * process's transports (lib/outbox/transport.ts); a run with no transport registered does nothing.
 */
export function scheduleOutboxSender(app: FastifyInstance, transports: TransportRegistry = defaultTransports): OutboxSender {
  const mail = app.deps.config.mail;
  const sender = createOutboxSender({
    db: app.deps.db,
    transports,
    maxAttempts: mail.maxAttempts,
    retryBaseSeconds: mail.retryBaseSeconds,
    leaseSeconds: mail.leaseSeconds,
    batchSize: mail.batchSize,
    log: app.log,
  });
  scheduleJob(app, 'outbox: deliver', () => sender.runOnce(), mail.pollSeconds * 1000);
  return sender;
}
