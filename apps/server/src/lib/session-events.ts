import { Redis } from 'ioredis';

/**
 * Tells every instance which sessions were revoked, so each drops their tokens from its
 * verified-token cache at once (issue #20). The auth guard's session check in the database is
 * what refuses a revoked token; this keeps no revoked token in any instance's memory. With
 * REDIS_URL it is a Redis pub/sub channel `<prefix>sessions:revoked` (JSON array of session ids);
 * without, one instance only, so nothing to tell.
 */
export interface SessionEvents {
  /** Announces revoked session ids to every other instance (this one has dropped them already). */
  revoked(sessionIds: readonly string[]): Promise<void>;
  close(): Promise<void>;
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
  return {
    async revoked(sessionIds) {
      if (sessionIds.length === 0) return;
      await subscribed;
      await publisher.publish(channel, JSON.stringify({ from: instance, ids: sessionIds }));
    },
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

/** The single-instance stand-in: nothing to tell. */
export const noSessionEvents: SessionEvents = { revoked: async () => {}, close: async () => {} };
