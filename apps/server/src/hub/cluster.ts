import { Redis } from 'ioredis';

/*
 * What the hub shares between instances (REALTIME.md items 3, 14, 15): who is online, the
 * server events to deliver, and the single-use record of connection tokens. One instance keeps
 * it in memory; with REDIS_URL every instance shares it through Redis:
 *
 * - `<prefix>instances`     ZSET instance id → last heartbeat (epoch ms, Redis clock)
 * - `<prefix>conn:<id>`     HASH user id → number of that instance's connections of the user
 * - `<prefix>used:<connId>` a consumed connection token (PX = its lifetime)
 * - `<prefix>events`        pub/sub channel of {@link Envelope}s (a separate subscriber connection)
 *
 * An instance is live while its heartbeat is younger than `deadAfterMs`. Every heartbeat also
 * reaps instances that stopped beating: their hash is deleted and `UserDisconnected` goes out
 * for each of their users who has no connection on a live instance — a dead instance leaves no
 * ghost. Presence changes run as Lua scripts, so "first connection" and "last connection" are
 * decided atomically across instances.
 */

/** A server event on its way to connections, wherever they are. */
export interface Envelope {
  /** The client method to invoke (ReceiveMessage, ...); absent for a close. */
  target?: string;
  arguments?: unknown[];
  /** Whose connections receive it; null = every connection. */
  userIds: number[] | null;
  /** A connection that must not receive it (the sender's own tab). */
  exceptConnectionId?: string;
  /** Only the connections of these sessions (an ended session), instead of `userIds`. */
  sessionIds?: string[];
  /** Close the connections instead (revocation: `allowReconnect` false). */
  close?: { allowReconnect: boolean; error?: string };
}

/** Timings of the Redis presence, ms. */
export interface ClusterTimings {
  /** How often an instance refreshes its heartbeat and reaps dead ones. @default 5000 */
  heartbeatMs: number;
  /** A heartbeat older than this marks its instance dead. @default 15000 */
  deadAfterMs: number;
}

export const defaultClusterTimings: ClusterTimings = { heartbeatMs: 5_000, deadAfterMs: 15_000 };

/** The shared state of the hub. */
export interface Cluster {
  readonly instanceId: string;
  /** Starts delivering published envelopes (and presence changes of reaped instances) to `deliver`. */
  start(deliver: (envelope: Envelope) => void): Promise<void>;
  /** Counts one more local connection of the user; true when it is the user's first in the cluster. */
  addConnection(userId: number): Promise<boolean>;
  /** Counts one local connection less; true when it was the user's last in the cluster. */
  removeConnection(userId: number): Promise<boolean>;
  /** Every user with at least one connection on a live instance, ascending. */
  connectedUserIds(): Promise<number[]>;
  /** Delivers the envelope on every instance (this one included). */
  publish(envelope: Envelope): Promise<void>;
  /** Records a connection token's id; true the first time, false when it was used before. */
  consumeOnce(connectionId: string, ttlMs: number): Promise<boolean>;
  /** Changes the timings (tests shorten them). */
  configure(timings: Partial<ClusterTimings>): void;
  /**
   * Leaves the cluster: forgets this instance's presence and announces `UserDisconnected` for
   * users it was the last instance of. Stops delivering.
   */
  stop(): Promise<void>;
}

/** The single-instance cluster: presence, delivery and used tokens in this process. */
export function createMemoryCluster(instanceId: string): Cluster {
  const counts = new Map<number, number>();
  const used = new Map<string, number>(); // connection id → expiry epoch ms
  let deliver: ((envelope: Envelope) => void) | null = null;
  return {
    instanceId,
    async start(fn) {
      deliver = fn;
    },
    async addConnection(userId) {
      const n = (counts.get(userId) ?? 0) + 1;
      counts.set(userId, n);
      return n === 1;
    },
    async removeConnection(userId) {
      const n = (counts.get(userId) ?? 0) - 1;
      if (n > 0) {
        counts.set(userId, n);
        return false;
      }
      return counts.delete(userId);
    },
    async connectedUserIds() {
      return [...counts.keys()].sort((a, b) => a - b);
    },
    async publish(envelope) {
      deliver?.(envelope);
    },
    async consumeOnce(connectionId, ttlMs) {
      const now = Date.now();
      if (used.size > 1000) for (const [id, expiry] of used) if (expiry <= now) used.delete(id);
      const expiry = used.get(connectionId);
      if (expiry !== undefined && expiry > now) return false;
      used.set(connectionId, now + ttlMs);
      return true;
    },
    configure() {},
    async stop() {
      counts.clear();
      deliver = null;
    },
  };
}

// KEYS[1] = instances zset. ARGV: instanceId, userId, deadAfterMs, prefix.
// Answers 1 when no live instance (this one included) had the user before.
const ADD_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], now, ARGV[1])
local n = redis.call('HINCRBY', ARGV[4] .. 'conn:' .. ARGV[1], ARGV[2], 1)
if n > 1 then return 0 end
local live = redis.call('ZRANGEBYSCORE', KEYS[1], now - tonumber(ARGV[3]), '+inf')
for _, id in ipairs(live) do
  if id ~= ARGV[1] and redis.call('HEXISTS', ARGV[4] .. 'conn:' .. id, ARGV[2]) == 1 then return 0 end
end
return 1`;

// Same arguments. Answers 1 when the user has no connection left on any live instance.
const REMOVE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local key = ARGV[4] .. 'conn:' .. ARGV[1]
local n = redis.call('HINCRBY', key, ARGV[2], -1)
if n > 0 then return 0 end
redis.call('HDEL', key, ARGV[2])
local live = redis.call('ZRANGEBYSCORE', KEYS[1], now - tonumber(ARGV[3]), '+inf')
for _, id in ipairs(live) do
  if id ~= ARGV[1] and redis.call('HEXISTS', ARGV[4] .. 'conn:' .. id, ARGV[2]) == 1 then return 0 end
end
return 1`;

// KEYS[1] = instances. ARGV: deadAfterMs, prefix. Answers the user ids online on live instances.
const USERS_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local live = redis.call('ZRANGEBYSCORE', KEYS[1], now - tonumber(ARGV[1]), '+inf')
local seen = {}
local out = {}
for _, id in ipairs(live) do
  for _, u in ipairs(redis.call('HKEYS', ARGV[2] .. 'conn:' .. id)) do
    if not seen[u] then seen[u] = true; out[#out + 1] = u end
  end
end
return out`;

// KEYS[1] = instances. ARGV: instanceId. Refreshes the heartbeat; answers 1 when the instance
// was not registered (first beat, or it was reaped after a long pause and must re-announce).
const HEARTBEAT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return redis.call('ZADD', KEYS[1], now, ARGV[1])`;

// KEYS[1] = instances. ARGV: instanceId to reap, deadAfterMs, prefix, force ('1' = reap even if
// live: a graceful stop). Removes the instance and answers the users who are now offline.
const REAP_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score then return {} end
if ARGV[4] ~= '1' and tonumber(score) >= now - tonumber(ARGV[2]) then return {} end
redis.call('ZREM', KEYS[1], ARGV[1])
local key = ARGV[3] .. 'conn:' .. ARGV[1]
local users = redis.call('HKEYS', key)
redis.call('DEL', key)
local live = redis.call('ZRANGEBYSCORE', KEYS[1], now - tonumber(ARGV[2]), '+inf')
local out = {}
for _, u in ipairs(users) do
  local present = false
  for _, id in ipairs(live) do
    if redis.call('HEXISTS', ARGV[3] .. 'conn:' .. id, u) == 1 then present = true; break end
  end
  if not present then out[#out + 1] = u end
end
return out`;

/** Options of {@link createRedisCluster}. */
export interface RedisClusterOptions {
  instanceId: string;
  url: string;
  /** Prefix of every key and channel, so several deployments (or test runs) can share one Redis. @default 'sd:hub:' */
  keyPrefix?: string;
  timings?: Partial<ClusterTimings>;
  /** Called with errors of the background heartbeat and of malformed pub/sub messages. */
  onError?: (error: unknown, context: string) => void;
}

/** The Redis cluster: presence with per-instance heartbeats and a pub/sub backplane. */
export function createRedisCluster(options: RedisClusterOptions): Cluster {
  const { instanceId } = options;
  const prefix = options.keyPrefix ?? 'sd:hub:';
  const instancesKey = `${prefix}instances`;
  const channel = `${prefix}events`;
  const timings: ClusterTimings = { ...defaultClusterTimings, ...options.timings };
  const onError = options.onError ?? (() => {});
  const redis = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 5 });
  const subscriber = redis.duplicate();
  const local = new Map<number, number>(); // this instance's connection counts (to re-announce)
  let deliver: ((envelope: Envelope) => void) | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let beating: Promise<void> | null = null;

  const toIds = (values: unknown): number[] =>
    (Array.isArray(values) ? values : [])
      .map(Number)
      .filter(Number.isInteger)
      .sort((a, b) => a - b);

  const publish = async (envelope: Envelope) => {
    await redis.publish(channel, JSON.stringify(envelope));
  };

  const heartbeat = async () => {
    const added = Number(await redis.eval(HEARTBEAT_SCRIPT, 1, instancesKey, instanceId));
    if (added === 1 && local.size > 0) {
      // Reaped while alive (a long pause): register our connections again and announce them.
      const fresh: number[] = [];
      for (const [userId, count] of local) {
        const first = Number(
          await redis.eval(
            ADD_SCRIPT,
            1,
            instancesKey,
            instanceId,
            String(userId),
            String(timings.deadAfterMs),
            prefix,
          ),
        );
        if (count > 1)
          await redis.hset(`${prefix}conn:${instanceId}`, String(userId), String(count));
        if (first === 1) fresh.push(userId);
      }
      for (const userId of fresh)
        await publish({ target: 'UserConnected', arguments: [userId], userIds: null });
    }
    const cutoff = (await redisNow()) - timings.deadAfterMs;
    const dead = await redis.zrangebyscore(instancesKey, '-inf', `(${cutoff}`);
    for (const id of dead) await reap(id, false);
  };

  const redisNow = async () => {
    const [seconds, micros] = await redis.time();
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  };

  const reap = async (id: string, force: boolean) => {
    const gone = toIds(
      await redis.eval(
        REAP_SCRIPT,
        1,
        instancesKey,
        id,
        String(timings.deadAfterMs),
        prefix,
        force ? '1' : '0',
      ),
    );
    for (const userId of gone)
      await publish({ target: 'UserDisconnected', arguments: [userId], userIds: null });
  };

  const schedule = () => {
    if (timer) clearInterval(timer);
    timer = setInterval(() => {
      if (beating) return;
      beating = heartbeat()
        .catch((error: unknown) => onError(error, 'heartbeat'))
        .finally(() => (beating = null));
    }, timings.heartbeatMs);
    timer.unref();
  };

  return {
    instanceId,
    async start(fn) {
      deliver = fn;
      await Promise.all([redis.connect(), subscriber.connect()]);
      subscriber.on('message', (from: string, text: string) => {
        if (from !== channel || !deliver) return;
        try {
          deliver(JSON.parse(text) as Envelope);
        } catch (error) {
          onError(error, 'message');
        }
      });
      await subscriber.subscribe(channel);
      await heartbeat();
      schedule();
    },
    async addConnection(userId) {
      local.set(userId, (local.get(userId) ?? 0) + 1);
      const first = await redis.eval(
        ADD_SCRIPT,
        1,
        instancesKey,
        instanceId,
        String(userId),
        String(timings.deadAfterMs),
        prefix,
      );
      return Number(first) === 1;
    },
    async removeConnection(userId) {
      const n = (local.get(userId) ?? 0) - 1;
      if (n > 0) local.set(userId, n);
      else local.delete(userId);
      const last = await redis.eval(
        REMOVE_SCRIPT,
        1,
        instancesKey,
        instanceId,
        String(userId),
        String(timings.deadAfterMs),
        prefix,
      );
      return Number(last) === 1;
    },
    async connectedUserIds() {
      return toIds(
        await redis.eval(USERS_SCRIPT, 1, instancesKey, String(timings.deadAfterMs), prefix),
      );
    },
    publish,
    async consumeOnce(connectionId, ttlMs) {
      const set = await redis.set(
        `${prefix}used:${connectionId}`,
        '1',
        'PX',
        Math.max(1, Math.ceil(ttlMs)),
        'NX',
      );
      return set === 'OK';
    },
    configure(next) {
      Object.assign(timings, next);
      if (timer) schedule();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      if (beating) await beating;
      try {
        await reap(instanceId, true);
      } finally {
        local.clear();
        deliver = null;
        subscriber.disconnect();
        await redis.quit().catch(() => redis.disconnect());
      }
    },
  };
}
