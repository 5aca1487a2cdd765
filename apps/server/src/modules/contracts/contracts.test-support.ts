import { inArray, sql } from 'drizzle-orm';
import { contractDetail, type ContractDetail } from '@servicedesk/contracts';
import { modalElements, users } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';

/*
 * Factories for the contracts tests: signed-in personas (the demo users by role) and contracts
 * driven through the API to any point of the chain.
 */

export const PERSONAS = {
  author: 'accountant@servicedesk.az',
  visa: 'visapool@servicedesk.az',
  director: 'director@servicedesk.az',
  lawyer: 'lawyer@servicedesk.az',
  clerk: 'clerk@servicedesk.az',
  employee: 'employee@servicedesk.az',
  admin: 'admin@servicedesk.az',
} as const;
export type Persona = keyof typeof PERSONAS;

/** Test answers are read loosely (`res.json.code`), then parsed with the contracts where it matters. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

export interface ContractsFixture {
  t: TestApp;
  token: Record<Persona, string>;
  id: Record<Persona, number>;
  /** Counterparty ids by demo name. */
  counterparty: Record<string, number>;
  call(
    as: Persona,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
  ): Promise<{ status: number; json: Loose; body: string }>;
  create(overrides?: Record<string, unknown>, as?: Persona): Promise<ContractDetail>;
  must(as: Persona, id: number, action: string, payload?: unknown): Promise<ContractDetail>;
  /** A new contract driven to: draft | visa | lawyer | clerk | returned | active. */
  at(
    point: 'draft' | 'visa' | 'lawyer' | 'clerk' | 'returned' | 'active',
    overrides?: Record<string, unknown>,
  ): Promise<ContractDetail>;
}

/** Signs every persona in. */
export async function contractsFixture(t: TestApp): Promise<ContractsFixture> {
  const db = t.app.deps.db;
  const token = {} as Record<Persona, string>;
  for (const [persona, email] of Object.entries(PERSONAS))
    token[persona as Persona] = await t.login(email);
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, Object.values(PERSONAS)));
  const id = Object.fromEntries(
    Object.entries(PERSONAS).map(([p, email]) => [
      p,
      rows.find((r) => r.email.toLowerCase() === email)?.id ?? 0,
    ]),
  ) as Record<Persona, number>;
  const counterparty = Object.fromEntries(
    (await db.select({ id: modalElements.id, name: modalElements.name }).from(modalElements)).map(
      (r) => [r.name, r.id],
    ),
  );

  const call: ContractsFixture['call'] = async (as, method, url, payload) => {
    const res = await t.as(token[as], {
      method,
      url,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    let json: unknown = null;
    try {
      json = res.json();
    } catch {
      json = null;
    }
    return { status: res.statusCode, json, body: res.body };
  };
  const create: ContractsFixture['create'] = async (overrides = {}, as = 'author') => {
    const res = await call(as, 'POST', '/api/contracts/save', {
      counterpartyId: counterparty['Kompüter Mərkəzi MMC'],
      subject: 'Serverlərin texniki xidməti',
      amountMinor: 1_250_050,
      currency: 'AZN',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      noticeDays: 30,
      renewal: 'none',
      responsibleId: id.author,
      reviewerIds: [id.visa, id.director],
      ...overrides,
    });
    if (res.status !== 200) throw new Error(`create failed: ${res.status} ${res.body}`);
    return contractDetail.parse(res.json);
  };
  const must: ContractsFixture['must'] = async (as, cid, action, payload = {}) => {
    const res = await call(as, 'POST', `/api/contracts/${cid}/${action}`, payload);
    if (res.status !== 200) throw new Error(`${action} by ${as} failed: ${res.status} ${res.body}`);
    return contractDetail.parse(res.json);
  };
  const at: ContractsFixture['at'] = async (point, overrides = {}) => {
    let d = await create(overrides);
    const cid = d.contract.id;
    if (point === 'draft') return d;
    d = await must('author', cid, 'submit');
    if (point === 'visa') return d;
    for (const reviewer of d.contract.reviewers) {
      const persona = (Object.keys(id) as Persona[]).find((p) => id[p] === reviewer.id)!;
      d = await must(persona, cid, 'visa');
    }
    if (point === 'lawyer') return d;
    if (point === 'returned')
      return must('lawyer', cid, 'lawyerReject', { comment: 'Cərimə bəndini dəqiqləşdirin.' });
    d = await must('lawyer', cid, 'lawyerCallback');
    if (point === 'clerk') return d;
    return must('clerk', cid, 'clerkProcess');
  };
  return { t, token, id, counterparty, call, create, must, at };
}
