import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminIdParams, outboxListQuery, outboxPage, outboxRow } from '@servicedesk/contracts';
import { recordRouteErrors } from '../../lib/routes';
import { requireUser } from '../../plugins/auth-guard';
import * as service from './outbox.service';

/**
 * /api/admin/outbox/* — the messages the server sends (issue #38). Reading needs `admin.outbox`,
 * sending a failed message again `admin.outbox.retry` (checked here, whatever the page shows).
 */
export async function outboxRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;

  /** GET /api/admin/outbox?status&page&pageSize → OutboxPage: rows newest first, total, counts per status, mailConfigured. */
  app.get('/', { config: { permission: 'admin.outbox' }, schema: { querystring: outboxListQuery, response: { 200: outboxPage, ...recordRouteErrors } } }, async (request) =>
    service.listOutbox(deps, request.query),
  );

  /** POST /api/admin/outbox/{id}/retry → OutboxRow queued again. 404; 422 `outboxNotFailed`. */
  app.post('/:id/retry', { config: { permission: 'admin.outbox.retry' }, schema: { params: adminIdParams, response: { 200: outboxRow, ...recordRouteErrors } } }, async (request) =>
    service.retryOutbox(deps, requireUser(request), request.params.id),
  );
}
