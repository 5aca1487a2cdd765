import {
  equipmentRequestDetail,
  type EquipmentRequestDetail,
  type SaveEquipmentRequestInput,
} from '@servicedesk/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { equipmentBudgets, groupMembers, groups, materials, users, warehouses } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';

/*
 * Factories for the equipment tests: signed-in personas and requests driven through the API.
 */

export const PERSONAS = {
  employee: 'employee@servicedesk.az',
  lead: 'lead@servicedesk.az',
  director: 'director@servicedesk.az',
  visaPool: 'visapool@servicedesk.az',
  lawyer: 'lawyer@servicedesk.az',
  keeper: 'warehouse@servicedesk.az',
  clerk: 'clerk@servicedesk.az',
} as const;
export type Persona = keyof typeof PERSONAS;
const NAMES = Object.keys(PERSONAS) as Persona[];

/** An answer: its status and JSON body (the tests read it field by field, error shapes included). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type Answer = { status: number; json: any };

export interface EquipmentFixture {
  t: TestApp;
  token: Record<Persona, string>;
  id: Record<Persona, number>;
  /** A plentiful catalogue material of the stock seed (A4 paper, in the main warehouse) and that warehouse. */
  material: number;
  warehouse: number;
  /** A fresh budget line with `planned` minor units (a new category/year per call, so tests do not share consumption). */
  budget(planned: number): Promise<number>;
  create(
    as?: Persona,
    overrides?: Partial<SaveEquipmentRequestInput>,
  ): Promise<EquipmentRequestDetail>;
  call(as: Persona, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<Answer>;
  decide(
    as: Persona,
    id: number,
    step: 'director' | 'visaPool',
    body?: Record<string, unknown>,
  ): Promise<Answer>;
  detail(as: Persona, id: number): Promise<EquipmentRequestDetail>;
  /** A request submitted and approved by both steps (APPROVED). */
  approved(overrides?: Partial<SaveEquipmentRequestInput>): Promise<EquipmentRequestDetail>;
}

let nextYear = 2040;

export async function equipmentFixture(t: TestApp): Promise<EquipmentFixture> {
  const db = t.app.deps.db;
  const token = {} as Record<Persona, string>;
  for (const p of NAMES) token[p] = await t.login(PERSONAS[p]);
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, Object.values(PERSONAS)));
  const id = Object.fromEntries(
    NAMES.map((p) => [p, rows.find((r) => r.email.toLowerCase() === PERSONAS[p])!.id]),
  ) as Record<Persona, number>;
  const [group] = await db.select({ id: groups.id }).from(groups).orderBy(groups.id).limit(1);
  // The budget rule: the fixture's budget lines are this group's, and the people who request are in it.
  await db
    .insert(groupMembers)
    .values([id.employee, id.lead].map((userId) => ({ groupId: group!.id, userId })))
    .onConflictDoNothing();
  const [paper] = await db
    .select({ id: materials.id })
    .from(materials)
    .where(eq(materials.code, 'PP-A4'));
  const [main] = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .orderBy(warehouses.id)
    .limit(1);

  const call: EquipmentFixture['call'] = async (as, method, url, payload) => {
    const res = await t.as(token[as], { method, url, payload: payload as object });
    return { status: res.statusCode, json: res.json() };
  };
  const budget: EquipmentFixture['budget'] = async (planned) => {
    const [row] = await db
      .insert(equipmentBudgets)
      .values({ groupId: group!.id, year: nextYear++, category: 'other', planned })
      .returning();
    return row!.id;
  };
  const create: EquipmentFixture['create'] = async (as = 'employee', overrides = {}) => {
    const budgetId =
      overrides.budgetId === undefined ? await budget(1_000_000) : overrides.budgetId;
    const res = await call(as, 'POST', '/api/equipment/requests/save', {
      justification: 'Köhnə avadanlıq sıradan çıxıb.',
      lines: [{ description: 'Monitor Dell', quantity: 2, unit: 'pcs', unitPrice: 40_000 }],
      submit: true,
      ...overrides,
      budgetId,
    });
    if (res.status !== 200) throw new Error(`create: ${res.status} ${JSON.stringify(res.json)}`);
    return equipmentRequestDetail.parse(res.json);
  };
  const decide: EquipmentFixture['decide'] = (as, rid, step, body = {}) =>
    call(
      as,
      'POST',
      `/api/equipment/requests/${rid}/${step === 'director' ? 'directorCallback' : 'visaPoolCallback'}`,
      { decision: 'approve', ...body },
    );
  const detail: EquipmentFixture['detail'] = async (as, rid) => {
    const res = await call(as, 'GET', `/api/equipment/requests/${rid}`);
    if (res.status !== 200) throw new Error(`detail: ${res.status} ${JSON.stringify(res.json)}`);
    return equipmentRequestDetail.parse(res.json);
  };
  const approved: EquipmentFixture['approved'] = async (overrides) => {
    const d = await create('employee', overrides);
    for (const [who, step] of [
      ['director', 'director'],
      ['visaPool', 'visaPool'],
    ] as const) {
      const res = await decide(who, d.request.id, step);
      if (res.status !== 200) throw new Error(`approve: ${res.status} ${JSON.stringify(res.json)}`);
    }
    return detail('employee', d.request.id);
  };
  return {
    t,
    token,
    id,
    material: paper!.id,
    warehouse: main!.id,
    budget,
    create,
    call,
    decide,
    detail,
    approved,
  };
}
