import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiError,
  chatHistoryQuery,
  chatHistoryResponse,
  chatMarkReadInput,
  chatUnreadCountsResponse,
  okResponse,
} from '@servicedesk/contracts';
import { requireUser } from '../../plugins/auth-guard';
import * as service from './chat.service';

const errors = { 400: apiError, 401: apiError };

/**
 * /api/chat/* (ours; SPEC §4 "Chat"): the history behind the hub's messages and their read
 * marks. Every call needs the bearer token (401 otherwise); bad input answers 400.
 */
export async function chatRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;

  /**
   * GET /api/chat/history?partnerId&beforeId?&take? → { messages (newest first), hasMore }: a page
   * of the caller's conversation with partnerId; pass the last message's id as beforeId for the
   * earlier page. take 1–50, default 20.
   */
  app.get(
    '/history',
    { config: { permission: 'signedIn' }, schema: { querystring: chatHistoryQuery, response: { 200: chatHistoryResponse, ...errors } } },
    async (request) => service.history(deps, requireUser(request), request.query),
  );

  /** POST /api/chat/markRead { partnerId } → { ok: true }: what partnerId sent the caller is read. */
  app.post(
    '/markRead',
    { config: { permission: 'signedIn' }, schema: { body: chatMarkReadInput, response: { 200: okResponse, ...errors } } },
    async (request) => {
      await service.markRead(deps, requireUser(request), request.body.partnerId);
      return { ok: true as const };
    },
  );

  /** GET /api/chat/unreadCounts → { partnerId, count }[]: unread messages sent to the caller, per sender. */
  app.get(
    '/unreadCounts',
    { config: { permission: 'signedIn' }, schema: { response: { 200: chatUnreadCountsResponse, ...errors } } },
    async (request) => service.unreadCounts(deps, requireUser(request).id),
  );
}
