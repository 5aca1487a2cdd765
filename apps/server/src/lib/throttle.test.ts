import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { throttleCounters } from '../db/schema';
import { backends, createTestApp, type TestApp } from '../../test/helpers';
import { createSqlThrottleStore } from './throttle';

describe.each(backends)('throttle counters on SQL (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('prunes the counters whose window is over and keeps the live ones', async () => {
    const store = createSqlThrottleStore(t.app.deps.db);
    await t.app.deps.db.insert(throttleCounters).values([
      { key: 'prune:old', count: 20, windowEndsAt: sql`now() - interval '1 minute'` as unknown as Date },
      { key: 'prune:live', count: 3, windowEndsAt: sql`now() + interval '15 minutes'` as unknown as Date },
    ]);
    expect(await store.prune()).toBeGreaterThanOrEqual(1);
    const keys = (await t.app.deps.db.select({ key: throttleCounters.key }).from(throttleCounters)).map((r) => r.key);
    expect(keys).toContain('prune:live');
    expect(keys).not.toContain('prune:old');
    expect(await store.get('prune:live')).toMatchObject({ count: 3 });
  });
});
