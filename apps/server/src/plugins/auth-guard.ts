import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import { LRUCache } from 'lru-cache';
import { eq, sql } from 'drizzle-orm';
import { groupMembers, sessions, userTypePermissions, users } from '../db/schema';
import { LAST_SEEN_EVERY_MS, touch } from '../modules/sessions/sessions.service';
import { forbidden, unauthorized } from '../lib/errors';
import * as access from '../lib/access';
import type { AuthUser } from '../types';

/** One registered /api route as the guard saw it (the route-walking test reads these). */
export interface ApiRoute {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  public: boolean;
  /** `config.permission`: 'signedIn', an action key, or undefined when the route declares none. */
  permission: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route registered so far, with what it declares (issue #5). */
    apiRoutes: ApiRoute[];
  }
}

/**
 * Every /api route needs `Authorization: Bearer <token>` with a valid, unexpired token of an active
 * user (issue #2) whose session (`jti`, issue #20) is still open, except routes marked
 * `config: { public: true }`. Failures answer 401 with code `missingToken`, `tokenExpired`,
 * `invalidToken`, `inactiveUser` or `sessionRevoked` (logged out, password changed or reset,
 * signed out everywhere). The session's last-seen time is written at most once a minute. Then the route's
 * `config.permission` (issue #5): `'signedIn'` lets every signed-in user through; an action key
 * needs the caller's user type to hold it (lib/access.ts), else 403 `forbidden` with
 * `details: { rule: 'userTypeLacks', params: { actionKey, userTypeId } }`. A route that declares
 * neither `public` nor `permission` is refused with 403 (`details.rule: 'undeclaredPermission'`)
 * — fail closed; the route-walking test names it. Unknown /api paths are left to the 404 handler.
 */
/**
 * The guard's one query: the user, their type's action keys, their groups and the token's session. A named prepared
 * statement: PostgreSQL parses and plans it once per connection, not on every call.
 */
function prepareAuthQuery(app: FastifyInstance) {
  return app.deps.db
    .select({
      id: users.id,
      email: users.email,
      userTypeId: users.userTypeId,
      isActive: users.isActive,
      // Spelled out with aliases: in a one-table select drizzle renders columns unqualified,
      // which inside the subquery would compare user_type_permissions with itself.
      // One text (keys sorted, space-separated), parsed once per distinct text ({@link grantSet}):
      // as a text[] every call paid node-postgres's array parser (bench/stock profile: ~4 % of the
      // server's CPU with the Set built from it).
      grants: sql<string>`array_to_string(array(select p.action_key::text from ${userTypePermissions} p where p.user_type_id = ${users}.user_type_id order by 1), ' ')`,
      groupIds: sql<number[]>`array(select m.group_id from ${groupMembers} m where m.user_id = ${users}.id order by m.group_id)`,
      // The token's session (issue #20): its last-seen instant while open (not revoked, not
      // expired), else null — so a revocation holds on every instance from the next call.
      sessionSeenAt: sql<string | Date | null>`(select s.last_seen_at from ${sessions} s where s.id = ${sql.placeholder('sessionId')} and s.user_id = ${users}.id and s.revoked_at is null and s.expires_at > now())`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_guard_user');
}

/**
 * The grants of a user type as read on this call (their keys, sorted, space-separated) → the Set of
 * them, shared by every call that read the same text (never changed by its users). Sized in bytes
 * (2 a character of the text, twice over for the Set): a handful of user types in practice.
 */
const grantSets = new LRUCache<string, ReadonlySet<string>>({ maxSize: 1024 * 1024, sizeCalculation: (_set, text) => Math.max(1, text.length * 4) });

/** The Set of the space-separated keys `text` (see {@link grantSets}). */
export function grantSet(text: string): ReadonlySet<string> {
  let set = grantSets.get(text);
  if (!set) {
    set = new Set(text === '' ? [] : text.split(' '));
    grantSets.set(text, set);
  }
  return set;
}

export function registerAuthGuard(app: FastifyInstance): void {
  let authQuery: ReturnType<typeof prepareAuthQuery> | undefined;
  app.decorateRequest('authUser', null);
  app.decorate('apiRoutes', [] as ApiRoute[]);
  const guard = async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('missingToken', 'Sign in to use this call.');
    const { userId, sessionId } = await app.deps.tokens.verify(match[1]);
    const [user] = await (authQuery ??= prepareAuthQuery(app)).execute({ id: userId, sessionId });
    if (!user) throw unauthorized('invalidToken', 'The token is not valid.');
    if (!user.isActive) throw unauthorized('inactiveUser', 'This account is deactivated.');
    if (user.sessionSeenAt === null) throw unauthorized('sessionRevoked', 'This session was signed out.');
    if (Date.now() - new Date(user.sessionSeenAt).getTime() >= LAST_SEEN_EVERY_MS) {
      touch(app.deps.db, sessionId).catch((error: unknown) => request.log.warn({ err: error }, 'could not write the session last-seen time'));
    }
    const authUser: AuthUser = { id: user.id, email: user.email, userTypeId: user.userTypeId, groupIds: user.groupIds, sessionId };
    access.primeGrants(authUser, grantSet(user.grants));
    request.authUser = authUser;
    const permission = request.routeOptions.config.permission;
    if (permission === undefined) {
      throw forbidden('undeclaredPermission', 'This call declares no permission.', { url: request.routeOptions.url });
    }
    if (permission !== 'signedIn') await access.require(app.deps, authUser, permission);
  };
  // Attached per route (not as a global hook) so unknown /api paths still answer 404.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    app.apiRoutes.push({
      method: route.method,
      url: route.url,
      public: route.config?.public === true,
      permission: route.config?.permission,
    });
    if (route.config?.public) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [guard, ...existing];
  });
}

/** The caller of a guarded route (never null there; throws 401 if used on a public one). */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized('missingToken', 'Sign in to use this call.');
  return request.authUser;
}
