import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminIdParams,
  apiError,
  directoryApplyInput,
  directoryPinsInput,
  directorySettings,
  directorySyncResponse,
  directorySyncRunList,
  directoryTestResult,
  okResponse,
} from '@servicedesk/contracts';
import { scheduleJob } from '../../lib/jobs';
import { recordRouteErrors } from '../../lib/routes';
import { requireUser } from '../../plugins/auth-guard';
import * as service from './directory.service';

const errors = { ...recordRouteErrors, 503: apiError };

/**
 * /api/admin/directory/* — the company directory's administration: the configuration in effect,
 * a connection test, the recorded sync runs, a preview of the next sync and applying it. Reading
 * needs `admin.directory`; running a sync and pinning a user's fields `admin.directory.sync`.
 * Also schedules the sync every LDAP_SYNC_INTERVAL_MINUTES when a directory is configured.
 */
export async function directoryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const ldap = deps.config.ldap;
  if (ldap && ldap.syncIntervalMinutes > 0) {
    scheduleJob(fastify, 'directory: sync', () => service.runSync(deps, { mode: 'apply', trigger: 'schedule', actorId: null }), ldap.syncIntervalMinutes * 60_000);
  }

  const withActor = async (run: service.SyncRunRow, plan: service.SyncPlan) => ({ run: await service.runView(deps.db, run), plan });

  /** GET /api/admin/directory → DirectorySettings: the LDAP_* configuration in effect (no password). */
  app.get('/', { config: { permission: 'admin.directory' }, schema: { response: { 200: directorySettings, ...errors } } }, async () => service.settingsOf(deps.config.ldap));

  /** POST /api/admin/directory/test → DirectoryTestResult: service bind, user search, one user as mapped. 422 `directoryNotConfigured`. */
  app.post('/test', { config: { permission: 'admin.directory' }, schema: { response: { 200: directoryTestResult, ...errors } } }, async () => service.testConnection(deps));

  /** GET /api/admin/directory/runs → the last 20 sync runs (previews included), newest first. */
  app.get('/runs', { config: { permission: 'admin.directory' }, schema: { response: { 200: directorySyncRunList, ...errors } } }, async () => service.listRunsForAdmin(deps.db));

  /** POST /api/admin/directory/preview → { run, plan }: what a sync would write now; writes nothing but the run record. 503 `directoryUnavailable`. */
  app.post('/preview', { config: { permission: 'admin.directory' }, schema: { response: { 200: directorySyncResponse, ...errors } } }, async (request) => {
    const { run, plan } = await service.runSync(deps, { mode: 'preview', trigger: 'admin', actorId: requireUser(request).id });
    return withActor(run, plan);
  });

  /**
   * POST /api/admin/directory/apply { confirmed? } → { run, plan }: computes the plan again and
   * writes it. 422 `directoryConfirmationNeeded` `{ count, total, percent }` when it deactivates
   * more than LDAP_SYNC_MAX_DEACTIVATE_PERCENT and `confirmed` is not true; 409
   * `directorySyncRunning` when another instance is running one; 503 `directoryUnavailable`.
   */
  app.post(
    '/apply',
    { config: { permission: 'admin.directory.sync' }, schema: { body: directoryApplyInput, response: { 200: directorySyncResponse, ...errors } } },
    async (request) => {
      const { run, plan } = await service.runSync(deps, { mode: 'apply', trigger: 'admin', actorId: requireUser(request).id, confirmed: request.body.confirmed === true });
      return withActor(run, plan);
    },
  );

  /** PUT /api/admin/directory/users/{id}/pins { fields } → { ok }: the fields of a directory user the sync leaves alone. 404 for a local user. */
  app.put(
    '/users/:id/pins',
    { config: { permission: 'admin.directory.sync' }, schema: { params: adminIdParams, body: directoryPinsInput, response: { 200: okResponse, ...errors } } },
    async (request) => {
      await service.setPins(deps.db, request.params.id, request.body.fields);
      return { ok: true as const };
    },
  );
}
