import { z } from 'zod';
import { id, idParam, languageCode, password, phoneNumber, safeText } from './validation';
import { ADMIN_EMAIL_MAX, ADMIN_EMAIL_PATTERN, ADMIN_NAME_MAX, ADMIN_USERS_MAX_TAKE } from './plain/admin';
export { ADMIN_EMAIL_MAX, ADMIN_EMAIL_PATTERN, ADMIN_NAME_MAX, ADMIN_USERS_MAX_TAKE, isAdminEmail, isAdminName, knownAccessRules } from './plain/admin';

/*
 * The administration of identity and access (issue #5, DOMAIN.md "Organisation and identity"):
 * users, user types with their permission tree, positions, locations, groups, the permission
 * explainer and the admin audit log. Every path below is under /api/admin; 403 `forbidden` when
 * the caller's user type lacks the named action key (details.rule `userTypeLacks`).
 */

/** `{ id }` path parameters of /api/admin/…/{id}. */
export const adminIdParams = z.object({ id: idParam });
export type AdminIdParams = z.infer<typeof adminIdParams>;

/** A required, trimmed display name (1–100 characters; zod-free check: isAdminName). */
export const adminName = safeText().trim().min(1).max(ADMIN_NAME_MAX);

/** A name in every interface language (az, en, ru, tr), each required. */
export const namesPerLanguage = z.object({ az: adminName, en: adminName, ru: adminName, tr: adminName });
export type NamesPerLanguage = z.infer<typeof namesPerLanguage>;

/** An email as stored: trimmed, lower-case, `x@y.z` shape, at most 320 characters (zod-free check: isAdminEmail). */
export const adminEmail = z.string().trim().toLowerCase().max(ADMIN_EMAIL_MAX).regex(ADMIN_EMAIL_PATTERN, 'email');

// ─── Users ───────────────────────────────────────────────────────────────────────────────────

/** Columns the users list sorts by. */
export const adminUserSortKey = z.enum(['name', 'email', 'userType', 'position', 'location', 'createdAt', 'isActive']);
export type AdminUserSortKey = z.infer<typeof adminUserSortKey>;

/**
 * POST /api/admin/users/list body (SPEC §2 named list "users list": the client remembers it
 * under its filter key). `search` matches first name, last name, full name and email,
 * case- and accent-insensitively (Azerbaijani letters); null filters are ignored. Default:
 * everyone, by name, 50 a page.
 */
export const adminUsersQuery = z.object({
  search: z.string().trim().max(200).optional(),
  isActive: z.boolean().nullable().optional(),
  userTypeId: id.nullable().optional(),
  positionId: id.nullable().optional(),
  locationId: id.nullable().optional(),
  sortBy: adminUserSortKey.default('name'),
  sortDir: z.enum(['asc', 'desc']).default('asc'),
  skip: z.number().int().min(0).default(0),
  take: z.number().int().min(1).max(ADMIN_USERS_MAX_TAKE).default(50),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;

/** One row of the users list. Names of type/position/location are in the request's language where they have one. */
export const adminUserRow = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  imgPath: z.string().nullable(),
  positionId: z.number().int().nullable(),
  positionName: z.string().nullable(),
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  userTypeId: z.number().int(),
  userTypeName: z.string(),
  language: languageCode,
  isActive: z.boolean(),
  /** Why the user was deactivated (null while active). */
  deactivationReason: z.string().nullable(),
  createdAt: z.string().datetime(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;

/** POST /api/admin/users/list answer: one page and the number of rows matching the filters. */
export const adminUsersPage = z.object({ totalCount: z.number().int(), items: z.array(adminUserRow) });
export type AdminUsersPage = z.infer<typeof adminUsersPage>;

/** GET /api/admin/users/{id}: the row plus the user's groups. */
export const adminUserDetail = adminUserRow.extend({
  groups: z.array(z.object({ id: z.number().int(), name: z.string(), isLead: z.boolean() })),
  updatedAt: z.string().datetime(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

/** The editable fields of a user (PUT semantics: send them all). */
export const adminUserFields = z.object({
  firstName: adminName,
  lastName: adminName,
  email: adminEmail,
  positionId: id.nullable(),
  locationId: id.nullable(),
  userTypeId: id,
  language: languageCode.default('az'),
  /** `994` + 9 digits (SPEC §5) or null. */
  phone: phoneNumber.nullable().default(null),
  /**
   * The avatar, or null: a same-origin path — best an uploaded avatar's `publicUrl`
   * (`/api/global/FileServer/avatar/{id}-{hash}`, which an <img> loads without a token) — or a
   * stored file handle `files/{id}`. Other schemes and hosts are refused.
   */
  imgPath: z
    .string()
    .trim()
    .max(500)
    .regex(/^(\/(?!\/)\S*|files\/\d+)$/, 'imgPath')
    .nullable()
    .default(null),
});

/**
 * POST /api/admin/users body. With `password` (SPEC §5 rules) the user signs in with it; without,
 * a reset link (60 min, single use) is queued in the outbox for the user's email.
 * 409 `emailTaken` (case-insensitive), 422 `unknownReference` for a missing position, location or
 * user type.
 */
export const adminUserCreateInput = adminUserFields.extend({ password: password.optional() });
export type AdminUserCreateInput = z.input<typeof adminUserCreateInput>;

/** PUT /api/admin/users/{id} body; same errors as create. */
export const adminUserUpdateInput = adminUserFields;
export type AdminUserUpdateInput = z.input<typeof adminUserUpdateInput>;

/** POST /api/admin/users answer: the new user and whether a reset mail was queued. */
export const adminUserCreateResponse = z.object({ user: adminUserDetail, resetMailQueued: z.boolean() });
export type AdminUserCreateResponse = z.infer<typeof adminUserCreateResponse>;

/**
 * POST /api/admin/users/{id}/resetPassword body: a new password (SPEC §5), or nothing to queue a
 * reset link to the user's email instead. The user's open sessions stay valid.
 */
export const adminResetPasswordInput = z.object({ password: password.optional() });
export type AdminResetPasswordInput = z.infer<typeof adminResetPasswordInput>;
export const adminResetPasswordResponse = z.object({ resetMailQueued: z.boolean() });
export type AdminResetPasswordResponse = z.infer<typeof adminResetPasswordResponse>;

// ─── User types and the permission tree ─────────────────────────────────────────────────────

/**
 * One node of the permission tree of a user type: a menu item (`kind: 'menu'`, e.g.
 * `admin.users`) with its element actions and submenus as children, or an element action
 * (`kind: 'action'`, e.g. `admin.users.create`, no children). `captionKey` is a full i18n key:
 * `layout.menu.users` for menu items, `permissions.actions.<verb>` for element actions.
 * A menu item that only expands (`helpdesk`) is checked when any child is.
 */
export interface PermissionNode {
  key: string;
  captionKey: string;
  kind: 'menu' | 'action';
  isChecked: boolean;
  children: PermissionNode[];
}
export const permissionNode: z.ZodType<PermissionNode> = z.lazy(() =>
  z.object({
    key: z.string(),
    captionKey: z.string(),
    kind: z.enum(['menu', 'action']),
    isChecked: z.boolean(),
    children: z.array(permissionNode),
  }),
);

/** GET /api/admin/userTypes: every user type with its name in the request's language. */
export const userTypeRow = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  names: namesPerLanguage,
  userCount: z.number().int(),
  createdAt: z.string().datetime(),
});
export type UserTypeRow = z.infer<typeof userTypeRow>;
export const userTypeList = z.array(userTypeRow);

/** GET /api/admin/userTypes/{id}: the row plus the whole catalogue as a tree with this type's flags. */
export const userTypeDetail = userTypeRow.extend({ permissions: z.array(permissionNode) });
export type UserTypeDetail = z.infer<typeof userTypeDetail>;

/**
 * POST /api/admin/userTypes and PUT /api/admin/userTypes/{id} body: names per language and the
 * checked action keys (menu items and element actions; a container such as `helpdesk` need not
 * be sent). 422 `unknownAction` (details.keys) for keys not in the catalogue, 409 `nameTaken`.
 */
export const userTypeInput = z.object({
  names: namesPerLanguage,
  grants: z.array(z.string().min(1).max(100)).max(1000),
});
export type UserTypeInput = z.infer<typeof userTypeInput>;

/** POST /api/admin/userTypes/{id}/copy body: the copy's names; it gets every grant of the source. */
export const userTypeCopyInput = z.object({ names: namesPerLanguage });
export type UserTypeCopyInput = z.infer<typeof userTypeCopyInput>;

// ─── Positions, locations, groups ───────────────────────────────────────────────────────────

/** `?includeInactive=true` on the org lists (default: active ones only). */
export const orgListQuery = z.object({ includeInactive: z.enum(['true', 'false']).optional() });

/** A position or location (GET /api/admin/positions, /api/admin/locations). */
export const orgItem = z.object({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  /** Active users holding it. */
  userCount: z.number().int(),
});
export type OrgItem = z.infer<typeof orgItem>;
export const orgItemList = z.array(orgItem);

/** POST /api/admin/{positions|locations} and PUT …/{id} body. 409 `nameTaken`. */
export const orgItemInput = z.object({ name: adminName });
export type OrgItemInput = z.infer<typeof orgItemInput>;

/** A member of a group as listed. */
export const groupMember = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  positionName: z.string().nullable(),
  isLead: z.boolean(),
  /** False for a deactivated user (kept in the group for history). */
  isActive: z.boolean(),
});
export type GroupMember = z.infer<typeof groupMember>;

/** GET /api/admin/groups: groups with their lead and member count. */
export const groupRow = z.object({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  memberCount: z.number().int(),
  leadUserId: z.number().int().nullable(),
  leadName: z.string().nullable(),
});
export type GroupRow = z.infer<typeof groupRow>;
export const groupList = z.array(groupRow);

/** GET /api/admin/groups/{id}: the group and its members, lead first, then by name. */
export const groupDetail = groupRow.extend({ members: z.array(groupMember) });
export type GroupDetail = z.infer<typeof groupDetail>;

/**
 * POST /api/admin/groups and PUT /api/admin/groups/{id} body: the name and the whole member list
 * (replaces it). At most one `isLead` (400 `validationError`, issue message `oneLead`); a user at
 * most once (`duplicateMember`). 422 `unknownReference` for a missing user, 409 `nameTaken`.
 */
export const groupInput = z
  .object({
    name: adminName,
    members: z.array(z.object({ userId: id, isLead: z.boolean().default(false) })).max(500),
  })
  .superRefine((value, ctx) => {
    if (value.members.filter((m) => m.isLead).length > 1) ctx.addIssue({ code: 'custom', path: ['members'], message: 'oneLead' });
    if (new Set(value.members.map((m) => m.userId)).size !== value.members.length) {
      ctx.addIssue({ code: 'custom', path: ['members'], message: 'duplicateMember' });
    }
  });
export type GroupInput = z.input<typeof groupInput>;

/** POST /api/admin/{positions|locations|groups}/{id}/activate answer (deactivation: /api/global/deactivateElement). */
export const orgActivateResponse = z.object({ ok: z.literal(true) });

// ─── Permission explainer ───────────────────────────────────────────────────────────────────

/** POST /api/admin/permissions/explain body: for this user, this action (and record)? */
export const explainInput = z.object({
  userId: id,
  actionName: z.string().trim().min(1).max(100),
  /** A record id; the record rule registered for the action decides then (requester, assignee, …). */
  detailId: id.nullable().optional(),
});
export type ExplainInput = z.infer<typeof explainInput>;

/** POST /api/admin/permissions/explain answer: the decision, its rule and parameters, who it is about. */
export const explainResult = z.object({
  allowed: z.boolean(),
  rule: z.string(),
  /** The rule's parameters, e.g. `{ actionKey, userTypeId, via }` for userTypeGrants. */
  params: z.record(z.string(), z.unknown()).optional(),
  user: z.object({
    id: z.number().int(),
    name: z.string(),
    isActive: z.boolean(),
    userTypeId: z.number().int(),
    userTypeName: z.string(),
  }),
});
export type ExplainResult = z.infer<typeof explainResult>;

// ─── Admin audit log ────────────────────────────────────────────────────────────────────────

/** What an audit entry is about. */
export const adminEntityType = z.enum(['user', 'userType', 'position', 'location', 'group']);
export type AdminEntityType = z.infer<typeof adminEntityType>;

/** GET /api/admin/audit/{entityType}/{entityId} path parameters. */
export const adminAuditParams = z.object({ entityType: adminEntityType, entityId: idParam });

/**
 * One admin change: who (`actorName` null for the system), what (`action`: create, update,
 * deactivate, reactivate, resetPassword, copy, activate) and how (`changes`: `{ field: { from,
 * to } }` for updates, `{ reason }` for a deactivation, `{ grants: { added, removed } }` for a
 * user type).
 */
export const adminAuditEntry = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  entityType: adminEntityType,
  entityId: z.number().int(),
  action: z.string(),
  changes: z.record(z.string(), z.unknown()),
  createdAt: z.string().datetime(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntry>;
/** Newest first, at most 500. */
export const adminAuditList = z.array(adminAuditEntry);
