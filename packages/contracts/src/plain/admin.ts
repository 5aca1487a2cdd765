/*
 * The zod-free half of ../admin.ts (codes, limits and pure rules), which re-exports all of it:
 * client code that needs only these does not load zod and the schemas with its first paint
 * (issue #19's bundle budgets). Never import zod or a schema here (test/plain.test.ts).
 */
import { isSafeText } from './validation';

/** Most rows one users-list page answers. */
export const ADMIN_USERS_MAX_TAKE = 200;

/**
 * The rule codes a decision can name. Action layer: `inactiveUser`, `unknownAction`,
 * `userTypeLacks`, `userTypeGrants`; record rules (per module): `requester`, `assignee`,
 * `groupMember`, `groupLead`, `approver`, `folderPermission`, `notRecordParticipant`,
 * `recordNotFound`. Other strings may appear as modules add rules.
 */
export const knownAccessRules = [
  'inactiveUser', 'unknownAction', 'userTypeLacks', 'userTypeGrants', 'requester', 'assignee',
  'groupMember', 'groupLead', 'approver', 'folderPermission', 'notRecordParticipant', 'recordNotFound',
  // Help-desk requests (helpdesk.access.ts).
  'viewAll', 'mentioned', 'ownRequest', 'notAllowedRole', 'notRequester', 'unassignedGroupMember',
] as const;

/** Longest display name (adminName), in UTF-16 code units after trimming. */
export const ADMIN_NAME_MAX = 100;

/** Whether `name` passes adminName: 1–{@link ADMIN_NAME_MAX} characters after trimming, no NUL or lone surrogate. */
export function isAdminName(name: string): boolean {
  const trimmed = name.trim();
  return isSafeText(name) && trimmed.length >= 1 && trimmed.length <= ADMIN_NAME_MAX;
}

/** Longest email (adminEmail), after trimming. */
export const ADMIN_EMAIL_MAX = 320;

/** The `x@y.z` shape of an email (adminEmail). */
export const ADMIN_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether `email` passes adminEmail (trimmed and lower-cased: at most {@link ADMIN_EMAIL_MAX} characters, the `x@y.z` shape). */
export function isAdminEmail(email: string): boolean {
  const stored = email.trim().toLowerCase();
  return stored.length <= ADMIN_EMAIL_MAX && ADMIN_EMAIL_PATTERN.test(stored);
}
