import { and, asc, eq } from 'drizzle-orm';
import { groups, notifications, users } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';
import type { AuthUser } from '../../types';
import { openApproval } from './engine';
import { registerApprovalKind, unregisterApprovalKind, type ApprovalStepSpec } from './registry';

/*
 * A TEST record kind for the engine's tests (registered only in tests): its chain is whatever the
 * test sets in `chain`, its records are plain ids.
 */

export const TEST_KIND = 'engineTest';

/** The demo personas the tests use (seed/catalog.ts demo users). */
export const PERSONAS = ['admin', 'employee', 'lead', 'executor', 'director', 'visapool', 'lawyer', 'clerk', 'accountant', 'warehouse'] as const;
export type Persona = (typeof PERSONAS)[number];

export interface EngineFixture {
  user: Record<Persona, AuthUser>;
  /** The IT support group (lead: `lead`). */
  itGroupId: number;
  /** The chain the TEST kind builds at the next submission. */
  chain: ApprovalStepSpec[];
  /** Opens a DRAFT approval for a fresh record id authored by `author`. */
  open(author: Persona, title?: string): Promise<number>;
  /** The notifications `persona` got since `sinceId` (key and params). */
  notificationsOf(persona: Persona, sinceId?: number): Promise<{ id: number; key: string; params: unknown; actorUserId: number | null }[]>;
  /** The highest notification id now (to read what came after). */
  lastNotificationId(): Promise<number>;
  dispose(): void;
}

let nextRecordId = 1;

/** Registers the TEST kind on `t` and loads the personas. */
export async function engineFixture(t: TestApp): Promise<EngineFixture> {
  const db = t.app.deps.db;
  const rows = await db.select().from(users);
  const user = Object.fromEntries(
    PERSONAS.map((p) => {
      const row = rows.find((r) => r.email === `${p}@servicedesk.az`);
      if (!row) throw new Error(`no demo user ${p}`);
      return [p, { id: row.id, email: row.email, userTypeId: row.userTypeId }];
    }),
  ) as Record<Persona, AuthUser>;
  const [it] = await db.select().from(groups).orderBy(asc(groups.id)).limit(1);
  const fixture: EngineFixture = {
    user,
    itGroupId: it!.id,
    chain: [{ role: 'director' }],
    async open(author, title = 'Test record') {
      const recordId = nextRecordId++;
      await db.transaction((tx) =>
        openApproval(tx, { recordKind: TEST_KIND, recordId, authorId: user[author].id, title, number: `T-${recordId}`, url: `/test/${recordId}`, groupId: fixture.itGroupId, now: new Date() }),
      );
      return recordId;
    },
    async notificationsOf(persona, sinceId = 0) {
      const list = await db
        .select({ id: notifications.id, key: notifications.descKey, params: notifications.params, actorUserId: notifications.actorUserId })
        .from(notifications)
        .where(and(eq(notifications.userId, user[persona].id)))
        .orderBy(asc(notifications.id));
      return list.filter((n) => n.id > sinceId);
    },
    async lastNotificationId() {
      const list = await db.select({ id: notifications.id }).from(notifications);
      return Math.max(0, ...list.map((n) => n.id));
    },
    dispose: () => unregisterApprovalKind(TEST_KIND),
  };
  registerApprovalKind(TEST_KIND, { chain: () => fixture.chain });
  return fixture;
}
