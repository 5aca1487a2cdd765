/*
 * The zod-free half of ../notifications.ts (codes, limits and pure rules), which re-exports all of it:
 * client code that needs only these does not load zod and the schemas with its first paint
 * (issue #19's bundle budgets). Never import zod or a schema here (test/plain.test.ts).
 */

/** Page size of POST /api/global/Layout/GetHeaderNotifications. */
export const NOTIFICATION_PAGE_SIZE = 10;
