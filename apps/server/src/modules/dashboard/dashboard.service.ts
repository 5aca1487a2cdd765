import type { DashboardStatistics } from '@servicedesk/contracts';
import type { AppDeps, AuthUser } from '../../types';
import * as repo from './dashboard.repository';

const DAY_MS = 86_400_000;

/**
 * The dashboard greeting's figures (contracts dashboard.ts). `lastSignInAt` is the sign-in before
 * the current session's: the second newest success, since the newest is the one in use.
 */
export async function getStatistics(deps: AppDeps, user: AuthUser, now = new Date()): Promise<DashboardStatistics> {
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const [activeUsers, mySignInsLast30Days, myFailedSignInsLast30Days, previous] = await Promise.all([
    repo.countActiveUsers(deps.db),
    repo.countSignIns(deps.db, user.id, since),
    repo.countFailedSignIns(deps.db, user.email, since),
    repo.nthLatestSignIn(deps.db, user.id, 1),
  ]);
  return { activeUsers, mySignInsLast30Days, myFailedSignInsLast30Days, lastSignInAt: previous?.toISOString() ?? null };
}
