import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError, dashboardStatistics } from '@servicedesk/contracts';
import { requireUser } from '../../plugins/auth-guard';
import { getStatistics } from './dashboard.service';

/** /api/dashboard/* (SPEC §7 catalogue "dashboard statistics"). */
export async function dashboardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /**
   * GET /api/dashboard/statistics (ours) → { activeUsers, mySignInsLast30Days,
   * myFailedSignInsLast30Days, lastSignInAt }; 401 without a valid token.
   */
  app.get('/statistics', { config: { permission: 'dashboard' }, schema: { response: { 200: dashboardStatistics, 401: apiError } } }, async (request) =>
    getStatistics(fastify.deps, requireUser(request)),
  );
}
