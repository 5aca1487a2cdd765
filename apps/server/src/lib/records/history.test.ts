import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { recordHistoryEntry } from '@servicedesk/contracts';
import { users } from '../../db/schema';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { appendHistory, historyOf } from './history';

describe.each(backends)('record history on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const userId = async (email: string) => {
    const [row] = await t.app.deps.db.select({ id: users.id, first: users.firstName, last: users.lastName }).from(users).where(eq(users.email, email));
    return row!;
  };

  it('keeps who did what, on behalf of whom, oldest first, per record kind and id', async () => {
    const db = t.app.deps.db;
    const substitute = await userId('lead@servicedesk.az');
    const director = await userId('admin@servicedesk.az');
    await db.transaction(async (tx) => {
      await appendHistory(tx, [
        { recordKind: 'testRecord', recordId: 7, action: 'create', toStatus: 'DRAFT', actorId: substitute.id },
        { recordKind: 'testRecord', recordId: 7, action: 'approve', fromStatus: 'IN_APPROVAL', toStatus: 'APPROVED', actorId: substitute.id, onBehalfOfId: director.id, comment: 'Büdcə uyğundur', details: { step: 1 } },
        { recordKind: 'testRecord', recordId: 8, action: 'create', toStatus: 'DRAFT' },
        { recordKind: 'otherRecord', recordId: 7, action: 'create' },
      ]);
    });
    const history = await historyOf(db, 'testRecord', 7);
    for (const entry of history) recordHistoryEntry.parse(entry);
    expect(history.map((h) => h.action)).toEqual(['create', 'approve']);
    expect(history[0]).toMatchObject({ fromStatus: null, toStatus: 'DRAFT', onBehalfOf: null, comment: null, details: null });
    expect(history[1]).toMatchObject({
      fromStatus: 'IN_APPROVAL',
      toStatus: 'APPROVED',
      actor: { id: substitute.id, name: `${substitute.first} ${substitute.last}` },
      onBehalfOf: { id: director.id, name: `${director.first} ${director.last}` },
      comment: 'Büdcə uyğundur',
      details: { step: 1 },
    });
    expect((await historyOf(db, 'testRecord', 8))[0]).toMatchObject({ actor: null, fromStatus: null });
    expect(await historyOf(db, 'testRecord', 9)).toEqual([]);
  });

  it('writes nothing for no rows', async () => {
    await appendHistory(t.app.deps.db, []);
    expect(await historyOf(t.app.deps.db, 'emptyRecord', 1)).toEqual([]);
  });
});
