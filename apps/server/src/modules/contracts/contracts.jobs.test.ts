import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray, like } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { contracts, notifications, recordHistory } from '../../db/schema';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { CONTRACT_RECORD_KIND } from './contracts.kind';
import { runContractsJob } from './contracts.jobs';
import * as repo from './contracts.repository';
import { contractsFixture, type ContractsFixture } from './contracts.test-support';

/** An instant at 10:00 in Baku (UTC+4) on `date`. */
const bakuMorning = (date: string) => new Date(`${date}T06:00:00Z`);

describe.each(backends)('contracts daily job on %s', (backend) => {
  let t: TestApp;
  let f: ContractsFixture;
  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await contractsFixture(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    // Only this test's contracts: the seeded ones have dates relative to today.
    await t.app.deps.db
      .update(contracts)
      .set({ status: 'CANCELLED' })
      .where(eq(contracts.status, 'ACTIVE'));
    await t.app.deps.db
      .delete(notifications)
      .where(like(notifications.descKey, 'contracts.notifications.%'));
  });

  /** An ACTIVE contract (as if registered) with these dates; the author and the responsible person differ. */
  const active = (endDate: string, noticeDays: number, extra: Partial<repo.NewContractRow> = {}) =>
    repo.insertContract(t.app.deps.db, {
      counterpartyId: f.counterparty['Kompüter Mərkəzi MMC']!,
      subject: `Test ${endDate}`,
      amountMinor: 100_00,
      currency: 'AZN',
      startDate: '2023-01-01',
      endDate,
      noticeDays,
      renewal: 'none',
      responsibleId: f.id.director,
      authorId: f.id.author,
      reviewerIds: [f.id.visa],
      tagIds: [],
      status: 'ACTIVE',
      number: `CT-TEST-${endDate}-${noticeDays}`,
      ...extra,
    });

  const sent = async (id: number, key: string) =>
    (
      await t.app.deps.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(
          and(
            eq(notifications.descKey, `contracts.notifications.${key}`),
            eq(notifications.redirectUrl, `/home/contracts/${id}`),
          ),
        )
    )
      .map((r) => r.userId)
      .sort((a, b) => a - b);

  it('reminds 30 days before an end on 1 March of a leap year on 31 January, not a day earlier', async () => {
    const c = await active('2024-03-01', 0);
    await runContractsJob(t.app.deps, bakuMorning('2024-01-30'));
    expect(await sent(c.id, 'endingSoon')).toEqual([]);
    await runContractsJob(t.app.deps, bakuMorning('2024-01-31'));
    expect(await sent(c.id, 'endingSoon')).toEqual(
      [f.id.author, f.id.director].sort((a, b) => a - b),
    );
    // Once: the next days send nothing again.
    await runContractsJob(t.app.deps, bakuMorning('2024-02-01'));
    await runContractsJob(t.app.deps, bakuMorning('2024-02-29'));
    expect(await sent(c.id, 'endingSoon')).toHaveLength(2);
  });

  it('reminds on 30 January for an end on 1 March of a common year, and on the 1st for an end on the 31st', async () => {
    const common = await active('2025-03-01', 0);
    const thirtyFirst = await active('2025-03-31', 0);
    await runContractsJob(t.app.deps, bakuMorning('2025-01-29'));
    expect(await sent(common.id, 'endingSoon')).toEqual([]);
    await runContractsJob(t.app.deps, bakuMorning('2025-01-30'));
    expect(await sent(common.id, 'endingSoon')).toHaveLength(2);
    await runContractsJob(t.app.deps, bakuMorning('2025-02-28'));
    expect(await sent(thirtyFirst.id, 'endingSoon')).toEqual([]);
    await runContractsJob(t.app.deps, bakuMorning('2025-03-01'));
    expect(await sent(thirtyFirst.id, 'endingSoon')).toHaveLength(2);
  });

  it('sends the notice-date reminder at end − notice days (29 February in a leap year), once, apart from the 30-day one', async () => {
    const c = await active('2024-03-31', 31);
    // Baku is UTC+4: 20:30 UTC on 28 February is already 29 February there.
    await runContractsJob(t.app.deps, new Date('2024-02-28T19:30:00Z'));
    expect(await sent(c.id, 'noticeDate')).toEqual([]);
    await runContractsJob(t.app.deps, new Date('2024-02-28T20:30:00Z'));
    expect(await sent(c.id, 'noticeDate')).toHaveLength(2);
    expect(await sent(c.id, 'endingSoon')).toEqual([]);
    await runContractsJob(t.app.deps, bakuMorning('2024-03-01'));
    expect(await sent(c.id, 'endingSoon')).toHaveLength(2);
    expect(await sent(c.id, 'noticeDate')).toHaveLength(2);
    const history = await t.app.deps.db
      .select({ details: recordHistory.details })
      .from(recordHistory)
      .where(
        and(
          eq(recordHistory.recordKind, CONTRACT_RECORD_KIND),
          eq(recordHistory.recordId, c.id),
          eq(recordHistory.action, 'remind'),
        ),
      );
    expect(history.map((h) => h.details)).toEqual([
      { reminder: 'noticeDate', date: '2024-02-29' },
      { reminder: 'endingSoon', date: '2024-03-01' },
    ]);
  });

  it('expires a contract the day after its end and renews an automatic one into the next term', async () => {
    const plain = await active('2024-01-31', 10);
    const auto = await active('2024-01-31', 10, {
      renewal: 'automatic',
      renewalMonths: 1,
      number: 'CT-2024-0901',
    });
    await runContractsJob(t.app.deps, bakuMorning('2024-01-31'));
    expect((await repo.findContract(t.app.deps.db, plain.id))?.status).toBe('ACTIVE');
    const result = await runContractsJob(t.app.deps, bakuMorning('2024-02-01'));
    expect(result).toMatchObject({ expired: 2, renewed: 1 });
    expect((await repo.findContract(t.app.deps.db, plain.id))?.status).toBe('EXPIRED');
    const next = await repo.findNextTerm(t.app.deps.db, auto.id);
    expect(next).toMatchObject({
      status: 'ACTIVE',
      startDate: '2024-02-01',
      endDate: '2024-02-29',
      term: 2,
      number: 'CT-2024-0901/2',
      previousId: auto.id,
    });
    expect(await sent(auto.id, 'expired')).toHaveLength(2);
    expect(await sent(next!.id, 'renewed')).toHaveLength(2);
  });

  it('runs once with two instances at the same time: every reminder is sent once', async () => {
    const ids = [];
    for (const end of ['2028-02-10', '2028-02-29', '2028-03-01'])
      ids.push((await active(end, 0)).id);
    // Two instances share the database, each with its own connections (as two server processes
    // would; PGlite has one connection, so there the second shares it).
    const second = backend === 'postgres' ? await openDatabase(t.config.database) : null;
    const other = second ? { ...t.app.deps, database: second, db: second.db } : { ...t.app.deps };
    const [a, b] = await Promise.all([
      runContractsJob(t.app.deps, bakuMorning('2028-02-01')),
      runContractsJob(other, bakuMorning('2028-02-01')),
    ]).finally(() => second?.close());
    expect(a.endReminders + b.endReminders).toBe(3);
    const rows = await t.app.deps.db
      .select({ url: notifications.redirectUrl })
      .from(notifications)
      .where(
        and(
          eq(notifications.descKey, 'contracts.notifications.endingSoon'),
          inArray(
            notifications.redirectUrl,
            ids.map((id) => `/home/contracts/${id}`),
          ),
        ),
      );
    // Two people (author, responsible) per contract, once each.
    expect(rows).toHaveLength(6);
    const again = await runContractsJob(t.app.deps, bakuMorning('2028-02-02'));
    expect(again.endReminders).toBe(0);
  });
});
