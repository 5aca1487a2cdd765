import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiError,
  getHeaderNotificationsInput,
  getHeaderNotificationsResponse,
  notification,
  notificationIdParams,
  okResponse,
} from '@servicedesk/contracts';
import { requireUser } from '../../plugins/auth-guard';
import * as service from './notifications.service';

const errors = { 400: apiError, 401: apiError, 404: apiError };

/**
 * The header notification calls under /api/global/Layout (SPEC §7 "Global", §4 "Notifications").
 * Every call needs the bearer token (401) and only ever touches the caller's own notifications
 * (404 for anybody else's). Also connects `notify` to the hub (`app.hub.notifyUsers`) when the
 * hub plugin is registered, looked up at push time.
 */
export async function notificationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  service.setNotificationPusher(deps, async (userIds, notificationId) => {
    if (!fastify.hasDecorator('hub')) return;
    try {
      await fastify.hub.notifyUsers(userIds, notificationId);
    } catch (error) {
      // Stored anyway: the client lists it on its next load.
      fastify.log.warn({ err: error, notificationId }, 'notifications: push over the hub failed');
    }
  });

  /** POST GetHeaderNotifications { skipCount, isRead, search? } → { totalCnt, unreadCnt, notifications } (10 per page, newest first). */
  app.post(
    '/GetHeaderNotifications',
    { config: { permission: 'signedIn' }, schema: { body: getHeaderNotificationsInput, response: { 200: getHeaderNotificationsResponse, ...errors } } },
    async (request) => service.getHeaderNotifications(deps, requireUser(request), request.body),
  );

  /** GET GetHeaderNotificationById/{id} → Notification (the pushed id is fetched with this); 404 if not the caller's. */
  app.get(
    '/GetHeaderNotificationById/:id',
    { config: { permission: 'signedIn' }, schema: { params: notificationIdParams, response: { 200: notification, ...errors } } },
    async (request) => service.getHeaderNotification(deps, requireUser(request), request.params.id),
  );

  /** GET ReadHeaderNotificationById/{id} → { ok: true }: marks it read (again is fine); 404 if not the caller's. */
  app.get(
    '/ReadHeaderNotificationById/:id',
    { config: { permission: 'signedIn' }, schema: { params: notificationIdParams, response: { 200: okResponse, ...errors } } },
    async (request) => {
      await service.readHeaderNotification(deps, requireUser(request), request.params.id);
      return { ok: true as const };
    },
  );

  /** GET ReadAllHeaderNotifications → { ok: true }: every unread one of the caller becomes read. */
  app.get('/ReadAllHeaderNotifications', { config: { permission: 'signedIn' }, schema: { response: { 200: okResponse, ...errors } } }, async (request) => {
    await service.readAllHeaderNotifications(deps, requireUser(request));
    return { ok: true as const };
  });
}
