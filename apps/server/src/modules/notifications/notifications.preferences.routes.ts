import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiError,
  myNotificationPreferences,
  notificationPreferences,
  okResponse,
  userTypeDefaultsParams,
  userTypeNotificationDefaults,
  whatsappVerifyQuery,
} from '@servicedesk/contracts';
import { requireUser } from '../../plugins/auth-guard';
import { scheduleJob } from '../../lib/jobs';
import { registerTransport } from '../../lib/outbox/transport';
import { createWhatsAppTransport, isValidHubSignature, statusesOf } from '../../lib/whatsapp/client';
import { AppError, badRequest, unauthorized } from '../../lib/errors';
import * as prefs from './notifications.preferences';
import { sendDailyDigests } from './notifications.digest';
import { applyWhatsAppStatuses, sameSecret } from './notifications.whatsapp';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

/** How often the digest job looks whether a digest instant has passed (ms). */
const DIGEST_CHECK_MS = 10 * 60_000;

/**
 * /api/notifications/* (issue #38): the caller's notification preferences, the admin's defaults
 * per user type, and the WhatsApp Business status webhook. Also registers the WhatsApp transport
 * of the outbox (when WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_ACCESS_TOKEN are set) and the daily
 * digest job (every 10 minutes; it writes digests once a digest instant has passed).
 */
export async function notificationPreferenceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const whatsapp = deps.config.notificationDelivery.whatsapp;
  if (whatsapp.phoneNumberId && whatsapp.accessToken) registerTransport('whatsapp', createWhatsAppTransport(whatsapp));
  scheduleJob(fastify, 'notificationDigest', () => sendDailyDigests(deps.db, deps.config), DIGEST_CHECK_MS);

  /** GET /preferences → MyNotificationPreferences: the caller's effective choice, their type's defaults, isCustom, WhatsApp number, time zone. */
  app.get(
    '/preferences',
    { config: { permission: 'signedIn' }, schema: { response: { 200: myNotificationPreferences, ...errors } } },
    async (request) => prefs.getMyPreferences(deps, requireUser(request)),
  );

  /**
   * PUT /preferences { events: { <kind>: { mail: immediate|digest|never, whatsapp } × 9 }, quietHours: { from, to } | null }
   * → MyNotificationPreferences. 400 for a missing kind or a bad time (HH:MM; from ≠ to).
   */
  app.put(
    '/preferences',
    { config: { permission: 'signedIn' }, schema: { body: notificationPreferences, response: { 200: myNotificationPreferences, ...errors } } },
    async (request) => prefs.saveMyPreferences(deps, requireUser(request), request.body),
  );

  /** DELETE /preferences → MyNotificationPreferences: the caller's own choice forgotten (their type's defaults apply). */
  app.delete(
    '/preferences',
    { config: { permission: 'signedIn' }, schema: { response: { 200: myNotificationPreferences, ...errors } } },
    async (request) => prefs.resetMyPreferences(deps, requireUser(request)),
  );

  /** GET /defaults/{userTypeId} → UserTypeNotificationDefaults (built-in when none set, isSet false); 404. Needs admin.userTypes. */
  app.get(
    '/defaults/:userTypeId',
    { config: { permission: 'admin.userTypes' }, schema: { params: userTypeDefaultsParams, response: { 200: userTypeNotificationDefaults, ...errors } } },
    async (request) => prefs.getUserTypeDefaults(deps, request.params.userTypeId),
  );

  /** PUT /defaults/{userTypeId} NotificationPreferences → UserTypeNotificationDefaults; 400, 404. Needs admin.userTypes.update. */
  app.put(
    '/defaults/:userTypeId',
    {
      config: { permission: 'admin.userTypes.update' },
      schema: { params: userTypeDefaultsParams, body: notificationPreferences, response: { 200: userTypeNotificationDefaults, ...errors } },
    },
    async (request) => prefs.saveUserTypeDefaults(deps, request.params.userTypeId, request.body),
  );

  await fastify.register(whatsappWebhookRoutes);
}

/**
 * The WhatsApp Business webhook (public: Meta calls it), in a context of its own whose JSON
 * parser keeps the raw body for the signature.
 *  - GET /whatsapp/webhook?hub.mode=subscribe&hub.verify_token=…&hub.challenge=… → the challenge
 *    as text/plain when the token is WHATSAPP_VERIFY_TOKEN; else 403 `forbidden`.
 *  - POST /whatsapp/webhook (Meta's JSON, header X-Hub-Signature-256: sha256=<HMAC-SHA256 of the
 *    raw body with WHATSAPP_APP_SECRET>) → { ok: true } after applying the message statuses
 *    (delivered, read, failed) to the outbox rows; 401 `invalidSignature` for a missing or forged
 *    signature (or no app secret configured), 400 for a body that is not JSON.
 */
async function whatsappWebhookRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const config = deps.config.notificationDelivery.whatsapp;
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.get(
    '/whatsapp/webhook',
    { config: { public: true }, schema: { querystring: whatsappVerifyQuery, response: { 200: z.string(), 400: apiError, 403: apiError } } },
    async (request, reply) => {
      const q = request.query;
      if (!config.verifyToken || q['hub.mode'] !== 'subscribe' || !sameSecret(q['hub.verify_token'], config.verifyToken)) {
        throw new AppError(403, 'forbidden', 'The verify token does not match.');
      }
      return reply.type('text/plain').send(q['hub.challenge'] ?? '');
    },
  );

  app.post(
    '/whatsapp/webhook',
    { config: { public: true }, schema: { response: { 200: okResponse, 400: apiError, 401: apiError } } },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
      const signature = request.headers['x-hub-signature-256'];
      if (!config.appSecret || !isValidHubSignature(raw, typeof signature === 'string' ? signature : undefined, config.appSecret)) {
        throw unauthorized('invalidSignature', 'The X-Hub-Signature-256 of this call is missing or wrong.');
      }
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw badRequest('invalidJson', 'The body is not JSON.');
      }
      await applyWhatsAppStatuses(deps.db, statusesOf(body));
      return { ok: true as const };
    },
  );
}
