import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  leaveIdParams,
  leaveListQuery,
  leaveListResponse,
  leaveRequest,
  leaveRequestDetail,
  leaveRequestInput,
  okResponse,
  scheduleCopyWeekInput,
  scheduleGroupsResponse,
  scheduleMonth,
  scheduleMonthQuery,
  schedulePaintInput,
  schedulePaintResponse,
  schedulePatternInput,
  scheduleSettingsInput,
} from '@servicedesk/contracts';
import * as access from '../../lib/access';
import { requireUser } from '../../plugins/auth-guard';
import * as service from './schedules.service';
import { recordRouteErrors } from '../../lib/routes';

const errors = recordRouteErrors;

/**
 * /api/schedules/* (issue #18; SPEC §7 "staff schedules and positions"): a group's month grid,
 * painting cells, copying a week, patterns, the minimum coverage, and leave requests decided by
 * the group's lead on the approval engine (decisions go through /api/approvals/decide). Menu key
 * `schedules`; editing needs `schedules.edit` and being the group's lead (or an organisation
 * admin) — checked in the service (403 `notGroupEditor`).
 */
export async function scheduleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  service.registerLeaveApproval();
  access.registerRecordRule('schedules', service.leaveRecordRule);
  const read = { permission: 'schedules' };
  const edit = { permission: 'schedules.edit' };

  /** GET /api/schedules/groups → the groups whose month the caller may open, with canEdit. */
  app.get('/groups', { config: read, schema: { response: { 200: scheduleGroupsResponse, ...errors } } }, async (request) => service.groupsFor(deps, requireUser(request)));

  /** GET /api/schedules/month?groupId=&month=YYYY-MM → ScheduleMonth; 403 `notGroupMember`. */
  app.get('/month', { config: read, schema: { querystring: scheduleMonthQuery, response: { 200: scheduleMonth, ...errors } } }, async (request) =>
    service.month(deps, requireUser(request), request.query.groupId, request.query.month),
  );

  /** POST /api/schedules/paint { groupId, cells, value|null } → { changed }. */
  app.post('/paint', { config: edit, schema: { body: schedulePaintInput, response: { 200: schedulePaintResponse, ...errors } } }, async (request) =>
    service.paint(deps, requireUser(request), request.body, request.log),
  );

  /** POST /api/schedules/copyWeek { groupId, weekStart (Monday), weeks } → { changed }; 422 `notMonday`. */
  app.post('/copyWeek', { config: edit, schema: { body: scheduleCopyWeekInput, response: { 200: schedulePaintResponse, ...errors } } }, async (request) =>
    service.copyWeek(deps, requireUser(request), request.body, request.log),
  );

  /** POST /api/schedules/pattern { groupId, userIds, from, to, pattern } → { changed }; 422 `invalidRange`. */
  app.post('/pattern', { config: edit, schema: { body: schedulePatternInput, response: { 200: schedulePaintResponse, ...errors } } }, async (request) =>
    service.applyPattern(deps, requireUser(request), request.body, request.log),
  );

  /** POST /api/schedules/settings { groupId, minCoverage } → { ok }. */
  app.post('/settings', { config: edit, schema: { body: scheduleSettingsInput, response: { 200: okResponse, ...errors } } }, async (request) =>
    service.saveSettings(deps, requireUser(request), request.body, request.log),
  );

  /** POST /api/schedules/leave LeaveRequestInput → LeaveRequest (submitted to the group's lead). */
  app.post('/leave', { config: read, schema: { body: leaveRequestInput, response: { 200: leaveRequest, ...errors } } }, async (request) =>
    service.requestLeave(deps, requireUser(request), request.body, new Date(), request.log),
  );

  /** POST /api/schedules/leave/list { groupId? } → mine, or a group's (its editor). */
  app.post('/leave/list', { config: read, schema: { body: leaveListQuery, response: { 200: leaveListResponse, ...errors } } }, async (request) =>
    service.listLeave(deps, requireUser(request), request.body.groupId),
  );

  /** GET /api/schedules/leave/{id} → the request and the group's coverage on its days. */
  app.get('/leave/:id', { config: read, schema: { params: leaveIdParams, response: { 200: leaveRequestDetail, ...errors } } }, async (request) =>
    service.leaveDetail(deps, requireUser(request), request.params.id),
  );
}
