import { eq, inArray, sql } from 'drizzle-orm';
import { helpdeskRequestDetail, type HelpdeskAction, type HelpdeskRequestDetail, type HelpdeskStatus } from '@servicedesk/contracts';
import { helpdeskComponents, users } from '../../db/schema';
import { demoUsers, userTypeSeeds, allActions } from '../../seed/catalog';
import type { TestApp } from '../../../test/helpers';
import { seedHelpdeskReference } from './helpdesk.seed';

/*
 * Factories for the help-desk tests (Rocketseat-style): signed-in personas and requests driven
 * through the API to any status.
 */

/** The people of the tests: the demo users by role (IT support: lead + executor). */
export const PERSONAS = {
  requester: 'employee@servicedesk.az',
  lead: 'lead@servicedesk.az',
  executor: 'executor@servicedesk.az',
  other: 'clerk@servicedesk.az',
  admin: 'admin@servicedesk.az',
} as const;
export type Persona = keyof typeof PERSONAS;
export const PERSONA_NAMES = Object.keys(PERSONAS) as Persona[];

export interface HelpdeskFixture {
  t: TestApp;
  token: Record<Persona, string>;
  id: Record<Persona, number>;
  /** Component ids by seed code: `printer` (no approval), `laptop` (approval), `furniture` (warehouse group). */
  component: Record<string, number>;
  create(as?: Persona, overrides?: Record<string, unknown>): Promise<HelpdeskRequestDetail>;
  act(as: Persona, requestId: number, action: HelpdeskAction, body?: Record<string, unknown>): Promise<{ status: number; json: unknown }>;
  /** A new request driven to `status` (through `laptop` when `needsApproval`). */
  inStatus(status: HelpdeskStatus, needsApproval: boolean): Promise<HelpdeskRequestDetail>;
  detail(as: Persona, requestId: number): Promise<HelpdeskRequestDetail>;
}

/** Whether the persona's user type holds the action key (from the catalogue seed, as the guard decides). */
export function personaHolds(persona: Persona, actionKey: string): boolean {
  const email = PERSONAS[persona];
  const type = demoUsers.find((u) => u.email === email)?.userType;
  const seed = userTypeSeeds.find((s) => s.key === type);
  if (!seed) return false;
  const grants = seed.grants === '*' ? allActions().map((a) => a.key) : seed.grants;
  return grants.includes(actionKey);
}

/** A body with every field an action may need (so only status and person decide). */
export function bodyFor(action: HelpdeskAction, assigneeId: number): Record<string, unknown> {
  switch (action) {
    case 'assign':
      return { assigneeId };
    case 'hold':
      return { holdReason: 'waitingParts', comment: 'Hissə sifariş olunub' };
    case 'resolve':
      return { solution: 'Kartric dəyişdirildi' };
    case 'reject':
    case 'reopen':
      return { comment: 'Səbəb: yoxlanıldı' };
    default:
      return {};
  }
}

/** Signs in every persona and seeds the help-desk reference data into the app's database. */
export async function helpdeskFixture(t: TestApp): Promise<HelpdeskFixture> {
  const db = t.app.deps.db;
  await seedHelpdeskReference(db);
  const token = {} as Record<Persona, string>;
  for (const persona of PERSONA_NAMES) token[persona] = await t.login(PERSONAS[persona]);
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, Object.values(PERSONAS)));
  const id = Object.fromEntries(PERSONA_NAMES.map((p) => [p, rows.find((r) => r.email.toLowerCase() === PERSONAS[p])?.id ?? 0])) as Record<Persona, number>;
  const component = Object.fromEntries(
    (await db.select({ id: helpdeskComponents.id, code: helpdeskComponents.code }).from(helpdeskComponents)).map((c) => [c.code ?? '', c.id]),
  );

  const create: HelpdeskFixture['create'] = async (as = 'requester', overrides = {}) => {
    const res = await t.as(token[as], {
      method: 'POST',
      url: '/api/helpdesk/requests/save',
      payload: { title: 'Printer işləmir', description: 'Kağız sıxır', componentId: component.printer, priority: 'normal', ...overrides },
    });
    if (res.statusCode !== 200) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return helpdeskRequestDetail.parse(res.json());
  };
  const act: HelpdeskFixture['act'] = async (as, requestId, action, body = bodyFor(action, id.executor)) => {
    const res = await t.as(token[as], { method: 'POST', url: `/api/helpdesk/requests/${requestId}/${action}`, payload: body });
    return { status: res.statusCode, json: res.json() };
  };
  const must = async (as: Persona, requestId: number, action: HelpdeskAction) => {
    const res = await act(as, requestId, action);
    if (res.status !== 200) throw new Error(`${action} by ${as} failed: ${res.status} ${JSON.stringify(res.json)}`);
  };
  const detail: HelpdeskFixture['detail'] = async (as, requestId) => {
    const res = await t.as(token[as], { method: 'GET', url: `/api/helpdesk/requests/${requestId}` });
    if (res.statusCode !== 200) throw new Error(`detail failed: ${res.statusCode} ${res.body}`);
    return helpdeskRequestDetail.parse(res.json());
  };
  const inStatus: HelpdeskFixture['inStatus'] = async (status, needsApproval) => {
    const created = await create('requester', { componentId: needsApproval ? component.laptop : component.printer });
    const rid = created.request.id;
    const start = async () => {
      if (needsApproval) await must('lead', rid, 'approve');
      await must('executor', rid, 'repair');
    };
    switch (status) {
      case 'NEW':
        break;
      case 'APPROVED':
        if (!needsApproval) throw new Error('APPROVED needs an approval component');
        await must('lead', rid, 'approve');
        break;
      case 'IN_PROGRESS':
        await start();
        break;
      case 'ON_HOLD':
        await start();
        await must('executor', rid, 'hold');
        break;
      case 'RESOLVED':
        await start();
        await must('executor', rid, 'resolve');
        break;
      case 'CLOSED':
        await start();
        await must('executor', rid, 'resolve');
        await must('requester', rid, 'confirm');
        break;
      case 'REJECTED':
        await must('lead', rid, 'reject');
        break;
      case 'CANCELLED':
        await must('requester', rid, 'cancel');
        break;
    }
    return detail('requester', rid);
  };
  return { t, token, id, component, create, act, inStatus, detail };
}

/** Ids of the help-desk requests' components by code (for direct service calls). */
export async function componentId(t: TestApp, code: string): Promise<number> {
  const [row] = await t.app.deps.db.select({ id: helpdeskComponents.id }).from(helpdeskComponents).where(eq(helpdeskComponents.code, code));
  if (!row) throw new Error(`no component ${code}`);
  return row.id;
}
