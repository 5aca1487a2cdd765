import { describe, expect, it } from 'vitest';
import { createMemoryChatStore, type ChatStore } from './chat-store';

/** The ChatStore contract, run against every implementation. */
function contract(
  name: string,
  make: () => Promise<{ store: ChatStore; users: [number, number, number] }>,
) {
  describe(`${name} chat store`, () => {
    it("answers increasing ids and pages a conversation newest first, both directions, nobody else's", async () => {
      const { store, users } = await make();
      const [a, b, c] = users;
      const at = new Date('2026-11-22T10:00:00Z');
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push(
          await store.save({
            senderId: i % 2 ? b : a,
            receiverId: i % 2 ? a : b,
            message: `m${i}`,
            createdAt: at,
          }),
        );
        await store.save({ senderId: a, receiverId: c, message: `other${i}`, createdAt: at });
      }
      expect([...ids].sort((x, y) => x - y)).toEqual(ids);
      const page1 = await store.conversation(b, a, { limit: 3 });
      expect(page1.map((m) => m.message)).toEqual(['m4', 'm3', 'm2']);
      expect(page1[0]).toMatchObject({ id: ids[4], senderId: a, receiverId: b, message: 'm4' });
      expect(page1[0]?.createdAt.toISOString()).toBe(at.toISOString());
      const page2 = await store.conversation(a, b, { limit: 3, beforeId: page1.at(-1)?.id });
      expect(page2.map((m) => m.message)).toEqual(['m1', 'm0']);
      expect(await store.conversation(b, c)).toEqual([]);
    });
  });
}

contract('in-memory', async () => ({ store: createMemoryChatStore(), users: [1, 2, 3] }));
