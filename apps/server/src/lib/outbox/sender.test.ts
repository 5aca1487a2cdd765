import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../../db/client';
import { outbox } from '../../db/schema';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { createOutboxSender, retryDelayMs, type OutboxSenderOptions } from './sender';
import { PermanentSendError, TransportRegistry, type OutboxMessage, type OutboxTransport } from './transport';

/** A transport that records what it was given and answers per call what `behave` says. */
function recordingTransport(behave: (message: OutboxMessage) => Promise<void> = async () => {}) {
  const sent: OutboxMessage[] = [];
  const transport: OutboxTransport = {
    async send(message) {
      sent.push(message);
      await behave(message);
      return { providerMessageId: `<sd-outbox-${message.id}@test.local>` };
    },
  };
  return { sent, transport };
}

const registryWith = (transport: OutboxTransport) => {
  const registry = new TransportRegistry();
  registry.register('mail', transport);
  return registry;
};

describe.each(backends)('the outbox sender (%s)', (backend) => {
  let t: TestApp;
  let db: Db;
  /** A second connection to the same database, as a second instance has (PGlite: the same one). */
  let other: Database | undefined;
  let otherDb: Db;
  let start: number;
  const base = (overrides: Partial<OutboxSenderOptions> & { transports: TransportRegistry }): OutboxSenderOptions => ({
    db,
    maxAttempts: 3,
    retryBaseSeconds: 60,
    leaseSeconds: 300,
    batchSize: 20,
    ...overrides,
  });
  const queue = async (n: number, channel: 'mail' | 'whatsapp' = 'mail') =>
    (
      await db
        .insert(outbox)
        .values(Array.from({ length: n }, (_, i) => ({ channel, recipient: `r${i}@example.org`, subject: `s${i}`, body: `b${i}`, payload: { kind: 'test' } })))
        .returning({ id: outbox.id })
    ).map((r) => r.id);
  const rowsOf = (ids: number[]) => db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id);

  beforeAll(async () => {
    t = await createTestApp(backend);
    db = t.app.deps.db;
    const database = t.config.database;
    if (database.kind === 'postgres') {
      other = await openDatabase(database);
      otherDb = other.db;
    } else otherDb = db;
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });
  beforeEach(async () => {
    // Each test sees only its own rows; the clock starts just after the rows' default next_attempt_at (now()).
    await db.delete(outbox);
    start = Date.now() + 1000;
  });

  it('sends a due row once, keeps its Message-ID and leaves other channels queued', async () => {
    const [mailId] = await queue(1);
    const [waId] = await queue(1, 'whatsapp');
    const { sent, transport } = recordingTransport();
    const sender = createOutboxSender(base({ transports: registryWith(transport), clock: () => new Date(start) }));
    expect(await sender.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, skipped: 0 });
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, skipped: 0 });
    expect(sent.map((m) => m.id)).toEqual([mailId]);
    expect(sent[0]).toMatchObject({ recipient: 'r0@example.org', subject: 's0', body: 'b0', payload: { kind: 'test' }, attempts: 1 });
    const [mail, wa] = await rowsOf([mailId!, waId!]);
    expect(mail).toMatchObject({ status: 'sent', attempts: 1, messageId: `<sd-outbox-${mailId}@test.local>`, claimedBy: null, claimedUntil: null, lastError: null });
    expect(mail!.sentAt).toBeInstanceOf(Date);
    expect(wa).toMatchObject({ status: 'queued', attempts: 0, sentAt: null });
  });

  it('retries with a growing delay, then gives up after the last try with the error kept', async () => {
    const [id] = await queue(1);
    let now = start;
    const { sent, transport } = recordingTransport(async () => {
      throw new Error(`421 4.3.0 try ${sent.length} refused`);
    });
    const sender = createOutboxSender(base({ transports: registryWith(transport), clock: () => new Date(now) }));

    expect(await sender.runOnce()).toMatchObject({ retried: 1 });
    let [row] = await rowsOf([id!]);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: '421 4.3.0 try 1 refused', claimedBy: null });
    expect(row!.nextAttemptAt.getTime()).toBe(start + 60_000);

    now = start + 59_000; // not due yet
    expect(await sender.runOnce()).toMatchObject({ retried: 0, sent: 0 });
    now = start + 60_000;
    expect(await sender.runOnce()).toMatchObject({ retried: 1 });
    [row] = await rowsOf([id!]);
    expect(row!.nextAttemptAt.getTime()).toBe(now + 120_000); // doubled

    now += 120_000;
    expect(await sender.runOnce()).toMatchObject({ failed: 1 });
    [row] = await rowsOf([id!]);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: '421 4.3.0 try 3 refused', sentAt: null, claimedBy: null });
    now += MAX_DAY;
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, skipped: 0 });
    expect(sent).toHaveLength(3);
  });

  it('gives up at once on a permanent error', async () => {
    const [id] = await queue(1);
    const { transport } = recordingTransport(async () => {
      throw new PermanentSendError('550 5.1.1 no such user');
    });
    const sender = createOutboxSender(base({ transports: registryWith(transport), clock: () => new Date(start) }));
    expect(await sender.runOnce()).toMatchObject({ failed: 1 });
    expect((await rowsOf([id!]))[0]).toMatchObject({ status: 'failed', attempts: 1, lastError: '550 5.1.1 no such user' });
  });

  it('never sends one row twice with two instances on one database', async () => {
    const ids = await queue(60);
    const a = recordingTransport(() => new Promise((r) => setImmediate(r)));
    const b = recordingTransport(() => new Promise((r) => setImmediate(r)));
    const clock = () => new Date(start);
    const senderA = createOutboxSender(base({ transports: registryWith(a.transport), clock, instanceId: 'A', batchSize: 7 }));
    const senderB = createOutboxSender(base({ db: otherDb, transports: registryWith(b.transport), clock, instanceId: 'B', batchSize: 7 }));
    const drain = async (sender: typeof senderA) => {
      while ((await sender.runOnce()).sent > 0);
    };
    await Promise.all([drain(senderA), drain(senderB), drain(senderA), drain(senderB)]);
    const sentIds = [...a.sent, ...b.sent].map((m) => m.id).sort((x, y) => x - y);
    expect(sentIds).toEqual(ids);
    expect(new Set(sentIds).size).toBe(60);
    const rows = await rowsOf(ids);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    if (backend === 'postgres') expect(a.sent.length > 0 && b.sent.length > 0).toBe(true);
  });

  it("takes over a dead instance's claim once its lease has run out, not before", async () => {
    const [id] = await queue(1);
    // A claims the row and dies while sending: its transport never answers.
    const dead = recordingTransport(() => new Promise<void>(() => {}));
    const senderA = createOutboxSender(base({ transports: registryWith(dead.transport), clock: () => new Date(start), instanceId: 'A', leaseSeconds: 300 }));
    void senderA.runOnce();
    await expect.poll(async () => (await rowsOf([id!]))[0]?.claimedBy).toBe('A');

    const alive = recordingTransport();
    let now = start + 299_000;
    const senderB = createOutboxSender(base({ db: otherDb, transports: registryWith(alive.transport), clock: () => new Date(now), instanceId: 'B' }));
    expect(await senderB.runOnce()).toMatchObject({ sent: 0 });
    expect((await rowsOf([id!]))[0]).toMatchObject({ status: 'sending', claimedBy: 'A' });

    now = start + 301_000;
    expect(await senderB.runOnce()).toMatchObject({ sent: 1 });
    expect(alive.sent.map((m) => m.id)).toEqual([id]);
    expect((await rowsOf([id!]))[0]).toMatchObject({ status: 'sent', attempts: 2, claimedBy: null });
  });

  it('skips a row whose claim passed to another sender before its turn came', async () => {
    const [first, second] = await queue(2);
    // While A sends the first row slowly, the lease of the second one runs out and B takes it
    // (written here as B's claim would write it).
    const a = recordingTransport(async (message) => {
      if (message.id === first) await db.update(outbox).set({ claimedBy: 'B', claimedUntil: new Date(start + 600_000) }).where(eq(outbox.id, second!));
    });
    const senderA = createOutboxSender(base({ transports: registryWith(a.transport), clock: () => new Date(start), instanceId: 'A' }));
    expect(await senderA.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, skipped: 1 });
    expect(a.sent.map((m) => m.id)).toEqual([first]);
    const rows = await rowsOf([first!, second!]);
    expect(rows.map((r) => [r.status, r.claimedBy])).toEqual([
      ['sent', null],
      ['sending', 'B'],
    ]);
  });

  it('claims nothing without a transport', async () => {
    const [id] = await queue(1);
    const sender = createOutboxSender(base({ transports: new TransportRegistry(), clock: () => new Date(start) }));
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, skipped: 0 });
    expect((await db.select().from(outbox).where(eq(outbox.id, id!)))[0]).toMatchObject({ status: 'queued', attempts: 0 });
  });
});

const MAX_DAY = 24 * 60 * 60 * 1000;

describe('retryDelayMs', () => {
  it('doubles from the base and stops at 6 hours', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 60))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(30, 60)).toBe(6 * 60 * 60 * 1000);
  });
});
