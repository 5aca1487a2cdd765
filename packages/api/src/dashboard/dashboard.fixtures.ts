import { dashboardStatistics } from '@servicedesk/contracts';

/** The dashboard figures of the admin (parsed by the contract: drift fails at import). */
export const statisticsFixture = dashboardStatistics.parse({
  activeUsers: 10,
  mySignInsLast30Days: 14,
  myFailedSignInsLast30Days: 1,
  lastSignInAt: '2026-01-04T08:00:00.000Z',
});
