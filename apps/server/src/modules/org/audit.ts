import { and, desc, eq, sql } from 'drizzle-orm';
import type { AdminAuditEntry, AdminEntityType } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { adminAudit, users } from '../../db/schema';

/** Most audit entries one list answers. */
export const AUDIT_LIST_LIMIT = 500;

/** One admin change to record (see the admin_audit table). */
export interface AuditInput {
  /** Who made it; null for the system. */
  actorId: number | null;
  entityType: AdminEntityType;
  entityId: number;
  /** `create`, `update`, `deactivate`, `reactivate`, `resetPassword`, `copy`, `activate`. */
  action: string;
  changes?: Record<string, unknown>;
}

/** Appends an entry to the admin audit log (pass the transaction that made the change). */
export async function recordAudit(db: Db, entry: AuditInput): Promise<void> {
  await db.insert(adminAudit).values({ ...entry, changes: entry.changes ?? {} });
}

/**
 * `{ field: { from, to } }` for every field of `after` whose value differs from `before`
 * (compared as JSON, so arrays and objects compare by content). Empty when nothing changed.
 */
export function changesOf(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(after)) {
    const from = before[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to ?? null)) out[field] = { from, to: to ?? null };
  }
  return out;
}

/** The audit entries of one entity, newest first, at most {@link AUDIT_LIST_LIMIT}. */
export async function listAudit(db: Db, entityType: AdminEntityType, entityId: number): Promise<AdminAuditEntry[]> {
  const rows = await db
    .select({
      entry: adminAudit,
      actorName: sql<string | null>`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
    })
    .from(adminAudit)
    .leftJoin(users, eq(users.id, adminAudit.actorId))
    .where(and(eq(adminAudit.entityType, entityType), eq(adminAudit.entityId, entityId)))
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(AUDIT_LIST_LIMIT);
  return rows.map(({ entry, actorName }) => ({
    id: entry.id,
    actorId: entry.actorId,
    actorName,
    entityType: entry.entityType as AdminEntityType,
    entityId: entry.entityId,
    action: entry.action,
    changes: entry.changes,
    createdAt: entry.createdAt.toISOString(),
  }));
}
