import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inboundMailListQuery, inboundMailPage } from '@servicedesk/contracts';
import { recordRouteErrors } from '../../lib/routes';
import { scheduleInboundMail } from './inboundMail.imap';
import * as admin from './inboundMail.admin';

/**
 * /api/admin/inboundMail — the messages read from the help-desk mailbox and what became of each
 * (issue #38); reading needs `admin.outbox` (the Outbox page's Inbound mail tab). Registering
 * the routes also schedules the mailbox reader when IMAP_HOST is set (inboundMail.imap.ts).
 */
export async function inboundMailRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  scheduleInboundMail(fastify);

  /** GET /api/admin/inboundMail?status&page&pageSize → InboundMailPage: rows newest first, total, counts per status, whether a mailbox is configured. */
  app.get('/', { config: { permission: 'admin.outbox' }, schema: { querystring: inboundMailListQuery, response: { 200: inboundMailPage, ...recordRouteErrors } } }, async (request) =>
    admin.listInboundMail(deps, request.query),
  );
}
