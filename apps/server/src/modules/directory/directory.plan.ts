import type { DirectoryField, LdapConfig } from '../../config';
import { groupsOf, type DirectoryGroup, type DirectoryUser } from './directory.client';

/*
 * The sync's plan, computed before anything is written and apart from the database: what a
 * directory entry maps to here (config LDAP_ATTRIBUTES, LDAP_GROUP_MAP, LDAP_DEFAULT_USER_TYPE),
 * the field changes against a local user (pinned fields and groups the mapping does not manage
 * left out) and the whole plan — create, update, deactivate, reactivate — with the share of linked
 * users it deactivates (held against LDAP_SYNC_MAX_DEACTIVATE_PERCENT by directory.service runSync).
 */

/** A field the sync writes and an admin can pin: the mapped attributes plus user type and groups. */
export type DirectoryPinField = DirectoryField | 'userType' | 'groups';
export const DIRECTORY_PIN_FIELDS: readonly DirectoryPinField[] = ['firstName', 'lastName', 'email', 'phone', 'position', 'location', 'userType', 'groups'];

/** The deactivation reason the sync writes; only users it deactivated does it reactivate. */
export const DIRECTORY_DEACTIVATION_REASON = 'directory';

/** One user's change in a plan; `changes` holds `{ field: { from, to } }` (names, not ids). */
export interface PlanItem {
  action: 'create' | 'update' | 'deactivate' | 'reactivate';
  dn: string;
  userId: number | null;
  email: string;
  name: string;
  changes: Record<string, { from: string | null; to: string | null }>;
}

/** What a sync would do (preview) or did (apply). Counts are users; `total` is the directory users seen. */
export interface SyncPlan {
  items: PlanItem[];
  counts: { created: number; updated: number; deactivated: number; reactivated: number; unchanged: number };
  total: number;
  /** Entries that could not be mapped (no email…), skipped. */
  errors: { dn?: string; message: string }[];
  /** Share of linked users this plan deactivates, in percent (0–100). */
  deactivatePercent: number;
  /** Active users here linked to the directory before the plan (what the share is of). */
  linked: number;
}

/** The synced fields of a user, as names (position, location, user type key, group names). */
interface SyncedFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  position: string | null;
  location: string | null;
  userType: string;
  groups: string[];
}

/** What a directory entry maps to here. */
export interface Desired extends SyncedFields {
  dn: string;
  active: boolean;
}

/** A user here as the sync compares it. */
export interface LocalUser extends SyncedFields {
  id: number;
  dn: string | null;
  isActive: boolean;
  deactivationReason: string | null;
  pinned: string[];
}

/** 994 + 9 digits (the phone rule here) from what the directory holds, or null when it is not a local number. */
export function normalizePhone(raw: string | undefined): string | null {
  if (!raw) return null;
  const digits = raw.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('994')) return digits;
  if (digits.length === 10 && digits.startsWith('0')) return `994${digits.slice(1)}`;
  if (digits.length === 9) return `994${digits}`;
  return null;
}

/** The local values a directory entry maps to (config LDAP_ATTRIBUTES, LDAP_GROUP_MAP), or an error text. */
export function desiredOf(config: LdapConfig, user: DirectoryUser, directoryGroups: DirectoryGroup[]): Desired | string {
  const email = user.fields.email?.toLowerCase();
  if (!email) return `no ${config.attributes.email} attribute`;
  const memberOf = groupsOf(user, directoryGroups);
  const mappings = config.groupMap.filter((m) => memberOf.has(m.groupDn.trim().toLowerCase()));
  const fallbackName = user.logins[0] ?? email;
  return {
    dn: user.dn,
    firstName: user.fields.firstName ?? fallbackName,
    lastName: user.fields.lastName ?? '',
    email,
    phone: normalizePhone(user.fields.phone),
    position: user.fields.position ?? null,
    location: user.fields.location ?? null,
    userType: mappings.find((m) => m.userType)?.userType ?? config.defaultUserType,
    groups: [...new Set(mappings.flatMap((m) => m.groups ?? []))].sort(),
    active: user.status !== 'disabled',
  };
}

/** Group names the mapping manages (LDAP_GROUP_MAP): the sync adds and removes memberships of these only. */
export const managedGroups = (config: LdapConfig) => new Set(config.groupMap.flatMap((m) => m.groups ?? []));

const FIELDS: DirectoryField[] = ['firstName', 'lastName', 'email', 'phone', 'position', 'location'];

/**
 * The field changes from `local` (null: a user to create) to `want`, leaving out pinned fields
 * and groups the mapping does not manage; groups compare as sorted, comma-joined names.
 */
export function diff(config: LdapConfig, local: LocalUser | null, want: Desired): PlanItem['changes'] {
  const changes: PlanItem['changes'] = {};
  const pinned = new Set(local?.pinned ?? []);
  for (const field of FIELDS) {
    if (pinned.has(field)) continue;
    const from = local ? local[field] : null;
    const to = want[field];
    if ((from ?? null) !== (to ?? null)) changes[field] = { from: from ?? null, to: to ?? null };
  }
  if (!pinned.has('userType') && local?.userType !== want.userType) changes.userType = { from: local?.userType ?? null, to: want.userType };
  if (!pinned.has('groups')) {
    const managed = managedGroups(config);
    const have = (local?.groups ?? []).filter((g) => managed.has(g));
    if (have.join('\n') !== want.groups.join('\n') && (want.groups.length > 0 || have.length > 0)) {
      changes.groups = { from: have.join(', ') || null, to: want.groups.join(', ') || null };
    }
  }
  if (local && local.dn?.toLowerCase() !== want.dn.toLowerCase()) changes.directoryDn = { from: local.dn, to: want.dn };
  return changes;
}

/**
 * The plan that makes the local users match `directoryUsers`: a directory entry is matched to a
 * local user by DN, else by email (an existing local account is then linked to it); linked users
 * the directory no longer lists, or lists as disabled, are deactivated.
 */
export function computePlan(config: LdapConfig, locals: LocalUser[], directoryUsers: DirectoryUser[], directoryGroups: DirectoryGroup[]): SyncPlan {
  const byDn = new Map(locals.filter((u) => u.dn).map((u) => [u.dn!.toLowerCase(), u]));
  const byEmail = new Map(locals.map((u) => [u.email.toLowerCase(), u]));
  const seen = new Set<number>();
  const items: PlanItem[] = [];
  const errors: SyncPlan['errors'] = [];
  let unchanged = 0;
  for (const entry of directoryUsers) {
    const want = desiredOf(config, entry, directoryGroups);
    if (typeof want === 'string') {
      errors.push({ dn: entry.dn, message: want });
      continue;
    }
    const local = byDn.get(want.dn.toLowerCase()) ?? byEmail.get(want.email) ?? null;
    if (local && seen.has(local.id)) {
      errors.push({ dn: entry.dn, message: `email ${want.email} is already taken by another directory entry` });
      continue;
    }
    if (local) seen.add(local.id);
    const name = `${want.firstName} ${want.lastName}`.trim();
    if (!local) {
      if (want.active) items.push({ action: 'create', dn: want.dn, userId: null, email: want.email, name, changes: diff(config, null, want) });
      continue;
    }
    if (!want.active) {
      if (local.isActive) items.push({ action: 'deactivate', dn: want.dn, userId: local.id, email: local.email, name, changes: { isActive: { from: 'true', to: 'false' } } });
      else unchanged += 1;
      continue;
    }
    const changes = diff(config, local, want);
    if (!local.isActive) {
      // Only a user the sync deactivated comes back by itself; an admin's deactivation stands.
      if (local.deactivationReason === DIRECTORY_DEACTIVATION_REASON) {
        items.push({ action: 'reactivate', dn: want.dn, userId: local.id, email: local.email, name, changes: { ...changes, isActive: { from: 'false', to: 'true' } } });
      } else unchanged += 1;
      continue;
    }
    if (Object.keys(changes).length > 0) items.push({ action: 'update', dn: want.dn, userId: local.id, email: local.email, name, changes });
    else unchanged += 1;
  }
  const linked = locals.filter((u) => u.dn && u.isActive);
  for (const local of linked) {
    if (seen.has(local.id)) continue;
    items.push({
      action: 'deactivate',
      dn: local.dn!,
      userId: local.id,
      email: local.email,
      name: `${local.firstName} ${local.lastName}`.trim(),
      changes: { isActive: { from: 'true', to: 'false' } },
    });
  }
  const count = (a: PlanItem['action']) => items.filter((i) => i.action === a).length;
  const deactivated = count('deactivate');
  return {
    items,
    counts: { created: count('create'), updated: count('update'), deactivated, reactivated: count('reactivate'), unchanged },
    total: directoryUsers.length,
    errors,
    deactivatePercent: linked.length === 0 ? 0 : Math.round((deactivated / linked.length) * 1000) / 10,
    linked: linked.length,
  };
}

/** A plan that does nothing (a scheduled run another instance held the lock for). */
export function emptyPlan(): SyncPlan {
  return { items: [], counts: { created: 0, updated: 0, deactivated: 0, reactivated: 0, unchanged: 0 }, total: 0, errors: [], deactivatePercent: 0, linked: 0 };
}
