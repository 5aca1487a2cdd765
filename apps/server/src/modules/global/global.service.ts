import type {
  CheckMenuPermissionInput,
  CurrentUserProfile,
  GetUserListsResponse,
  LanguageCode,
  GetLoginHistoryListInput,
  LoginHistoryItem,
  MenuItem,
  PagePermission,
  Specode,
  TableSettings,
  UserNameAndId,
} from '@servicedesk/contracts';
import { notFound } from '../../lib/errors';
import * as access from '../../lib/access';
import { organisationTimeZone } from '@servicedesk/i18n/format';
import type { AppDeps, AuthUser } from '../../types';
import * as repo from './global.repository';
import { notify } from '../notifications/notifications.service';
import { unreadCounts } from '../chat/chat.service';

/** The instant the organisation's calendar day `day` + `plusDays` begins (its time zone, organisationTimeZone()). */
function dayStart(day: string, plusDays: number): Date {
  const utc = Date.parse(`${day}T00:00:00Z`) + plusDays * 86_400_000;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: organisationTimeZone(), hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(new Date(utc));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  // The zone's wall clock at that UTC instant, less the instant: the zone's offset (no zone changes offset at midnight here).
  const offset = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - utc;
  return new Date(utc - offset);
}

/** Most login attempts getLoginHistoryList answers. */
export const LOGIN_HISTORY_LIMIT = 500;

/** SPEC §2 "Sidebar": the menu tree the caller's type may open, in display order (lib/access.ts rules). */
export async function getMenus(deps: AppDeps, user: AuthUser): Promise<MenuItem[]> {
  const [grants, menus] = await Promise.all([access.grantsOf(deps, user), repo.allMenus(deps.db)]);
  const allowed = (key: string) => access.coveredBy(grants, key) !== null;
  const roots = menus.filter((m) => m.parentId === null);
  const items: MenuItem[] = [];
  for (const root of roots) {
    const children = menus.filter((m) => m.parentId === root.id && allowed(m.actionKey));
    if (children.length > 0) {
      items.push({
        caption: root.captionKey,
        icon: root.icon,
        url: '',
        subMenus: children.map((c) => ({ caption: c.captionKey, url: c.url })),
      });
    } else if (!menus.some((m) => m.parentId === root.id) && allowed(root.actionKey)) {
      items.push({ caption: root.captionKey, icon: root.icon, url: root.url });
    }
  }
  return items;
}

/**
 * SPEC §6 permission check, answered by the same rules the server enforces (lib/access.ts):
 * `parentActionName`, when given, must be allowed too; with `checkDetailPermission` and a
 * `detailId` the record rule registered for the action decides as well (requester, assignee, …).
 */
export async function checkMenuPermission(deps: AppDeps, user: AuthUser, input: CheckMenuPermissionInput): Promise<boolean> {
  if (input.parentActionName && !(await access.explain(deps, user, input.parentActionName)).allowed) return false;
  const record = input.checkDetailPermission && input.detailId != null ? { id: input.detailId } : null;
  return (await access.explain(deps, user, input.actionName, record)).allowed;
}

/** SPEC §3 "Page permission": the element actions under `actionName` with the caller's flag each. */
export async function getMenuPermissions(deps: AppDeps, user: AuthUser, actionName: string): Promise<PagePermission[]> {
  const children = await repo.childActions(deps.db, actionName);
  const out: PagePermission[] = [];
  for (const c of children) out.push({ key: c.key, isChecked: (await access.explain(deps, user, c.key)).allowed });
  return out;
}

/** Active users as { id, name } for pickers and mentions. */
export async function getUsersNameAndId(deps: AppDeps): Promise<UserNameAndId[]> {
  return (await repo.activeUsers(deps.db)).map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}` }));
}

/**
 * SPEC §3 "User list response": active colleagues (not the caller). Presence arrives with the hub,
 * so isActive (online) is false here; unreadMessageCount is what each colleague sent the caller
 * that is not read yet (chat module).
 */
export async function getUserLists(deps: AppDeps, user: AuthUser): Promise<GetUserListsResponse> {
  const [users, unread] = await Promise.all([repo.colleagues(deps.db, user.id), unreadCounts(deps, user.id)]);
  const unreadBySender = new Map(unread.map((u) => [u.partnerId, u.count]));
  return {
    users: users.map((u) => ({
      id: u.id,
      name: `${u.firstName} ${u.lastName}`,
      img: u.imgPath,
      positionName: u.positionName,
      isActive: false,
      unreadMessageCount: unreadBySender.get(u.id) ?? 0,
    })),
    hasWpNumber: (await repo.userPhone(deps.db, user.id)) !== null,
  };
}

/** SPEC §4 "Theme and language": stores the caller's interface language. */
export async function updateLanguage(deps: AppDeps, user: AuthUser, language: LanguageCode): Promise<void> {
  await repo.updateUser(deps.db, user.id, { language });
}

/** SPEC §5: stores the caller's WhatsApp number (already checked: 994 + 9 digits). */
export async function updatePhone(deps: AppDeps, user: AuthUser, phone: string): Promise<void> {
  await repo.updateUser(deps.db, user.id, { phone });
  await notify(deps, [user.id], 'notifications.phoneNumberSaved', { number: phone }, '/user/profile');
}

/**
 * The caller's own sign-in attempts (by user id or by the email tried), newest first, at most
 * 500; every user's for a type holding `loginHistory.all`. Each names the user and their position
 * (null for an email that belongs to nobody). Filters (issue #41): success, one user (anyone without
 * `loginHistory.all` asking for another user's gets none — the check is here, not in the page),
 * reason, part of the address, a range of the organisation's calendar days.
 */
export async function getLoginHistory(deps: AppDeps, user: AuthUser, input: GetLoginHistoryListInput = {}): Promise<LoginHistoryItem[]> {
  const all = await access.hasAction(deps, user, 'loginHistory.all');
  const who = all ? 'all' : { userId: user.id, email: user.email };
  // Someone without loginHistory.all sees their own attempts only: another user's id narrows those to none.
  const person = input.userId == null ? null : input.userId === user.id ? { id: user.id, email: user.email } : await repo.userEmail(deps.db, input.userId);
  if (input.userId != null && !person) return [];
  const rows = await repo.loginAttempts(
    deps.db,
    who,
    {
      isSuccess: input.isSuccess ?? null,
      user: person,
      reason: input.reason ?? null,
      ip: input.ip || null,
      from: input.from ? dayStart(input.from, 0) : null,
      to: input.to ? dayStart(input.to, 1) : null,
    },
    LOGIN_HISTORY_LIMIT,
  );
  return rows.map(({ attempt: r, firstName, lastName, positionName }) => ({
    id: r.id,
    email: r.email,
    userId: r.userId,
    isSuccess: r.isSuccess,
    reason: r.reason,
    ip: r.ip,
    userAgent: r.userAgent,
    latitude: r.latitude,
    longitude: r.longitude,
    createdAt: r.createdAt.toISOString(),
    userName: firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim(),
    positionName,
  }));
}

/** A lookup list with names in `language`, az when a name is missing; [] for an unknown key. */
export async function getSpecodes(deps: AppDeps, key: string, language: LanguageCode): Promise<Specode[]> {
  const rows = await repo.specodesByKey(deps.db, key);
  return rows.map((r) => ({ id: r.id, key: r.key, code: r.code, name: r.names[language] ?? r.names.az, sortOrder: r.sortOrder }));
}

/** SPEC §2: saves the caller's column settings of one table and answers them. */
export async function saveTableOrder(deps: AppDeps, user: AuthUser, key: string, settings: TableSettings): Promise<TableSettings> {
  return repo.saveTableSettings(deps.db, user.id, key, settings);
}

/** The caller's column settings of one table; `{ columns: [] }` when none were saved. */
export async function getTableOrder(deps: AppDeps, user: AuthUser, key: string): Promise<TableSettings> {
  return (await repo.findTableSettings(deps.db, user.id, key)) ?? { columns: [] };
}

/** The caller's profile for /user/profile; 404 if the user vanished. */
export async function getCurrentUser(deps: AppDeps, user: AuthUser): Promise<CurrentUserProfile> {
  const row = await repo.userProfile(deps.db, user.id);
  if (!row) throw notFound('The user no longer exists.');
  return {
    id: row.user.id,
    firstName: row.user.firstName,
    lastName: row.user.lastName,
    email: row.user.email,
    phone: row.user.phone,
    imgPath: row.user.imgPath,
    positionName: row.positionName,
    locationName: row.locationName,
    userTypeName: row.userTypeName,
    language: row.user.language,
    createdAt: row.user.createdAt.toISOString(),
  };
}
