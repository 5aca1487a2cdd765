import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { RECORD_KINDS, type RecordKind } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { groupMembers, users } from '../../db/schema';
import type { AppDeps, AuthUser } from '../../types';
import * as access from '../access';
import { isWatcher, watchersOf, watchingSql } from './watchers';

/*
 * ONE visibility rule per record kind (issue #11): who may see a record — on its detail (the
 * kind's record rule), in the lists' SQL and in record presence (JoinRecord goes through the
 * record rule; RecordChanged reaches the rule's audience). A kind declares it once with
 * {@link defineVisibility}; the SQL predicate and the JS check are both derived from that one
 * declaration, so they cannot disagree:
 *
 * - `people`: columns holding a user id — that user sees the record (e.g. requester, assignee);
 * - `groups`: columns holding a group id — its members and lead see the record;
 * - watchers (record_watchers, @mentioned people) see it;
 * - holders of the kind's `seeAllKey` (contracts RECORD_KINDS) see every record.
 */

/** The caller as the rule needs them: id, group ids, and whether they see every record of the kind. */
export interface Viewer {
  userId: number;
  groupIds: readonly number[];
  seeAll: boolean;
}

/** A kind's declaration: `people` / `groups` map a field of the table's row to the rule code it grants. */
export interface VisibilityDefinition<T extends PgTable & { id: AnyPgColumn }> {
  kind: RecordKind;
  table: T;
  people: Partial<Record<keyof T['$inferSelect'] & keyof T & string, string>>;
  groups: Partial<Record<keyof T['$inferSelect'] & keyof T & string, string>>;
}

/** Why a viewer sees a record: the rule code (`requester`, `groupMember`, `viewAll`, `mentioned`, …). */
export interface Sighting {
  rule: string;
}

/** The rule of one kind, derived from its {@link VisibilityDefinition}. */
export interface Visibility<Row> {
  kind: RecordKind;
  /** The viewer of `user`: their groups (as the auth guard read them, else from the database) and see-all grant. */
  viewer(deps: AppDeps, user: AuthUser): Promise<Viewer>;
  /** SQL over the kind's table: the viewer's records (none for see-all: `undefined`). */
  sql(viewer: Viewer): SQL | undefined;
  /** SQL: the records the viewer has a part in (people, groups, watching) — see-all aside. */
  participantSql(viewer: Omit<Viewer, 'seeAll'>): SQL;
  /**
   * The same as {@link participantSql}'s parts, one predicate each — a person column, one group,
   * watching — whose OR is participantSql: a keyset list walks each in its own index and merges
   * the walks (lib/lists/list-page.ts `branches`), so visibility is applied inside the walk.
   */
  participantBranches(viewer: Omit<Viewer, 'seeAll'>): SQL[];
  /**
   * Whether `user` sees `row`, and by which rule: people first (in declaration order), then groups,
   * then see-all (`viewAll`, unless `actionKey` is the see-all key itself), then watching
   * (`mentioned`); null when not. `known.watching`: whether the user watches the record, when the
   * caller read it with the record (a detail's one statement) — then it is not read again.
   */
  check(deps: AppDeps, user: AuthUser, row: Row, actionKey?: string, known?: { watching?: boolean }): Promise<Sighting | null>;
  /** Everyone with a part in `row` — its people, its groups' active members, its watchers (RecordChanged's audience). */
  audience(db: Db, row: Row): Promise<number[]>;
}

const registry = new Map<string, Visibility<never>>();

/** Ids of the groups `userId` belongs to (as member or lead). */
export async function groupIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ id: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userId, userId));
  return rows.map((row) => row.id);
}

/**
 * Declares (and registers, replacing any earlier one) the visibility rule of `definition.kind`.
 * Answers the rule, for the module's record rule, lists and change announcements.
 */
export function defineVisibility<T extends PgTable & { id: AnyPgColumn }>(definition: VisibilityDefinition<T>): Visibility<T['$inferSelect']> {
  type Row = T['$inferSelect'];
  const { kind, table } = definition;
  const seeAllKey: string | undefined = (RECORD_KINDS[kind] as { seeAllKey?: string }).seeAllKey;
  const people = Object.entries(definition.people) as [string, string][];
  const groups = Object.entries(definition.groups) as [string, string][];
  const column = (field: string) => (table as unknown as Record<string, AnyPgColumn>)[field]!;
  const value = (row: Row, field: string) => (row as Record<string, unknown>)[field] as number | null;

  const participantSql = (viewer: Omit<Viewer, 'seeAll'>): SQL =>
    or(
      ...people.map(([field]) => eq(column(field), viewer.userId)),
      // Literal ids, not a subquery: with one group the planner reads the (group, …) index in order.
      ...groups.map(([field]) => (viewer.groupIds.length ? inArray(column(field), [...viewer.groupIds]) : undefined)),
      watchingSql(kind, table.id, viewer.userId),
    ) ?? sql`false`;

  const participantBranches = (viewer: Omit<Viewer, 'seeAll'>): SQL[] => [
    ...people.map(([field]) => eq(column(field), viewer.userId)),
    ...groups.flatMap(([field]) => viewer.groupIds.map((groupId) => eq(column(field), groupId))),
    watchingSql(kind, table.id, viewer.userId),
  ];

  const visibility: Visibility<Row> = {
    kind,
    async viewer(deps, user) {
      const [groupIds, seeAll] = await Promise.all([
        user.groupIds ?? groupIdsOf(deps.db, user.id),
        seeAllKey ? access.hasAction(deps, user, seeAllKey) : false,
      ]);
      return { userId: user.id, groupIds, seeAll };
    },
    sql: (viewer) => (viewer.seeAll ? undefined : participantSql(viewer)),
    participantSql,
    participantBranches,
    async check(deps, user, row, actionKey, known) {
      for (const [field, rule] of people) if (value(row, field) === user.id) return { rule };
      const groupIds = user.groupIds ?? (await groupIdsOf(deps.db, user.id));
      for (const [field, rule] of groups) {
        const groupId = value(row, field);
        if (groupId !== null && groupIds.includes(groupId)) return { rule };
      }
      if (seeAllKey && actionKey !== seeAllKey && (await access.hasAction(deps, user, seeAllKey))) return { rule: 'viewAll' };
      if (known?.watching ?? (await isWatcher(deps.db, kind, value(row, 'id') as number, user.id))) return { rule: 'mentioned' };
      return null;
    },
    async audience(db, row) {
      const ids = people.map(([field]) => value(row, field));
      const groupIds = groups.map(([field]) => value(row, field)).filter((id): id is number => id !== null);
      const members = groupIds.length
        ? await db
            .select({ id: groupMembers.userId })
            .from(groupMembers)
            .innerJoin(users, eq(users.id, groupMembers.userId))
            .where(and(inArray(groupMembers.groupId, groupIds), eq(users.isActive, true)))
        : [];
      const watching = await watchersOf(db, kind, value(row, 'id') as number);
      const all = [...ids, ...members.map((m) => m.id), ...watching].filter((id): id is number => typeof id === 'number');
      return [...new Set(all)].sort((a, b) => a - b);
    },
  };
  registry.set(kind, visibility as Visibility<never>);
  return visibility;
}

/** The registered rule of `kind` (undefined before its module registered it). */
export function visibilityOf(kind: string): Visibility<never> | undefined {
  return registry.get(kind);
}
