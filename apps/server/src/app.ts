import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { setOrganisationTimeZone } from '@servicedesk/i18n/format';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { createPasswordHasher } from './lib/passwords';
import { resolveJwtSecret } from './lib/jwt-secret';
import { createTokenService } from './lib/tokens';
import { createRedisThrottleStore, createSqlThrottleStore, scheduleThrottlePrune } from './lib/throttle';
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
import { createDbChatStore } from './modules/chat/chat.service';
import { serverModules } from './modules';
import { hubPlugin } from './hub';
import { registerBackupJob } from './ops/backup-job';
import { registerOutbox } from './lib/outbox/outbox-job';
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
  scheduleThrottlePrune(app, deps.throttle);
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
  // Every module's routes, from the one list of modules (modules/index.ts).
  for (const module of serverModules) for (const { plugin, prefix } of module.routes) await app.register(plugin, { prefix });
  await app.register(hubPlugin, { chatStore: createDbChatStore(database.db, { deps, log: app.log }) });
  registerBackupJob(app);
  // Outbound mail (SMTP_HOST) and the sender job delivering the outbox (issue #38).
  registerOutbox(app);
  await registerStatic(app);
  return app;
}
