import { z } from 'zod';
import { id, languageCode, phoneNumber } from './validation';
import { DEACTIVATION_REASON_MIN_LENGTH } from './plain/global';
export { DEACTIVATION_REASON_MIN_LENGTH } from './plain/global';

/** A sidebar submenu (SPEC §3 "Menu item"). */
export const subMenuItem = z.object({ caption: z.string(), url: z.string() });
/** A sidebar item: caption is an i18n key, icon a name from the ui icon set. */
export const menuItem = z.object({
  caption: z.string(),
  icon: z.string(),
  url: z.string(),
  subMenus: z.array(subMenuItem).optional(),
});
export type MenuItem = z.infer<typeof menuItem>;
/** GET /api/global/Layout/GetMenus: the items the user's type may open, in display order. */
export const getMenusResponse = z.array(menuItem);

/** GET /api/global/getUsersNameAndId: active users for pickers and mentions. */
export const userNameAndId = z.object({ id: z.number().int(), name: z.string() });
export const getUsersNameAndIdResponse = z.array(userNameAndId);
export type UserNameAndId = z.infer<typeof userNameAndId>;

/** A colleague as the chat lists them (SPEC §3 "Chat user"); isActive means online. */
export const listedUser = z.object({
  id: z.number().int(),
  name: z.string(),
  img: z.string().nullable(),
  positionName: z.string().nullable(),
  isActive: z.boolean(),
  unreadMessageCount: z.number().int().nonnegative(),
});
export type ListedUser = z.infer<typeof listedUser>;
/** GET /api/global/getUserLists: colleagues and whether the caller has a WhatsApp number (SPEC §3). */
export const getUserListsResponse = z.object({ users: z.array(listedUser), hasWpNumber: z.boolean() });
export type GetUserListsResponse = z.infer<typeof getUserListsResponse>;

/** POST /api/global/checkMenuPermission payload (SPEC §3 "Permission check"). */
export const checkMenuPermissionInput = z.object({
  actionName: z.string().min(1).max(100),
  detailId: id.nullable().optional(),
  checkDetailPermission: z.boolean().optional(),
  parentActionName: z.string().max(100).nullable().optional(),
});
export type CheckMenuPermissionInput = z.infer<typeof checkMenuPermissionInput>;
export const checkMenuPermissionResponse = z.object({ hasPermission: z.boolean() });
export type CheckMenuPermissionResponse = z.infer<typeof checkMenuPermissionResponse>;

/** POST /api/global/getMenuPermissions payload and answer: key/isChecked pairs (SPEC §3 "Page permission"). */
export const getMenuPermissionsInput = z.object({ actionName: z.string().min(1).max(100) });
export const pagePermission = z.object({ key: z.string(), isChecked: z.boolean() });
export const getMenuPermissionsResponse = z.array(pagePermission);
export type PagePermission = z.infer<typeof pagePermission>;

/** GET /api/global/updateUserSelectedLanguage/{code} path parameters. */
export const updateUserSelectedLanguageParams = z.object({ code: languageCode });

/** A calendar day YYYY-MM-DD. */
const CALENDAR_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/**
 * POST /api/global/getLoginHistoryList payload (SPEC §3; filters of issue #41): `isSuccess` null or
 * absent for all attempts; `userId` one user's (an admin with `loginHistory.all`; anyone else sees
 * only their own whatever they ask); `reason` one failure reason; `ip` part of the address;
 * `from`/`to` calendar days (inclusive) in the organisation's time zone (Asia/Baku).
 */
export const getLoginHistoryListInput = z.object({
  isSuccess: z.boolean().nullable().optional(),
  userId: z.number().int().positive().nullable().optional(),
  reason: z.lazy(() => loginFailureReason).nullable().optional(),
  ip: z.string().trim().max(100).nullable().optional(),
  from: z.string().regex(CALENDAR_DAY, 'isoDay').nullable().optional(),
  to: z.string().regex(CALENDAR_DAY, 'isoDay').nullable().optional(),
});
export type GetLoginHistoryListInput = z.infer<typeof getLoginHistoryListInput>;
/** Why a login attempt failed; null for a success. */
/**
 * Why a sign-in (or a throttled password/reset-link check) failed. Issue #20 adds the refusals of
 * the throttle: `accountLocked` (too many attempts for the account), `addressLimited` (too many
 * from one address), `passwordCheckLocked`, `resetTokenLimited`, `forgotPasswordLimited`; issue #42
 * `deviceLocked` (too many failures from one known device's cookie for the account).
 */
export const loginFailureReason = z.enum([
  'unknownEmail',
  'wrongPassword',
  'inactiveUser',
  'rateLimited',
  'accountLocked',
  'addressLimited',
  'passwordCheckLocked',
  'resetTokenLimited',
  'forgotPasswordLimited',
  'deviceLocked',
  /** Company directory: the entry is disabled, locked, its password expired, or the directory could not be asked. */
  'directoryDisabled',
  'directoryLocked',
  'passwordExpired',
  'directoryUnavailable',
]);
export type LoginFailureReason = z.infer<typeof loginFailureReason>;
export const loginHistoryItem = z.object({
  id: z.number().int(),
  email: z.string(),
  userId: z.number().int().nullable(),
  isSuccess: z.boolean(),
  reason: loginFailureReason.nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  createdAt: z.string().datetime(),
  /** The user's name and position when the attempt belongs to a known user (always sent by the server). */
  userName: z.string().nullable().optional(),
  positionName: z.string().nullable().optional(),
});
export type LoginHistoryItem = z.infer<typeof loginHistoryItem>;
/** The caller's own attempts (all users' for a user type with `loginHistory.all`), newest first. */
export const getLoginHistoryListResponse = z.array(loginHistoryItem);

/** POST /api/global/updateUserNumber payload (SPEC §3, §5): 994 + 9 digits. */
export const updateUserNumberInput = z.object({ number: phoneNumber });
export type UpdateUserNumberInput = z.infer<typeof updateUserNumberInput>;

/** GET /api/global/getSpecodesByKey/{key}: a keyed lookup list (DOMAIN.md "Specodes"). */
export const specode = z.object({
  id: z.number().int(),
  key: z.string(),
  code: z.string(),
  /** Name in the request's Accept-Language, falling back to az. */
  name: z.string(),
  sortOrder: z.number().int(),
});
export const getSpecodesByKeyResponse = z.array(specode);
export type Specode = z.infer<typeof specode>;

/** One column's saved layout for a table (SPEC §2 "Column order can be saved per table"). */
export const tableColumnSetting = z.object({
  key: z.string().min(1).max(100),
  /** Width in CSS pixels. */
  width: z.number().int().min(40).max(2000).optional(),
  hidden: z.boolean().optional(),
});
/**
 * POST /api/global/Layout/UpdateTableOrder/{key} body and the settings answered back; also
 * GET /api/global/Layout/GetTableOrder/{key} (ours: empty columns when nothing was saved).
 */
export const tableSettings = z.object({ columns: z.array(tableColumnSetting).max(200) });
export type TableSettings = z.infer<typeof tableSettings>;
export const tableKeyParams = z.object({ key: z.string().min(1).max(100).regex(/^[A-Za-z0-9_.-]+$/) });

/** GET /api/global/getCurrentUser (ours): the signed-in user's details for /user/profile. */
export const currentUserProfile = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  imgPath: z.string().nullable(),
  positionName: z.string().nullable(),
  locationName: z.string().nullable(),
  userTypeName: z.string(),
  language: languageCode,
  createdAt: z.string().datetime(),
});
export type CurrentUserProfile = z.infer<typeof currentUserProfile>;
export const deactivateElementInput = z.object({
  id,
  type: z.string().trim().min(1).max(50),
  desc: z.string().trim().min(DEACTIVATION_REASON_MIN_LENGTH).max(1000),
});
export type DeactivateElementInput = z.infer<typeof deactivateElementInput>;

/**
 * GET /api/global/organisation (signed in): the organisation's settings every screen formats with.
 * `timeZone` — IANA name (server env ORG_TIME_ZONE, default Asia/Baku): instants are shown in it.
 */
export const organisationSettings = z.object({ timeZone: z.string().min(1) });
export type OrganisationSettings = z.infer<typeof organisationSettings>;
