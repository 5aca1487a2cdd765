/*
 * The zod-free half of ../chat.ts (codes, limits and pure rules), which re-exports all of it:
 * client code that needs only these does not load zod and the schemas with its first paint
 * (issue #19's bundle budgets). Never import zod or a schema here (test/plain.test.ts).
 */

/** Longest chat message in characters, after trimming (ours; the hub refuses longer ones too). */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;

/** Largest history page (GET /api/chat/history `take`). */
export const CHAT_HISTORY_MAX_TAKE = 50;
