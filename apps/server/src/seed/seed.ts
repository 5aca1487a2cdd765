import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  groupMembers,
  groups,
  locations,
  menus,
  permissionActions,
  positions,
  specodes,
  userTypePermissions,
  userTypes,
  users,
} from '../db/schema';
import type { PasswordHasher } from '../lib/passwords';
import {
  DEMO_PASSWORD,
  allActions,
  demoUsers,
  groupSeeds,
  locationSeeds,
  menuTree,
  positionSeeds,
  specodeSeeds,
  userTypeNames,
  userTypeSeeds,
  type MenuSeed,
} from './catalog';
import { seedNotifications } from '../modules/notifications/notifications.seed';
import { seedHelpdesk } from '../modules/helpdesk/helpdesk.seed';
import { seedEquipment } from '../modules/equipment/equipment.seed';
import { seedStock } from '../modules/stock/stock.seed';
import { seedModalElements } from '../modules/modalElements/modalElements.seed';
import { seedContracts } from '../modules/contracts/contracts.seed';
import { seedFinance } from '../modules/finance/finance.seed';
import { seedDebts } from '../modules/debts/debts.seed';
import { seedDocuments } from '../modules/documents/documents.seed';
import { seedNews } from '../modules/news/news.seed';
import { seedSchedules } from '../modules/schedules/schedules.seed';

/**
 * Writes the demo organisation (DOMAIN.md "Demo data") and is safe to run on every start and by
 * several instances at once (one transaction under an advisory lock). Code-owned data (actions,
 * menus, specode names) is brought up to date; data people may edit is only added when missing:
 * users keep their passwords, and a user type receives its catalogue grants when it is created or
 * when an action is new to the catalogue, so a revoked permission stays revoked.
 */
export async function runSeed(db: Db, passwords: PasswordHasher): Promise<void> {
  const missingUsers = await (async () => {
    const existing = await db
      .select({ email: users.email })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, demoUsers.map((u) => u.email)));
    const have = new Set(existing.map((u) => u.email.toLowerCase()));
    return demoUsers.filter((u) => !have.has(u.email));
  })();
  // Hashing is slow on purpose: do it outside the transaction.
  const hashes = new Map<string, string>();
  for (const u of missingUsers) hashes.set(u.email, await passwords.hash(DEMO_PASSWORD));

  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);

    const catalog = allActions();
    const known = new Set((await tx.select({ key: permissionActions.key }).from(permissionActions)).map((a) => a.key));
    const newActions = new Set(catalog.filter((a) => !known.has(a.key)).map((a) => a.key));
    for (const action of catalog) {
      await tx
        .insert(permissionActions)
        .values(action)
        .onConflictDoUpdate({ target: permissionActions.key, set: { parentKey: action.parentKey, sortOrder: action.sortOrder } });
    }

    const created = await tx
      .insert(userTypes)
      .values(userTypeSeeds.map(({ key, name }) => ({ key, name })))
      .onConflictDoNothing()
      .returning({ key: userTypes.key });
    const createdKeys = new Set(created.map((t) => t.key));
    for (const type of userTypeSeeds) {
      await tx
        .update(userTypes)
        .set({ names: userTypeNames[type.key] })
        .where(and(eq(userTypes.key, type.key), isNull(userTypes.names)));
    }
    const typeIds = new Map((await tx.select().from(userTypes)).map((t) => [t.key, t.id]));
    const grantRows: { userTypeId: number; actionKey: string }[] = [];
    for (const type of userTypeSeeds) {
      const id = typeIds.get(type.key);
      if (id === undefined) continue;
      const grants = type.grants === '*' ? catalog.map((a) => a.key) : type.grants;
      for (const key of grants) {
        if (createdKeys.has(type.key) || newActions.has(key)) grantRows.push({ userTypeId: id, actionKey: key });
      }
    }
    if (grantRows.length > 0) await tx.insert(userTypePermissions).values(grantRows).onConflictDoNothing();

    const writeMenus = async (items: MenuSeed[], parentId: number | null) => {
      for (const [index, item] of items.entries()) {
        const values = { parentId, captionKey: item.captionKey, icon: item.icon, url: item.url, sortOrder: index, actionKey: item.actionKey };
        const [row] = await tx
          .insert(menus)
          .values(values)
          .onConflictDoUpdate({ target: menus.captionKey, set: values })
          .returning({ id: menus.id });
        if (row && item.children) await writeMenus(item.children, row.id);
      }
    };
    await writeMenus(menuTree, null);

    await tx.insert(positions).values(positionSeeds.map((name) => ({ name }))).onConflictDoNothing();
    await tx.insert(locations).values(locationSeeds.map((name) => ({ name }))).onConflictDoNothing();
    const positionIds = new Map((await tx.select().from(positions)).map((p) => [p.name, p.id]));
    const locationIds = new Map((await tx.select().from(locations)).map((l) => [l.name, l.id]));

    for (const u of missingUsers) {
      const userTypeId = typeIds.get(u.userType);
      const passwordHash = hashes.get(u.email);
      if (userTypeId === undefined || passwordHash === undefined) continue;
      await tx
        .insert(users)
        .values({
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          passwordHash,
          phone: u.phone,
          userTypeId,
          positionId: positionIds.get(u.position) ?? null,
          locationId: locationIds.get(u.location) ?? null,
        })
        .onConflictDoNothing();
    }

    const createdGroups = await tx
      .insert(groups)
      .values(groupSeeds.map((g) => ({ name: g.name })))
      .onConflictDoNothing()
      .returning({ id: groups.id, name: groups.name });
    if (createdGroups.length > 0) {
      const emails = groupSeeds.flatMap((g) => [g.lead, ...g.members]);
      const userIds = new Map(
        (await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))).map((u) => [u.email, u.id]),
      );
      for (const group of createdGroups) {
        const seedGroup = groupSeeds.find((g) => g.name === group.name);
        if (!seedGroup) continue;
        const rows = [{ email: seedGroup.lead, isLead: true }, ...seedGroup.members.map((email) => ({ email, isLead: false }))]
          .map((m) => ({ groupId: group.id, userId: userIds.get(m.email), isLead: m.isLead }))
          .filter((m): m is { groupId: number; userId: number; isLead: boolean } => m.userId !== undefined);
        if (rows.length > 0) await tx.insert(groupMembers).values(rows).onConflictDoNothing();
      }
    }

    for (const [key, values] of Object.entries(specodeSeeds)) {
      for (const [index, value] of values.entries()) {
        await tx
          .insert(specodes)
          .values({ key, code: value.code, names: value.names, sortOrder: index })
          .onConflictDoUpdate({ target: [specodes.key, specodes.code], set: { names: value.names, sortOrder: index } });
      }
    }

    await seedNotifications(tx, demoUsers.map((u) => u.email));
    await seedHelpdesk(tx);
    await seedModalElements(tx);
    await seedStock(tx);
    await seedEquipment(tx);
    await seedContracts(tx);
    await seedFinance(tx);
    await seedDebts(tx);
    await seedDocuments(tx);
    await seedNews(tx);
    await seedSchedules(tx);
  });
}
