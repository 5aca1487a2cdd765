import { eq } from 'drizzle-orm';
import type {
  AdminAuditEntry,
  AdminEntityType,
  ExplainInput,
  ExplainResult,
  GroupDetail,
  GroupInput,
  GroupRow,
  LanguageCode,
  OrgItem,
} from '@servicedesk/contracts';
import { groupInput } from '@servicedesk/contracts';
import { groups, userTypes, users } from '../../db/schema';
import * as access from '../../lib/access';
import { conflict, domainRule, notFound, uniqueOr } from '../../lib/errors';
import type { Db } from '../../db/client';
import type { AppDeps, AuthUser } from '../../types';
import { registerDeactivation } from '../global/deactivation';
import { changesOf, listAudit, recordAudit } from './audit';
import * as repo from './org.repository';
import type { OrgKind } from './org.repository';

const label = { position: 'position', location: 'location' } as const;

/** Active positions or locations (all with `includeInactive`), by name (az collation), with their active user counts. */
export async function listOrgItems(deps: AppDeps, kind: OrgKind, includeInactive: boolean): Promise<OrgItem[]> {
  return byName(await repo.listOrgItems(deps.db, kind, includeInactive));
}

const collator = new Intl.Collator('az', { sensitivity: 'base', numeric: true });
/** Sorted by name in the az collation (İ after I, not after z as bytes would), ties by id. */
const byName = <T extends { id: number; name: string }>(rows: T[]): T[] => rows.sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);

async function orgItemOr404(deps: AppDeps, kind: OrgKind, id: number) {
  const row = await repo.findOrgItem(deps.db, kind, id);
  if (!row) throw notFound(`No ${label[kind]} with this id.`);
  return row;
}

async function orgItem(deps: AppDeps, kind: OrgKind, id: number): Promise<OrgItem> {
  const rows = await repo.listOrgItems(deps.db, kind, true);
  const row = rows.find((r) => r.id === id);
  if (!row) throw notFound(`No ${label[kind]} with this id.`);
  return row;
}

/** Creates a position or location; 409 `nameTaken` (case-insensitive). Audited. */
export async function createOrgItem(deps: AppDeps, actor: AuthUser, kind: OrgKind, name: string): Promise<OrgItem> {
  const taken = () => conflict('nameTaken', `A ${label[kind]} with this name exists.`);
  if (await repo.findOrgItemByName(deps.db, kind, name)) throw taken();
  const created = await uniqueOr(
    () =>
      deps.db.transaction(async (tx) => {
        const row = await repo.insertOrgItem(tx, kind, name);
        await recordAudit(tx, { actorId: actor.id, entityType: kind, entityId: row.id, action: 'create', changes: { name } });
        return row;
      }),
    taken,
  );
  return orgItem(deps, kind, created.id);
}

/** Renames a position or location; 404, 409 `nameTaken`. Audited when the name changed. */
export async function renameOrgItem(deps: AppDeps, actor: AuthUser, kind: OrgKind, id: number, name: string): Promise<OrgItem> {
  const before = await orgItemOr404(deps, kind, id);
  const taken = () => conflict('nameTaken', `A ${label[kind]} with this name exists.`);
  const clash = await repo.findOrgItemByName(deps.db, kind, name);
  if (clash && clash.id !== id) throw taken();
  const changes = changesOf({ name: before.name }, { name });
  if (Object.keys(changes).length > 0) {
    await uniqueOr(
      () =>
        deps.db.transaction(async (tx) => {
          await repo.updateOrgItem(tx, kind, id, { name });
          await recordAudit(tx, { actorId: actor.id, entityType: kind, entityId: id, action: 'update', changes });
        }),
      taken,
    );
  }
  return orgItem(deps, kind, id);
}

/** Activates a position, location or group again; 404, 422 `alreadyActive`. Audited. */
export async function activate(deps: AppDeps, actor: AuthUser, type: OrgKind | 'group', id: number): Promise<void> {
  const row = type === 'group' ? await repo.findGroup(deps.db, id) : await repo.findOrgItem(deps.db, type, id);
  if (!row) throw notFound(`No ${type} with this id.`);
  if (row.isActive) throw domainRule('alreadyActive', `The ${type} is active.`);
  await deps.db.transaction(async (tx) => {
    if (type === 'group') await tx.update(groups).set({ isActive: true }).where(eq(groups.id, id));
    else await repo.updateOrgItem(tx, type, id, { isActive: true });
    await recordAudit(tx, { actorId: actor.id, entityType: type, entityId: id, action: 'activate' });
  });
}

/** Registers `position`, `location` and `group` with deactivateElement (needs `admin.org.manage`). */
export function registerOrgDeactivations(): void {
  for (const kind of ['position', 'location'] as const) {
    registerDeactivation(kind, {
      actionKey: 'admin.org.manage',
      async deactivate({ deps, actor, id, reason }) {
        const row = await orgItemOr404(deps, kind, id);
        if (!row.isActive) throw domainRule('alreadyInactive', `The ${kind} is already inactive.`);
        await deps.db.transaction(async (tx) => {
          await repo.updateOrgItem(tx, kind, id, { isActive: false });
          await recordAudit(tx, { actorId: actor.id, entityType: kind, entityId: id, action: 'deactivate', changes: { reason } });
        });
      },
    });
  }
  registerDeactivation('group', {
    actionKey: 'admin.org.manage',
    async deactivate({ deps, actor, id, reason }) {
      const row = await repo.findGroup(deps.db, id);
      if (!row) throw notFound('No group with this id.');
      if (!row.isActive) throw domainRule('alreadyInactive', 'The group is already inactive.');
      await deps.db.transaction(async (tx) => {
        await tx.update(groups).set({ isActive: false }).where(eq(groups.id, id));
        await recordAudit(tx, { actorId: actor.id, entityType: 'group', entityId: id, action: 'deactivate', changes: { reason } });
      });
    },
  });
}

const fullName = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim());

/** Groups by name (az collation) with their member count and lead (active ones unless `includeInactive`). */
export async function listGroups(deps: AppDeps, includeInactive: boolean): Promise<GroupRow[]> {
  const rows = byName(await repo.listGroups(deps.db, includeInactive));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    isActive: r.isActive,
    memberCount: r.memberCount,
    leadUserId: r.leadUserId,
    leadName: fullName(r.leadFirstName, r.leadLastName),
  }));
}

/** One group with its members (lead first); 404. */
export async function getGroup(deps: AppDeps, id: number): Promise<GroupDetail> {
  const row = (await repo.listGroups(deps.db, true)).find((g) => g.id === id);
  if (!row) throw notFound('No group with this id.');
  const members = await repo.groupMembersOf(deps.db, id);
  return {
    id: row.id,
    name: row.name,
    isActive: row.isActive,
    memberCount: row.memberCount,
    leadUserId: row.leadUserId,
    leadName: fullName(row.leadFirstName, row.leadLastName),
    members: members.map((m) => ({
      userId: m.userId,
      name: `${m.firstName} ${m.lastName}`,
      email: m.email,
      positionName: m.positionName,
      isLead: m.isLead,
      isActive: m.isActive,
    })),
  };
}

type ParsedGroupInput = ReturnType<typeof groupInput.parse>;

const groupNameTaken = () => conflict('nameTaken', 'A group with this name exists.');

async function checkGroupInput(deps: AppDeps, input: ParsedGroupInput, exceptId: number | null) {
  const clash = await repo.findGroupByName(deps.db, input.name);
  if (clash && clash.id !== exceptId) throw groupNameTaken();
  const ids = input.members.map((m) => m.userId);
  const found = await repo.existingUserIds(deps.db, ids);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw domainRule('unknownReference', 'Some members are not users.', { userIds: missing });
}

const memberSummary = (members: { userId: number; isLead: boolean }[]) => ({
  members: members.map((m) => m.userId).sort((a, b) => a - b),
  leadUserId: members.find((m) => m.isLead)?.userId ?? null,
});

/**
 * Creates a group with its members; one lead at most (the schema refuses two with 400, the
 * database index backs it). 409 `nameTaken`, 422 `unknownReference`. Audited.
 */
export async function createGroup(deps: AppDeps, actor: AuthUser, input: GroupInput): Promise<GroupDetail> {
  const parsed = groupInput.parse(input);
  await checkGroupInput(deps, parsed, null);
  const id = await uniqueOr(
    () =>
      deps.db.transaction(async (tx) => {
        const [row] = await tx.insert(groups).values({ name: parsed.name }).returning({ id: groups.id });
        await repo.replaceMembers(tx, row!.id, parsed.members);
        await recordAudit(tx, { actorId: actor.id, entityType: 'group', entityId: row!.id, action: 'create', changes: { name: parsed.name, ...memberSummary(parsed.members) } });
        return row!.id;
      }),
    groupNameTaken,
  );
  return getGroup(deps, id);
}

/** Renames a group and replaces its members; 404, 409, 422 as create. Audited with what changed. */
export async function updateGroup(deps: AppDeps, actor: AuthUser, id: number, input: GroupInput): Promise<GroupDetail> {
  const parsed = groupInput.parse(input);
  const before = await getGroup(deps, id);
  await checkGroupInput(deps, parsed, id);
  const changes = changesOf(
    { name: before.name, ...memberSummary(before.members) },
    { name: parsed.name, ...memberSummary(parsed.members) },
  );
  if (Object.keys(changes).length > 0) {
    await uniqueOr(
      () =>
        deps.db.transaction(async (tx) => {
          await tx.update(groups).set({ name: parsed.name }).where(eq(groups.id, id));
          await repo.replaceMembers(tx, id, parsed.members);
          await recordAudit(tx, { actorId: actor.id, entityType: 'group', entityId: id, action: 'update', changes });
        }),
      groupNameTaken,
    );
  }
  return getGroup(deps, id);
}

/**
 * The permission explainer (issue #5): would `userId` be allowed `actionName` (on record
 * `detailId`), and which rule decides? 404 for an unknown user. Uses lib/access.ts, the same
 * rules the routes and services enforce. The user type is named in `language` (the caller's).
 */
export async function explain(deps: AppDeps, input: ExplainInput, language: LanguageCode = 'az'): Promise<ExplainResult> {
  const [row] = await deps.db
    .select({ user: users, userTypeName: userTypes.name, userTypeNames: userTypes.names })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .where(eq(users.id, input.userId));
  if (!row) throw notFound('No user with this id.');
  const subject: access.Subject = { id: row.user.id, email: row.user.email, userTypeId: row.user.userTypeId, isActive: row.user.isActive };
  const decision = await access.explain(deps, subject, input.actionName, input.detailId ? { id: input.detailId } : null);
  return {
    ...decision,
    user: {
      id: row.user.id,
      name: `${row.user.firstName} ${row.user.lastName}`,
      isActive: row.user.isActive,
      userTypeId: row.user.userTypeId,
      userTypeName: row.userTypeNames?.[language] ?? row.userTypeName,
    },
  };
}

/** Which action key lets a caller read an entity's audit log. */
const auditReadKey: Record<AdminEntityType, string> = {
  user: 'admin.users',
  userType: 'admin.userTypes',
  position: 'admin.org',
  location: 'admin.org',
  group: 'admin.org',
};

/** The audit log of one entity, newest first; 403 without the screen's action key. */
export async function entityAudit(deps: AppDeps, actor: AuthUser, entityType: AdminEntityType, entityId: number): Promise<AdminAuditEntry[]> {
  await access.require(deps, actor, auditReadKey[entityType]);
  return listAudit(deps.db, entityType, entityId);
}

/** The groups `userId` belongs to — `{ id, name, isLead }`, by name — for the user admin's detail. */
export function groupsOfUser(db: Db, userId: number) {
  return repo.groupsOfUser(db, userId);
}
