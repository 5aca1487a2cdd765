import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import { Client, EqualityFilter, InvalidCredentialsError, OrFilter, ResultCodeError, type Entry } from 'ldapts';
import type { DirectoryField, LdapConfig } from '../../config';

/*
 * The company directory over LDAP (ldapts): the service account searches, a user's own bind
 * checks their password. Works with OpenLDAP (uid/mail, groupOfNames/member,
 * groupOfUniqueNames/uniqueMember, ppolicy's pwdAccountLockedTime/pwdChangedTime) and Active
 * Directory (sAMAccountName/userPrincipalName, group/member, memberOf, userAccountControl and the
 * "data 52e/533/775/532" codes of a refused bind). Values typed by a user only ever reach a
 * filter through EqualityFilter, which escapes them (RFC 4515: `*`, `(`, `)`, `\` and NUL).
 */

/** The directory could not be reached or refused the service account: sign-in and sync say so. */
export class DirectoryUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DirectoryUnavailableError';
  }
}

/** A user entry as sign-in and the sync need it: its DN, the mapped attributes' first values, its status. */
export interface DirectoryUser {
  dn: string;
  /** Mapped local field → first value of its attribute (absent when the entry has none). */
  fields: Partial<Record<DirectoryField, string>>;
  /** Every login attribute's value (uid, mail…), for the admin's sample and the preview. */
  logins: string[];
  /** DNs of groups the entry names itself (AD's memberOf, OpenLDAP's memberOf overlay), lower-case. */
  memberOf: string[];
  /** disabled: refused for good (AD ACCOUNTDISABLE, ppolicy 000001010000Z); locked: a lockout in force. */
  status: 'active' | 'disabled' | 'locked';
  /** When the password was last set, if the directory says (pwdChangedTime), for the expiry check. */
  passwordChangedAt: Date | null;
}

/** A group entry: its DN and the DNs it lists (member + uniqueMember), all lower-case. */
export interface DirectoryGroup {
  dn: string;
  name: string;
  members: string[];
}

/** The outcome of checking a typed name and password against the directory. */
export type DirectoryAuthResult =
  | { kind: 'ok'; user: DirectoryUser }
  | { kind: 'unknownUser' }
  | { kind: 'wrongPassword'; user: DirectoryUser }
  | { kind: 'disabled'; user: DirectoryUser }
  | { kind: 'locked'; user: DirectoryUser }
  | { kind: 'passwordExpired'; user: DirectoryUser };

const STATUS_ATTRIBUTES = ['memberOf', 'userAccountControl', 'lockoutTime', 'pwdAccountLockedTime', 'pwdChangedTime', 'pwdPolicySubentry'];
/** ppolicy's "locked by an administrator, for good" value of pwdAccountLockedTime. */
const PERMANENT_LOCK = '000001010000Z';
/** AD userAccountControl bits (MS-ADTS 2.2.16). */
const UAC_ACCOUNTDISABLE = 0x2;
const UAC_LOCKOUT = 0x10;

const lower = (dn: string) => dn.trim().toLowerCase();

function first(entry: Entry, attribute: string): string | undefined {
  const found = Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase());
  const value = found ? entry[found] : undefined;
  const one = Array.isArray(value) ? value[0] : value;
  if (one === undefined) return undefined;
  const text = Buffer.isBuffer(one) ? one.toString('utf8') : String(one);
  return text.trim() === '' ? undefined : text.trim();
}

function all(entry: Entry, attribute: string): string[] {
  const found = Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase());
  const value = found ? entry[found] : undefined;
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : String(v)));
}

/** Generalized time (20260101120000Z, optionally with fractions) → Date, or null. */
function generalizedTime(value: string | undefined): Date | null {
  const m = value?.match(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?/);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)));
}

function toUser(config: LdapConfig, entry: Entry): DirectoryUser {
  const fields: Partial<Record<DirectoryField, string>> = {};
  for (const [field, attribute] of Object.entries(config.attributes) as [DirectoryField, string][]) {
    const value = first(entry, attribute);
    if (value !== undefined) fields[field] = value;
  }
  const uac = Number(first(entry, 'userAccountControl') ?? 0);
  const lockedTime = first(entry, 'pwdAccountLockedTime');
  const adLockout = Number(first(entry, 'lockoutTime') ?? 0);
  const status: DirectoryUser['status'] =
    uac & UAC_ACCOUNTDISABLE || lockedTime === PERMANENT_LOCK ? 'disabled' : uac & UAC_LOCKOUT || lockedTime || adLockout > 0 ? 'locked' : 'active';
  return {
    dn: entry.dn,
    fields,
    logins: config.loginAttributes.map((a) => first(entry, a)).filter((v): v is string => v !== undefined),
    memberOf: all(entry, 'memberOf').map(lower),
    status,
    passwordChangedAt: generalizedTime(first(entry, 'pwdChangedTime')),
  };
}

function tlsOptions(config: LdapConfig): ConnectionOptions | undefined {
  if (!config.caFile) return undefined;
  return { ca: readFileSync(config.caFile) };
}

/** A ldapts client with the configured URL, timeouts and CA (StartTLS done when asked); not yet bound. */
async function open(config: LdapConfig): Promise<Client> {
  const client = new Client({ url: config.url, timeout: config.timeoutMs, connectTimeout: config.timeoutMs, tlsOptions: tlsOptions(config) });
  if (config.startTls) {
    try {
      await client.startTLS(tlsOptions(config) ?? {});
    } catch (error) {
      await client.unbind().catch(() => undefined);
      throw new DirectoryUnavailableError(`StartTLS failed: ${(error as Error).message}`);
    }
  }
  return client;
}

/**
 * Runs `work` on a connection bound as the service account (anonymous without LDAP_BIND_DN) and
 * closes it. A connection failure or a refused service bind throws {@link DirectoryUnavailableError}.
 */
export async function withServiceClient<T>(config: LdapConfig, work: (client: Client) => Promise<T>): Promise<T> {
  let client: Client;
  try {
    client = await open(config);
    if (config.bindDn) await client.bind(config.bindDn, config.bindPassword ?? '');
  } catch (error) {
    if (error instanceof DirectoryUnavailableError) throw error;
    throw new DirectoryUnavailableError(
      error instanceof InvalidCredentialsError ? 'the service account (LDAP_BIND_DN) was refused' : `cannot reach ${config.url}: ${(error as Error).message}`,
    );
  }
  try {
    return await work(client);
  } catch (error) {
    // A dropped connection or a timeout mid-way is the directory being away, not an answer.
    if (!(error instanceof ResultCodeError)) throw new DirectoryUnavailableError(`${config.url}: ${(error as Error).message}`);
    throw error;
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/** The filter of one sign-in name: the user filter AND any login attribute equal to `login` (escaped). */
export function userFilterFor(config: LdapConfig, login: string): string {
  const any = new OrFilter({ filters: config.loginAttributes.map((attribute) => new EqualityFilter({ attribute, value: login })) });
  return `(&${config.userFilter}${any.toString()})`;
}

const userAttributes = (config: LdapConfig) => [...new Set([...Object.values(config.attributes), ...config.loginAttributes, ...STATUS_ATTRIBUTES])];

/** The one user entry `login` names, or null when none or several do (an ambiguous name signs no one in). */
export async function findUser(client: Client, config: LdapConfig, login: string): Promise<DirectoryUser | null> {
  const { searchEntries } = await client.search(config.userBaseDn, {
    scope: 'sub',
    filter: userFilterFor(config, login),
    attributes: userAttributes(config),
    sizeLimit: 2,
  });
  return searchEntries.length === 1 ? toUser(config, searchEntries[0]!) : null;
}

/** AD's reason code in a refused bind's message ("… data 52e, v4563"), lower-case, or null. */
function adBindCode(error: unknown): string | null {
  return error instanceof Error ? (error.message.match(/\bdata ([0-9a-f]{3,4})\b/i)?.[1]?.toLowerCase() ?? null) : null;
}

/** Whether an OpenLDAP ppolicy password age is over: pwdChangedTime + the policy's pwdMaxAge (s) is past. */
async function ppolicyExpired(client: Client, config: LdapConfig, user: DirectoryUser, now: Date): Promise<boolean> {
  if (!user.passwordChangedAt || !config.passwordPolicyDn) return false;
  try {
    const { searchEntries } = await client.search(config.passwordPolicyDn, { scope: 'base', attributes: ['pwdMaxAge'] });
    const maxAge = Number(searchEntries[0] ? first(searchEntries[0], 'pwdMaxAge') : 0);
    return maxAge > 0 && user.passwordChangedAt.getTime() + maxAge * 1000 < now.getTime();
  } catch {
    return false;
  }
}

/**
 * Checks `login` / `password` against the directory: the service account finds the one entry the
 * name matches, then a bind as that entry with `password` decides. A refused bind is told apart
 * from the entry's state: disabled, locked, expired password (AD's bind codes 533/775/532/773,
 * OpenLDAP ppolicy's pwdAccountLockedTime and pwdChangedTime + pwdMaxAge), else a wrong password.
 * An empty password is never sent (an LDAP "unauthenticated bind" would succeed). Throws
 * {@link DirectoryUnavailableError} when the directory cannot be asked.
 */
export async function authenticate(config: LdapConfig, login: string, password: string, now = new Date()): Promise<DirectoryAuthResult> {
  return withServiceClient(config, async (service) => {
    const user = await findUser(service, config, login);
    if (!user) return { kind: 'unknownUser' };
    if (password === '') return { kind: 'wrongPassword', user };
    let userClient: Client;
    try {
      userClient = await open(config);
    } catch (error) {
      throw new DirectoryUnavailableError((error as Error).message);
    }
    try {
      await userClient.bind(user.dn, password);
      if (user.status === 'disabled') return { kind: 'disabled', user };
      return { kind: 'ok', user };
    } catch (error) {
      if (!(error instanceof InvalidCredentialsError)) {
        if (error instanceof ResultCodeError) return { kind: 'wrongPassword', user };
        throw new DirectoryUnavailableError((error as Error).message);
      }
      const code = adBindCode(error);
      if (code === '533' || code === '701' || user.status === 'disabled') return { kind: 'disabled', user };
      if (code === '775' || user.status === 'locked') return { kind: 'locked', user };
      if (code === '532' || code === '773' || (await ppolicyExpired(service, config, user, now))) return { kind: 'passwordExpired', user };
      return { kind: 'wrongPassword', user };
    } finally {
      await userClient.unbind().catch(() => undefined);
    }
  });
}

/** Every user entry under the user base (paged, 500 a page). */
export async function readUsers(client: Client, config: LdapConfig): Promise<DirectoryUser[]> {
  const out: DirectoryUser[] = [];
  for await (const page of client.searchPaginated(config.userBaseDn, {
    scope: 'sub',
    filter: config.userFilter,
    attributes: userAttributes(config),
    paged: { pageSize: 500 },
  })) {
    for (const entry of page.searchEntries) out.push(toUser(config, entry));
  }
  return out;
}

/** Every group entry under the group base with its members (member and uniqueMember), paged. */
export async function readGroups(client: Client, config: LdapConfig): Promise<DirectoryGroup[]> {
  const out: DirectoryGroup[] = [];
  for await (const page of client.searchPaginated(config.groupBaseDn, {
    scope: 'sub',
    filter: config.groupFilter,
    attributes: ['cn', 'member', 'uniqueMember'],
    paged: { pageSize: 500 },
  })) {
    for (const entry of page.searchEntries) {
      out.push({
        dn: lower(entry.dn),
        name: first(entry, 'cn') ?? entry.dn,
        // uniqueMember may carry an "#'0101'B" unique identifier after the DN (RFC 4519): drop it.
        members: [...all(entry, 'member'), ...all(entry, 'uniqueMember').map((m) => m.replace(/#'[01]*'B$/, ''))].map(lower),
      });
    }
  }
  return out;
}

/**
 * The DNs (lower-case) of every group `user` belongs to, directly or through nested groups
 * (a group listed as a member of another), with AD's memberOf as further direct memberships.
 * Cycles are harmless: each group is visited once.
 */
export function groupsOf(user: DirectoryUser, groups: DirectoryGroup[]): Set<string> {
  const parents = new Map<string, string[]>();
  for (const group of groups) {
    for (const member of group.members) parents.set(member, [...(parents.get(member) ?? []), group.dn]);
  }
  const found = new Set<string>();
  const queue = [...(parents.get(lower(user.dn)) ?? []), ...user.memberOf];
  while (queue.length > 0) {
    const dn = queue.pop()!;
    if (found.has(dn)) continue;
    found.add(dn);
    queue.push(...(parents.get(dn) ?? []));
  }
  return found;
}
