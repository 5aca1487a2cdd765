import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  chatHistoryResponse,
  chatUnreadCountsResponse,
  getUserListsResponse,
  type ApiError,
} from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { users } from '../../db/schema';
import { createDbChatStore } from './chat.service';

describe.each(backends)('chat on %s', (backend) => {
  let t: TestApp;
  let employee: string;
  let lawyer: string;
  let ids: { employee: number; lawyer: number; clerk: number };

  const idOf = async (email: string) => {
    const [row] = await t.app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no ${email}`);
    return row.id;
  };
  const history = async (token: string, query: string) => {
    const res = await t.as(token, { method: 'GET', url: `/api/chat/history?${query}` });
    expect(res.statusCode).toBe(200);
    return chatHistoryResponse.parse(res.json());
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    employee = await t.login('employee@servicedesk.az');
    lawyer = await t.login('lawyer@servicedesk.az');
    ids = {
      employee: await idOf('employee@servicedesk.az'),
      lawyer: await idOf('lawyer@servicedesk.az'),
      clerk: await idOf('clerk@servicedesk.az'),
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the hub persists through the database store: trimmed text, increasing ids, blank and >2000 refused', async () => {
    const store = t.app.hub.chatStore;
    const at = new Date('2026-11-22T10:00:00Z');
    const first = await store.save({ senderId: ids.clerk, receiverId: ids.lawyer, message: '  salam  ', createdAt: at });
    const second = await store.save({ senderId: ids.lawyer, receiverId: ids.clerk, message: 'necəsən?', createdAt: at });
    expect(second).toBeGreaterThan(first);
    const conv = await store.conversation(ids.lawyer, ids.clerk);
    expect(conv.map((m) => m.message)).toEqual(['necəsən?', 'salam']);
    expect(conv[1]).toMatchObject({ id: first, senderId: ids.clerk, receiverId: ids.lawyer });
    expect(conv[1]?.createdAt.toISOString()).toBe(at.toISOString());
    await expect(store.save({ senderId: ids.clerk, receiverId: ids.lawyer, message: '   ', createdAt: at })).rejects.toThrow(
      'The message is empty.',
    );
    await expect(
      store.save({ senderId: ids.clerk, receiverId: ids.lawyer, message: 'x'.repeat(2001), createdAt: at }),
    ).rejects.toThrow('longer than 2000');
    expect(await store.save({ senderId: ids.clerk, receiverId: ids.lawyer, message: 'x'.repeat(2000), createdAt: at })).toBeGreaterThan(
      second,
    );
  });

  it('pages a conversation newest first with beforeId, for both partners and nobody else', async () => {
    const store = createDbChatStore(t.app.deps.db);
    const sent: number[] = [];
    for (let i = 0; i < 5; i++) {
      const fromEmployee = i % 2 === 0;
      sent.push(
        await store.save({
          senderId: fromEmployee ? ids.employee : ids.lawyer,
          receiverId: fromEmployee ? ids.lawyer : ids.employee,
          message: `m${i}`,
          createdAt: new Date(Date.UTC(2026, 10, 22, 9, i)),
        }),
      );
    }
    const page1 = await history(employee, `partnerId=${ids.lawyer}&take=3`);
    expect(page1.messages.map((m) => m.text)).toEqual(['m4', 'm3', 'm2']);
    expect(page1.hasMore).toBe(true);
    expect(page1.messages[0]).toEqual({
      id: sent[4],
      senderId: ids.employee,
      receiverId: ids.lawyer,
      text: 'm4',
      createdAt: '2026-11-22T09:04:00.000Z',
    });
    const page2 = await history(employee, `partnerId=${ids.lawyer}&take=3&beforeId=${page1.messages.at(-1)?.id}`);
    expect(page2.messages.map((m) => m.text)).toEqual(['m1', 'm0']);
    expect(page2.hasMore).toBe(false);
    // The lawyer sees the same conversation; the lawyer's chat with the clerk is not in it.
    const fromLawyer = await history(lawyer, `partnerId=${ids.employee}`);
    expect(fromLawyer.messages.map((m) => m.text)).toEqual(['m4', 'm3', 'm2', 'm1', 'm0']);
    expect((await history(employee, `partnerId=${ids.clerk}`)).messages).toEqual([]);
  });

  it('refuses a take above 50, a missing partner, and callers without a token', async () => {
    for (const query of [`partnerId=${ids.lawyer}&take=51`, 'take=5', 'partnerId=abc', `partnerId=${ids.lawyer}&take=0`]) {
      const res = await t.as(employee, { method: 'GET', url: `/api/chat/history?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<ApiError>().code).toBe('validationError');
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/chat/history?partnerId=${ids.lawyer}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/chat/markRead', payload: { partnerId: 1 } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/chat/unreadCounts' })).statusCode).toBe(401);
  });

  it('counts unread messages per sender, folds them into getUserLists and clears them on markRead', async () => {
    const unread = async (token: string) =>
      chatUnreadCountsResponse.parse((await t.as(token, { method: 'GET', url: '/api/chat/unreadCounts' })).json());
    const listed = async (token: string, partner: number) =>
      getUserListsResponse
        .parse((await t.as(token, { method: 'GET', url: '/api/global/getUserLists' })).json())
        .users.find((u) => u.id === partner)?.unreadMessageCount;

    // From the tests above: the lawyer got m0, m2, m4 from the employee and two from the clerk.
    expect(await unread(lawyer)).toEqual(
      [
        { partnerId: ids.employee, count: 3 },
        { partnerId: ids.clerk, count: 2 },
      ].sort((a, b) => a.partnerId - b.partnerId),
    );
    expect(await listed(lawyer, ids.employee)).toBe(3);
    expect(await listed(lawyer, ids.clerk)).toBe(2);
    expect(await unread(employee)).toEqual([{ partnerId: ids.lawyer, count: 2 }]);

    const res = await t.as(lawyer, { method: 'POST', url: '/api/chat/markRead', payload: { partnerId: ids.employee } });
    expect(res.json()).toEqual({ ok: true });
    expect(await listed(lawyer, ids.employee)).toBe(0);
    expect(await listed(lawyer, ids.clerk)).toBe(2);
    // Marking read only touches what was sent to the caller: the employee's unread stay.
    expect(await unread(employee)).toEqual([{ partnerId: ids.lawyer, count: 2 }]);
    const bad = await t.as(lawyer, { method: 'POST', url: '/api/chat/markRead', payload: { partnerId: 'x' } });
    expect(bad.statusCode).toBe(400);
  });
});
