import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../db/client';
import { backends, createTestApp, type TestApp } from '../../test/helpers';
import { claimJobLease, releaseJobLease } from './jobs';

describe.each(backends)('a job lease held by one instance at a time (%s)', (backend) => {
  let t: TestApp;
  let other: Database | undefined;
  let db: Db;
  let otherDb: Db;
  beforeAll(async () => {
    t = await createTestApp(backend);
    db = t.app.deps.db;
    // On PostgreSQL the second instance has connections of its own.
    if (t.config.database.kind === 'postgres') {
      other = await openDatabase(t.config.database);
      otherDb = other.db;
    } else otherDb = db;
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('grants the turn to one of two claimants, renews it for its holder, hands it over once released or run out', async () => {
    const at = new Date('2026-12-01T08:00:00Z');
    const claims = await Promise.all([claimJobLease(db, 'test-job', 'A', 60, at), claimJobLease(otherDb, 'test-job', 'B', 60, at)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    const [holder, waiter, waiterDb] = claims[0] ? (['A', 'B', otherDb] as const) : (['B', 'A', db] as const);
    const holderDb = waiterDb === db ? otherDb : db;

    expect(await claimJobLease(holderDb, 'test-job', holder, 60, new Date(at.getTime() + 30_000))).toBe(true);
    // Renewed at +30 s: still held at +61 s.
    expect(await claimJobLease(waiterDb, 'test-job', waiter, 60, new Date(at.getTime() + 61_000))).toBe(false);
    // Run out (the holder died): the other one takes it.
    expect(await claimJobLease(waiterDb, 'test-job', waiter, 60, new Date(at.getTime() + 91_000))).toBe(true);
    expect(await claimJobLease(holderDb, 'test-job', holder, 60, new Date(at.getTime() + 92_000))).toBe(false);
    // Released by its holder: free at once; a release by someone else changes nothing.
    await releaseJobLease(holderDb, 'test-job', holder);
    expect(await claimJobLease(holderDb, 'test-job', holder, 60, new Date(at.getTime() + 93_000))).toBe(false);
    await releaseJobLease(waiterDb, 'test-job', waiter);
    expect(await claimJobLease(holderDb, 'test-job', holder, 60, new Date(at.getTime() + 94_000))).toBe(true);
    // Another job's lease is its own.
    expect(await claimJobLease(waiterDb, 'other-job', waiter, 60, at)).toBe(true);
  });
});
