import { and, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { RECORD_KINDS as CONTRACT_RECORD_KINDS, type RecordKindDefinition } from '@servicedesk/contracts';
import { userTypePermissions, users } from '../db/schema';
import * as access from '../lib/access';
import type { AppDeps } from '../types';
import type { Envelope } from './cluster';
import type { HubCaller, HubExtension } from './hub';
import { HubException } from './protocol';

/*
 * Presence on a record (issue #6 "who is viewing the request right now"): a page showing a
 * record joins it over the hub and leaves it when it goes away; everyone viewing the record gets
 * the list of viewers each time it changes. Cluster-wide like the user presence of cluster.ts:
 *
 * - one instance keeps the viewers in memory;
 * - with REDIS_URL, one hash per record `<prefix>record:<kind>:<id>` maps
 *   `<instanceId>:<connectionId>` → user id. Entries of instances whose heartbeat in
 *   `<prefix>instances` (cluster.ts) is older than `deadAfterMs` are dropped when the record is
 *   read, so a crashed instance leaves no ghost viewer. The hash expires a day after its last
 *   change.
 *
 * Hub methods (case-insensitive like every hub method):
 * - `JoinRecord(kind: string, id: number)` → `number[]` the viewers' user ids (ascending, each
 *   once), the caller included. Only a user who may see the record joins (lib/access.ts: the
 *   kind's action key with `{ id }` as the record); otherwise the invocation fails with a
 *   HubException "You may not view this record." (unknown kinds: "Unknown record kind 'x'.").
 * - `LeaveRecord(kind: string, id: number)` → void. Closing the connection leaves every record.
 * Server events, to every connection of the viewers:
 * - `RecordViewers(kind: string, id: number, userIds: number[])` after every join and leave;
 * - `RecordChanged(kind: string, id: number)` when a module calls {@link publishRecordChange}
 *   (the record changed: pages showing it refetch it; lists of the given users and of those who
 *   see every record of the kind — its `seeAllKey` — refetch too).
 */

/**
 * Record kinds one may join — declared once in contracts (records.ts RECORD_KINDS): `actionKey`
 * (and its record rule) decides who may view one; `seeAllKey` is the action whose holders see
 * every record of the kind (their lists get RecordChanged for all of them).
 */
export const RECORD_KINDS: Readonly<Record<string, RecordKindDefinition>> = CONTRACT_RECORD_KINDS;

/** Where the viewers of records live. */
export interface RecordViewerStore {
  /** Adds the connection as a viewer; answers the viewers' user ids afterwards. */
  join(key: string, connectionId: string, userId: number): Promise<number[]>;
  /** Removes the connection; answers the viewers' user ids afterwards. */
  leave(key: string, connectionId: string): Promise<number[]>;
  /** The viewers' user ids (live instances only). */
  viewers(key: string): Promise<number[]>;
  close(): Promise<void>;
}

const distinctSorted = (ids: Iterable<number>): number[] => [...new Set(ids)].sort((a, b) => a - b);

/** The single-instance store. */
export function createMemoryViewerStore(): RecordViewerStore {
  const records = new Map<string, Map<string, number>>();
  const viewers = (key: string) => distinctSorted(records.get(key)?.values() ?? []);
  return {
    async join(key, connectionId, userId) {
      let map = records.get(key);
      if (!map) records.set(key, (map = new Map()));
      map.set(connectionId, userId);
      return viewers(key);
    },
    async leave(key, connectionId) {
      const map = records.get(key);
      map?.delete(connectionId);
      if (map?.size === 0) records.delete(key);
      return viewers(key);
    },
    viewers: async (key) => viewers(key),
    async close() {
      records.clear();
    },
  };
}

// KEYS[1] = the record's hash, KEYS[2] = instances zset. ARGV: deadAfterMs. Drops entries of dead
// instances and answers the user ids of the rest.
const VIEWERS_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local entries = redis.call('HGETALL', KEYS[1])
local out = {}
local alive = {}
for i = 1, #entries, 2 do
  local field = entries[i]
  local instance = string.match(field, '^([^:]+):')
  if alive[instance] == nil then
    local score = redis.call('ZSCORE', KEYS[2], instance)
    alive[instance] = score ~= false and score ~= nil and tonumber(score) >= now - tonumber(ARGV[1])
  end
  if alive[instance] then out[#out + 1] = entries[i + 1] else redis.call('HDEL', KEYS[1], field) end
end
return out`;

/** The Redis store (see the module comment); `instanceId` and `keyPrefix` as the hub's cluster. */
export function createRedisViewerStore(options: {
  url: string;
  instanceId: string;
  keyPrefix: string;
  deadAfterMs?: number;
}): RecordViewerStore {
  const redis = new Redis(options.url, { maxRetriesPerRequest: 5 });
  const deadAfterMs = options.deadAfterMs ?? 15_000;
  const hashKey = (key: string) => `${options.keyPrefix}record:${key}`;
  const field = (connectionId: string) => `${options.instanceId}:${connectionId}`;
  const viewers = async (key: string) => {
    const ids = (await redis.eval(
      VIEWERS_SCRIPT,
      2,
      hashKey(key),
      `${options.keyPrefix}instances`,
      String(deadAfterMs),
    )) as unknown[];
    return distinctSorted(ids.map(Number).filter(Number.isInteger));
  };
  return {
    async join(key, connectionId, userId) {
      await redis
        .multi()
        .hset(hashKey(key), field(connectionId), String(userId))
        .expire(hashKey(key), 86_400)
        .exec();
      return viewers(key);
    },
    async leave(key, connectionId) {
      await redis.hdel(hashKey(key), field(connectionId));
      return viewers(key);
    },
    viewers,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** What the presence needs from its surroundings. */
export interface RecordPresenceOptions {
  deps: AppDeps;
  store: RecordViewerStore;
  /** Delivers a server event on every instance (the hub cluster's publish). */
  publish(envelope: Envelope): Promise<void>;
}

/** The hub extension plus the change signal modules call. */
export interface RecordPresence extends HubExtension {
  /** Pushes RecordChanged(kind, id) to the record's viewers and to `alsoUserIds` (e.g. its participants, for their lists). */
  recordChanged(kind: string, id: number, alsoUserIds?: readonly number[]): Promise<void>;
  close(): Promise<void>;
}

const recordKey = (kind: string, id: number) => `${kind}:${id}`;

/** Creates the record presence (hub methods JoinRecord / LeaveRecord, events RecordViewers / RecordChanged). */
export function createRecordPresence({
  deps,
  store,
  publish,
}: RecordPresenceOptions): RecordPresence {
  /** Records each local connection has joined (to leave them when it closes). */
  const joined = new Map<string, Set<string>>();

  const parse = (kind: unknown, id: unknown): { kind: string; id: number } => {
    if (typeof kind !== 'string' || typeof id !== 'number' || !Number.isInteger(id) || id <= 0) {
      throw new HubException('JoinRecord and LeaveRecord take a record kind and a positive id.');
    }
    if (!Object.hasOwn(RECORD_KINDS, kind))
      throw new HubException(`Unknown record kind '${kind.slice(0, 50)}'.`);
    return { kind, id };
  };

  const announce = async (kind: string, id: number, viewers: number[], alsoUserId?: number) => {
    const userIds = distinctSorted(alsoUserId === undefined ? viewers : [...viewers, alsoUserId]);
    if (userIds.length > 0)
      await publish({ target: 'RecordViewers', arguments: [kind, id, viewers], userIds });
  };

  const mayView = async (userId: number, kind: string, id: number): Promise<boolean> => {
    const [row] = await deps.db
      .select({
        id: users.id,
        email: users.email,
        userTypeId: users.userTypeId,
        isActive: users.isActive,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!row?.isActive) return false;
    const kindInfo = RECORD_KINDS[kind] as { actionKey: string };
    return (await access.explain(deps, row, kindInfo.actionKey, { id })).allowed;
  };

  const leave = async (caller: HubCaller, key: string) => {
    const mine = joined.get(caller.connectionId);
    if (!mine?.delete(key)) return;
    if (mine.size === 0) joined.delete(caller.connectionId);
    const [kind, id] = [
      key.slice(0, key.lastIndexOf(':')),
      Number(key.slice(key.lastIndexOf(':') + 1)),
    ];
    await announce(kind, id, await store.leave(key, caller.connectionId), caller.userId);
  };

  return {
    methods: [
      {
        name: 'JoinRecord',
        parameters: 2,
        async run(caller, [rawKind, rawId]) {
          const { kind, id } = parse(rawKind, rawId);
          if (!(await mayView(caller.userId, kind, id)))
            throw new HubException('You may not view this record.');
          const key = recordKey(kind, id);
          let mine = joined.get(caller.connectionId);
          if (!mine) joined.set(caller.connectionId, (mine = new Set()));
          mine.add(key);
          const viewers = await store.join(key, caller.connectionId, caller.userId);
          await announce(kind, id, viewers);
          return viewers;
        },
      },
      {
        name: 'LeaveRecord',
        parameters: 2,
        async run(caller, [rawKind, rawId]) {
          const { kind, id } = parse(rawKind, rawId);
          await leave(caller, recordKey(kind, id));
          return undefined;
        },
      },
    ],
    async onDisconnect(caller) {
      for (const key of [...(joined.get(caller.connectionId) ?? [])]) await leave(caller, key);
    },
    async recordChanged(kind, id, alsoUserIds = []) {
      const seeAllKey = Object.hasOwn(RECORD_KINDS, kind)
        ? RECORD_KINDS[kind]?.seeAllKey
        : undefined;
      const seeAll = seeAllKey
        ? await deps.db
            .select({ id: users.id })
            .from(users)
            .innerJoin(userTypePermissions, eq(userTypePermissions.userTypeId, users.userTypeId))
            .where(and(eq(userTypePermissions.actionKey, seeAllKey), eq(users.isActive, true)))
        : [];
      // Viewers were checked when they joined; one who has lost access since (left the group,
      // lost a permission) is not told of changes any more. Participants and see-all users are.
      const vouched = new Set([...alsoUserIds, ...seeAll.map((u) => u.id)]);
      const viewers: number[] = [];
      for (const userId of await store.viewers(recordKey(kind, id))) {
        if (
          vouched.has(userId) ||
          !Object.hasOwn(RECORD_KINDS, kind) ||
          (await mayView(userId, kind, id))
        )
          viewers.push(userId);
      }
      const userIds = distinctSorted([...viewers, ...vouched]);
      // Published even to nobody: every instance learns of the change (onRecordChange listeners).
      await publish({ target: 'RecordChanged', arguments: [kind, id], userIds });
    },
    onEnvelope(envelope) {
      const [kind, id] = envelope.arguments ?? [];
      if (envelope.target === 'RecordChanged' && typeof kind === 'string' && typeof id === 'number')
        announceLocally(deps, kind, id);
    },
    close: () => store.close(),
  };
}

const registry = new WeakMap<AppDeps, RecordPresence>();

/** Something that wants to know of record changes (e.g. a cache of lists). */
export type RecordChangeListener = (kind: string, id: number) => void;
const changeListeners = new WeakMap<AppDeps, Set<RecordChangeListener>>();

/**
 * Calls `listener(kind, id)` for every record change this app announces
 * ({@link publishRecordChange}) — at once on this instance, and, through the hub's cluster
 * (Redis with several instances), when another instance announces one. A listener must not
 * throw. Answers the function that stops it.
 */
export function onRecordChange(deps: AppDeps, listener: RecordChangeListener): () => void {
  let listeners = changeListeners.get(deps);
  if (!listeners) changeListeners.set(deps, (listeners = new Set()));
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function announceLocally(deps: AppDeps, kind: string, id: number): void {
  for (const listener of changeListeners.get(deps) ?? []) listener(kind, id);
}

/** Connects {@link publishRecordChange} of this app to its hub's record presence (hub/index.ts does). */
export function setRecordPresence(deps: AppDeps, presence: RecordPresence | null): void {
  if (presence) registry.set(deps, presence);
  else registry.delete(deps);
}

/**
 * Tells everyone viewing record `kind`/`id` — and `alsoUserIds` (its participants, whose lists
 * show it) — that it changed: RecordChanged(kind, id) over the hub, on every instance; and this
 * instance's {@link onRecordChange} listeners at once. Without a hub (tests of a module alone)
 * only the listeners hear it; a failed push is logged, never thrown.
 */
export async function publishRecordChange(
  deps: AppDeps,
  kind: string,
  id: number,
  alsoUserIds: readonly (number | null | undefined)[] = [],
  log?: { warn(obj: unknown, msg?: string): void },
): Promise<void> {
  announceLocally(deps, kind, id);
  const presence = registry.get(deps);
  if (!presence) return;
  try {
    await presence.recordChanged(
      kind,
      id,
      alsoUserIds.filter((u): u is number => typeof u === 'number'),
    );
  } catch (error) {
    log?.warn({ err: error, kind, id }, 'hub: RecordChanged push failed');
  }
}
