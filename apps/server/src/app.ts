import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { setOrganisationTimeZone } from '@servicedesk/i18n/format';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { createPasswordHasher } from './lib/passwords';
import { resolveJwtSecret } from './lib/jwt-secret';
import { createTokenService } from './lib/tokens';
import { createRedisThrottleStore, createSqlThrottleStore } from './lib/throttle';
import { createRedisSessionEvents, noSessionEvents } from './lib/session-events';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { registerAuthGuard } from './plugins/auth-guard';
import { registerStatic } from './plugins/static';
import { registerHealth } from './plugins/health';
import { registerMetrics } from './plugins/metrics';
import { registerRequestId, requestIdOf, withRequestIdMixin } from './plugins/request-id';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerInputHygiene } from './plugins/input-hygiene';
import { registerApiDocs, registerOpenApi } from './plugins/openapi';
import { authRoutes } from './modules/auth/auth.routes';
import { globalRoutes } from './modules/global/global.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { usersRoutes } from './modules/users/users.routes';
import { userTypesRoutes } from './modules/userTypes/userTypes.routes';
import { orgRoutes } from './modules/org/org.routes';
import { fileRoutes } from './modules/files/files.routes';
import { translationRoutes } from './modules/translations/translations.routes';
import { modalElementRoutes } from './modules/modalElements/modalElements.routes';
import { createDbChatStore } from './modules/chat/chat.service';
import { helpdeskRoutes } from './modules/helpdesk/helpdesk.routes';
import { financeRoutes } from './modules/finance/finance.routes';
import { equipmentRoutes } from './modules/equipment/equipment.routes';
import { stockRoutes } from './modules/stock/stock.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { approvalRoutes } from './modules/approvals/approvals.routes';
import { contractRoutes } from './modules/contracts/contracts.routes';
import { debtReportRoutes, dislocationRoutes } from './modules/debts/debts.routes';
import { newsRoutes } from './modules/news/news.routes';
import { scheduleRoutes } from './modules/schedules/schedules.routes';
import { directoryRoutes } from './modules/directory/directory.routes';
import { hubPlugin } from './hub';
import { registerBackupJob } from './ops/backup-job';
import type { AppDeps } from './types';
import './types';

export interface BuildAppOptions {
  config: AppConfig;
  /** An open, migrated database (server.ts and the tests open and migrate it first). */
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

/**
 * Builds the Fastify app: zod validation from the shared contracts, the one error shape, the
 * bearer-token guard on /api, the OpenAPI document and reference page, the API modules, the web app and the translation files. Does not
 * listen; closing the app closes the database.
 */
export async function buildApp({ config, database, logger = false }: BuildAppOptions): Promise<FastifyInstance> {
  // Instants in PDFs and server-written texts read in the organisation's zone (ORG_TIME_ZONE).
  setOrganisationTimeZone(config.organisationTimeZone);
  const app = Fastify({
    logger: withRequestIdMixin(logger),
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const secret = await resolveJwtSecret(config, database.db);
  const tokens = createTokenService(secret, config.tokenTtlMinutes);
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    passwords: createPasswordHasher(config.argon2),
    tokens,
    throttle: config.redisUrl
      ? createRedisThrottleStore(config.redisUrl, process.env.THROTTLE_REDIS_PREFIX ?? 'sd:throttle:')
      : createSqlThrottleStore(database.db),
    sessionEvents: config.redisUrl
      ? createRedisSessionEvents(
          config.redisUrl,
          process.env.HUB_REDIS_PREFIX ?? 'sd:hub:',
          (ids) => tokens.forget(ids),
          (error) => app.log.warn({ err: error }, 'session events: a bad message or a Redis failure'),
        )
      : noSessionEvents,
  };
  app.decorate('deps', deps);
  app.addHook('onClose', async () => {
    await deps.throttle.close();
    await deps.sessionEvents.close();
    await database.close();
  });

  registerRequestId(app);
  registerErrorHandler(app);
  await registerMetrics(app);
  registerSecurityHeaders(app);
  registerInputHygiene(app);
  // /healthz and /readyz: outside /api (no guard), before the web app's fallback.
  await registerHealth(app);
  // Before the guard and every module: it collects each route into /api/openapi.json.
  await registerOpenApi(app);
  registerAuthGuard(app);
  await registerApiDocs(app);
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(globalRoutes, { prefix: '/api/global' });
  await app.register(dashboardRoutes, { prefix: '/api/dashboard' });
  await app.register(notificationRoutes, { prefix: '/api/global/Layout' });
  await app.register(chatRoutes, { prefix: '/api/chat' });
  await app.register(usersRoutes, { prefix: '/api/admin/users' });
  await app.register(directoryRoutes, { prefix: '/api/admin/directory' });
  await app.register(userTypesRoutes, { prefix: '/api/admin/userTypes' });
  await app.register(orgRoutes, { prefix: '/api/admin' });
  await app.register(fileRoutes, { prefix: '/api/global' });
  await app.register(translationRoutes, { prefix: '/api/admin/translations' });
  await app.register(modalElementRoutes, { prefix: '/api/global' });
  await app.register(helpdeskRoutes, { prefix: '/api/helpdesk' });
  await app.register(equipmentRoutes, { prefix: '/api/equipment' });
  await app.register(approvalRoutes, { prefix: '/api/approvals' });
  await app.register(financeRoutes, { prefix: '/api/finance' });
  await app.register(stockRoutes, { prefix: '/api/stock' });
  await app.register(contractRoutes, { prefix: '/api/contracts' });
  await app.register(debtReportRoutes, { prefix: '/api/debtReports' });
  await app.register(dislocationRoutes, { prefix: '/api/dislocation' });
  await app.register(documentsRoutes, { prefix: '/api/documents' });
  await app.register(newsRoutes, { prefix: '/api/news' });
  await app.register(scheduleRoutes, { prefix: '/api/schedules' });
  await app.register(hubPlugin, { chatStore: createDbChatStore(database.db, { deps, log: app.log }) });
  registerBackupJob(app);
  await registerStatic(app);
  return app;
}
