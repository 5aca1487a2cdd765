import { Redis } from 'ioredis';

/**
 * Tells every instance which sessions ended (revoked: sign-out, sign out everywhere, a password
 * change or reset, deactivation), so each drops their tokens from its verified-token cache at once
 * (issue #20). The auth guard's session check in the database is what refuses a revoked token;
 * this keeps no revoked token in any instance's memory. With REDIS_URL it is a Redis pub/sub
 * channel `<prefix>sessions:revoked` (JSON array of session ids); without, one instance only, so
 * nothing to tell. Listeners on this instance (the hub, which closes those sessions' sockets on
 * every instance through its own cluster) hear the revocations made here.
 */
export interface SessionEvents {
  /**
   * Announces revoked session ids, ended for `reason` (sessions.service RevokeReason), to this
   * instance's listeners and every other instance (this one has dropped their tokens already).
   */
  revoked(sessionIds: readonly string[], reason?: string): Promise<void>;
  /** Hears the revocations made on this instance; answers a function that stops listening. */
  listen(listener: SessionsRevokedListener): () => void;
  close(): Promise<void>;
}

/** Called with the session ids revoked on this instance and why. */
export type SessionsRevokedListener = (sessionIds: readonly string[], reason: string) => void;

/** The listeners of one SessionEvents; a failing listener never stops the others or the revocation. */
function listeners(): { add: SessionEvents['listen']; tell: (ids: readonly string[], reason: string) => void } {
  const all = new Set<SessionsRevokedListener>();
  return {
    add(listener) {
      all.add(listener);
      return () => void all.delete(listener);
    },
    tell(ids, reason) {
      if (ids.length === 0) return;
      for (const listener of [...all]) {
        try {
          listener(ids, reason);
        } catch {
          // the session is ended in the database already; a listener's failure changes nothing
        }
      }
    },
  };
}

/** Session events over Redis pub/sub: `onRevoked` runs on every instance but the sender for each announcement. */
export function createRedisSessionEvents(url: string, prefix: string, onRevoked: (sessionIds: string[]) => void, onError: (error: unknown) => void): SessionEvents {
  const channel = `${prefix}sessions:revoked`;
  const instance = Math.random().toString(36).slice(2);
  const publisher = new Redis(url, { maxRetriesPerRequest: 5 });
  const subscriber = publisher.duplicate();
  subscriber.on('message', (_channel: string, text: string) => {
    try {
      const { from, ids } = JSON.parse(text) as { from: string; ids: unknown };
      if (from !== instance && Array.isArray(ids)) onRevoked(ids.filter((id): id is string => typeof id === 'string'));
    } catch (error) {
      onError(error);
    }
  });
  const subscribed = subscriber.subscribe(channel).catch(onError);
  const local = listeners();
  return {
    listen: local.add,
    async revoked(sessionIds, reason = 'revoked') {
      if (sessionIds.length === 0) return;
      local.tell(sessionIds, reason);
      await subscribed;
      await publisher.publish(channel, JSON.stringify({ from: instance, ids: sessionIds }));
    },
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

/** Session events of a single instance: only its own listeners to tell. */
export function createLocalSessionEvents(): SessionEvents {
  const local = listeners();
  return { listen: local.add, revoked: async (ids, reason = 'revoked') => local.tell(ids, reason), close: async () => {} };
}

/**
 * The single-instance stand-in the app uses without REDIS_URL (one per process: every app of the
 * process hears the revocations — session ids are unique, so each hub closes only its own sockets).
 */
export const noSessionEvents: SessionEvents = createLocalSessionEvents();
