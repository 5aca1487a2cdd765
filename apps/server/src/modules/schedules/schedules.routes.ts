import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  holidayDayParams,
  holidayInput,
  holidaysQuery,
  holidaysResponse,
  holiday,
  leaveAllowanceInput,
  leaveBalancesQuery,
  leaveBalancesResponse,
  shiftTemplate,
  shiftTemplateApplyInput,
  shiftTemplateIdParams,
  shiftTemplateInput,
  shiftTemplatesQuery,
  shiftTemplatesResponse,
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
import * as scheduleAccess from './schedules.access';
import * as balances from './schedules.balances';
import * as calendar from './schedules.calendar';
import * as leave from './schedules.leave';
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
  leave.registerLeaveApproval();
  access.registerRecordRule('schedules', scheduleAccess.leaveRecordRule);
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
    leave.requestLeave(deps, requireUser(request), request.body, new Date(), request.log),
  );

  /** POST /api/schedules/leave/list { groupId? } → mine, or a group's (its editor). */
  app.post('/leave/list', { config: read, schema: { body: leaveListQuery, response: { 200: leaveListResponse, ...errors } } }, async (request) =>
    leave.listLeave(deps, requireUser(request), request.body.groupId),
  );

  /** GET /api/schedules/leave/{id} → the request and the group's coverage on its days. */
  app.get('/leave/:id', { config: read, schema: { params: leaveIdParams, response: { 200: leaveRequestDetail, ...errors } } }, async (request) =>
    leave.leaveDetail(deps, requireUser(request), request.params.id),
  );

  /**
   * POST /api/schedules/balances { year, groupId? } → LeaveBalance[] (days; holidays not counted):
   * the caller's own, or with groupId each member's — the group's editor (403 `notGroupEditor`).
   */
  app.post('/balances', { config: read, schema: { body: leaveBalancesQuery, response: { 200: leaveBalancesResponse, ...errors } } }, async (request) =>
    balances.balances(deps, requireUser(request), request.body.year, request.body.groupId),
  );

  /** POST /api/schedules/allowance { groupId, userId, year, days } → { ok }: a member's annual allowance (the group's editor). */
  app.post('/allowance', { config: edit, schema: { body: leaveAllowanceInput, response: { 200: okResponse, ...errors } } }, async (request) =>
    balances.setAllowance(deps, requireUser(request), request.body),
  );

  /** GET /api/schedules/holidays?year= → Holiday[] by day: the organisation's holiday calendar (seeded with Azerbaijan's). */
  app.get('/holidays', { config: read, schema: { querystring: holidaysQuery, response: { 200: holidaysResponse, ...errors } } }, async (request) =>
    calendar.holidays(deps, request.query.year),
  );

  /** POST /api/schedules/holidays HolidayInput → Holiday: adds or replaces a day (`admin.org`; 403 `notHolidayEditor`). */
  app.post('/holidays', { config: read, schema: { body: holidayInput, response: { 200: holiday, ...errors } } }, async (request) =>
    calendar.saveHoliday(deps, requireUser(request), request.body),
  );

  /** DELETE /api/schedules/holidays/{day} → { ok }: removes a day (`admin.org`; 403 `notHolidayEditor`; 404). */
  app.delete('/holidays/:day', { config: read, schema: { params: holidayDayParams, response: { 200: okResponse, ...errors } } }, async (request) =>
    calendar.deleteHoliday(deps, requireUser(request), request.params.day),
  );

  /** GET /api/schedules/templates?groupId= → ShiftTemplate[]: the group's shift templates (its members; 403 `notGroupMember`). */
  app.get('/templates', { config: read, schema: { querystring: shiftTemplatesQuery, response: { 200: shiftTemplatesResponse, ...errors } } }, async (request) =>
    service.templates(deps, requireUser(request), request.query.groupId),
  );

  /** POST /api/schedules/templates { groupId, name, days[7] Monday…Sunday } → ShiftTemplate (the group's editor). */
  app.post('/templates', { config: edit, schema: { body: shiftTemplateInput, response: { 200: shiftTemplate, ...errors } } }, async (request) =>
    service.createTemplate(deps, requireUser(request), request.body),
  );

  /** DELETE /api/schedules/templates/{id} → { ok } (its group's editor; 404). */
  app.delete('/templates/:id', { config: edit, schema: { params: shiftTemplateIdParams, response: { 200: okResponse, ...errors } } }, async (request) =>
    service.deleteTemplate(deps, requireUser(request), request.params.id),
  );

  /** POST /api/schedules/templates/apply { groupId, templateId, weekStart (Monday), userIds } → { changed }; 422 `notMonday`, `notGroupMember`. */
  app.post('/templates/apply', { config: edit, schema: { body: shiftTemplateApplyInput, response: { 200: schedulePaintResponse, ...errors } } }, async (request) =>
    service.applyTemplate(deps, requireUser(request), request.body, request.log),
  );
}
