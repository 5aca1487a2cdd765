import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addNewsCommentInput,
  newsCommentResponse,
  newsConfirmResponse,
  newsConfirmationStats,
  newsIdParams,
  newsLikeInput,
  newsLikeResponse,
  newsLikedUsersResponse,
  newsListQuery,
  newsListResponse,
  newsPostDetail,
  newsReadResponse,
  newsReadersQuery,
  newsReadersResponse,
  newsReference,
  newsRemindResponse,
  newsUnreadResponse,
  okResponse,
  saveNewsInput,
} from '@servicedesk/contracts';
import { requireUser } from '../../plugins/auth-guard';
import { scheduleJob } from '../../lib/jobs';
import * as service from './news.service';
import { recordRouteErrors } from '../../lib/routes';

const errors = recordRouteErrors;

/** How often the scheduled-publish job looks for posts whose time came (ms). */
export const NEWS_PUBLISH_INTERVAL_MS = 30_000;

/**
 * /api/news/* (issue #18; SPEC §7 "news (list, detail, comment, like, read, liked users, save,
 * delete)"). The menu key `news` opens every reading call; writing needs `news.create` (record
 * checks: the author or a `news.delete` editor), commenting `news.comment`. Who may read a post is
 * news.visibility.ts (403 `forbidden` rule `notInAudience`). Also registers the record rule, the
 * attachment access and the scheduled-publish job.
 */
export async function newsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  service.registerNewsAccess();
  scheduleJob(fastify, 'news.publish', () => service.announceDue(deps, new Date(), fastify.log), NEWS_PUBLISH_INTERVAL_MS);
  const read = { permission: 'news' };

  /** GET /api/news/reference → NewsReference: groups and locations for the audience, canCreate. */
  app.get('/reference', { config: read, schema: { response: { 200: newsReference, ...errors } } }, async (request) => service.reference(deps, requireUser(request)));

  /** GET /api/news/unread → { unread, unconfirmed }: the menu badge and the dashboard. */
  app.get('/unread', { config: read, schema: { response: { 200: newsUnreadResponse, ...errors } } }, async (request) => service.unread(deps, requireUser(request)));

  /** POST /api/news/list NewsListQuery → NewsListResponse: the feed (pinned first, newest first), a page. */
  app.post('/list', { config: read, schema: { body: newsListQuery, response: { 200: newsListResponse, ...errors } } }, async (request) =>
    service.listPosts(deps, requireUser(request), request.body),
  );

  /** POST /api/news/save SaveNewsInput → NewsPostDetail: create (news.create) or edit (author / editor: 403 `notAuthor`); 422 `invalidRange`. */
  app.post('/save', { config: { permission: 'news.create' }, schema: { body: saveNewsInput, response: { 200: newsPostDetail, ...errors } } }, async (request) =>
    service.savePost(deps, requireUser(request), request.body, new Date(), request.log),
  );

  /** GET /api/news/{id} → NewsPostDetail; 404 unknown or deleted; 403 `notInAudience`. */
  app.get('/:id', { config: read, schema: { params: newsIdParams, response: { 200: newsPostDetail, ...errors } } }, async (request) =>
    service.getDetail(deps, requireUser(request), request.params.id),
  );

  /** POST /api/news/{id}/delete → { ok }: soft delete (author with news.create, or news.delete). */
  app.post('/:id/delete', { config: { permission: 'news.create' }, schema: { params: newsIdParams, response: { 200: okResponse, ...errors } } }, async (request) => {
    await service.deletePost(deps, requireUser(request), request.params.id, new Date(), request.log);
    return { ok: true as const };
  });

  /** POST /api/news/{id}/comment { text, mentionedUserIds } → { comment, notifiedUserIds }: mentions reach only readers of the post. */
  app.post(
    '/:id/comment',
    { config: { permission: 'news.comment' }, schema: { params: newsIdParams, body: addNewsCommentInput, response: { 200: newsCommentResponse, ...errors } } },
    async (request) => service.addComment(deps, requireUser(request), request.params.id, request.body, new Date(), request.log),
  );

  /** POST /api/news/{id}/like { liked } → { likeCount, likedByMe } (idempotent). */
  app.post('/:id/like', { config: read, schema: { params: newsIdParams, body: newsLikeInput, response: { 200: newsLikeResponse, ...errors } } }, async (request) =>
    service.setLike(deps, requireUser(request), request.params.id, request.body.liked, new Date(), request.log),
  );

  /** GET /api/news/{id}/likedUsers → who liked it, most recent first. */
  app.get('/:id/likedUsers', { config: read, schema: { params: newsIdParams, response: { 200: newsLikedUsersResponse, ...errors } } }, async (request) =>
    service.likedUsers(deps, requireUser(request), request.params.id),
  );

  /** POST /api/news/{id}/read → { readAt, unread }: opening a post marks it read (the first time counts). */
  app.post('/:id/read', { config: read, schema: { params: newsIdParams, response: { 200: newsReadResponse, ...errors } } }, async (request) =>
    service.markRead(deps, requireUser(request), request.params.id),
  );

  /** POST /api/news/{id}/confirm → { confirmedAt }: confirm a mandatory post (422 `notMandatory`). */
  app.post('/:id/confirm', { config: read, schema: { params: newsIdParams, response: { 200: newsConfirmResponse, ...errors } } }, async (request) =>
    service.confirmRead(deps, requireUser(request), request.params.id, new Date(), request.log),
  );

  /** GET /api/news/{id}/confirmations → NewsConfirmationStats (the author or an editor; 403 `notAuthor`, 422 `notMandatory`). */
  app.get('/:id/confirmations', { config: read, schema: { params: newsIdParams, response: { 200: newsConfirmationStats, ...errors } } }, async (request) =>
    service.confirmationStats(deps, requireUser(request), request.params.id),
  );

  /** POST /api/news/{id}/remind → { reminded }: notifies who has not confirmed yet. */
  app.post('/:id/remind', { config: read, schema: { params: newsIdParams, response: { 200: newsRemindResponse, ...errors } } }, async (request) =>
    service.remind(deps, requireUser(request), request.params.id, new Date(), request.log),
  );

  /** GET /api/news/{id}/readers?search= → people who may read the post (mention suggestions). */
  app.get(
    '/:id/readers',
    { config: read, schema: { params: newsIdParams, querystring: newsReadersQuery, response: { 200: newsReadersResponse, ...errors } } },
    async (request) => service.readers(deps, requireUser(request), request.params.id, request.query.search),
  );
}
