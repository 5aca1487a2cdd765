import { z } from 'zod';

/**
 * GET /api/dashboard/statistics (ours): the real figures that exist so far, for the greeting
 * on /home/dashboard. Grows as modules land.
 */
export const dashboardStatistics = z.object({
  activeUsers: z.number().int(),
  /** Successful sign-ins of the caller in the last 30 days. */
  mySignInsLast30Days: z.number().int(),
  /** Failed sign-in attempts on the caller's email in the last 30 days. */
  myFailedSignInsLast30Days: z.number().int(),
  /** The caller's previous successful sign-in, null on the first. */
  lastSignInAt: z.string().datetime().nullable(),
});
export type DashboardStatistics = z.infer<typeof dashboardStatistics>;
