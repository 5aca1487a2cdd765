import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { unauthorized } from '../lib/errors';
import type { AuthUser } from '../types';

/**
 * Every /api route needs `Authorization: Bearer <token>` with a valid, unexpired token of an active
 * user (issue #2), except routes marked `config: { public: true }`. Failures answer 401 with code
 * `missingToken`, `tokenExpired`, `invalidToken` or `inactiveUser`. Unknown /api paths are left
 * to the 404 handler.
 */
export function registerAuthGuard(app: FastifyInstance): void {
  app.decorateRequest('authUser', null);
  const guard = async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('missingToken', 'Sign in to use this call.');
    const userId = await app.deps.tokens.verify(match[1]);
    const [user] = await app.deps.db
      .select({ id: users.id, email: users.email, userTypeId: users.userTypeId, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw unauthorized('invalidToken', 'The token is not valid.');
    if (!user.isActive) throw unauthorized('inactiveUser', 'This account is deactivated.');
    request.authUser = { id: user.id, email: user.email, userTypeId: user.userTypeId };
  };
  // Attached per route (not as a global hook) so unknown /api paths still answer 404.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.config?.public) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [guard, ...existing];
  });
}

/** The caller of a guarded route (never null there; throws 401 if used on a public one). */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized('missingToken', 'Sign in to use this call.');
  return request.authUser;
}
