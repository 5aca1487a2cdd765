import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { PasswordHasher } from './lib/passwords';
import type { TokenService } from './lib/tokens';
import type { ThrottleStore } from './lib/throttle';
import type { SessionEvents } from './lib/session-events';

/** The signed-in caller, loaded by the auth guard from the bearer token. */
export interface AuthUser {
  id: number;
  email: string;
  userTypeId: number;
  /**
   * Ids of the groups (teams) the user belongs to, as member or lead — read by the auth guard
   * with the user, so a call's scopes need no round trip of their own. Absent on subjects built
   * elsewhere (e.g. the permission explainer's): look them up then.
   */
  groupIds?: readonly number[];
  /** The server-side session (token `jti`, issue #20) the call came with; absent outside a request. */
  sessionId?: string;
}

/** What every module needs, decorated on the app as `app.deps`. */
export interface AppDeps {
  config: AppConfig;
  database: Database;
  db: Db;
  passwords: PasswordHasher;
  tokens: TokenService;
  /** Atomic attempt counters (sign-in throttling, upload rate; issue #20): Redis when configured, else the database. */
  throttle: ThrottleStore;
  /** Revoked sessions announced to the other instances (their token caches drop them; issue #20). */
  sessionEvents: SessionEvents;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    /** The caller; null on public routes. Read it through `requireUser`. */
    authUser: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** True for routes that need no bearer token (the /api/auth ones that act before sign-in). */
    public?: boolean;
    /**
     * What a guarded /api route needs (issue #5, lib/access.ts): `'signedIn'` — any signed-in
     * active user; otherwise an action key of the catalogue (seed/catalog.ts) the caller's user
     * type must hold, else 403 `forbidden`. Every /api route declares `public` or `permission`.
     */
    permission?: 'signedIn' | (string & {});
  }
}
