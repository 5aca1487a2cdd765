import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { openUntil } from '../modules/sessions/sessions.service';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { notFound, unauthorized } from '../lib/errors';
import { resolveJwtSecret } from '../lib/jwt-secret';
import { createMemoryChatStore, type ChatStore } from './chat-store';
import {
  createMemoryCluster,
  createRedisCluster,
  type Cluster,
  type ClusterTimings,
} from './cluster';
import { createConnectionTokens, newConnectionId } from './connection-token';
import { createHub, type Hub, type HubSession, type HubTimings } from './hub';
import { MAX_MESSAGE_BYTES } from './protocol';
import { installAccessTokenRedaction, takeAccessToken } from './redact';
import {
  createMemoryViewerStore,
  createRecordPresence,
  createRedisViewerStore,
  setRecordPresence,
} from './record-presence';

export type { Hub, HubTimings, ReceivedChatMessage } from './hub';
export type { ChatStore, ChatMessage, NewChatMessage } from './chat-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The chat hub of this instance: `app.hub.notifyUsers(userIds, notificationId)` etc. */
    hub: Hub;
  }
}

/** Where the hub listens (SPEC §7). */
export const HUB_PATH = '/ChatHub';

/** Headers the browser client may send on negotiate (REALTIME.md item 2). */
const ALLOWED_HEADERS = 'Authorization, X-Requested-With, X-SignalR-User-Agent, Content-Type';

export interface HubPluginOptions {
  /** Defaults to an in-memory store (the database one comes with the chat module). */
  chatStore?: ChatStore;
  /** Overrides `app.deps.config.redisUrl` (null = single instance, in memory). */
  redisUrl?: string | null;
  /** Prefix of the hub's Redis keys and channel. @default process.env.HUB_REDIS_PREFIX ?? 'sd:hub:' */
  redisKeyPrefix?: string;
  timings?: Partial<HubTimings & ClusterTimings>;
}

interface Authenticated {
  userId: number;
  connectionId: string;
  session: HubSession;
}

/**
 * The chat hub at /ChatHub (SPEC §7, REALTIME.md): `POST /ChatHub/negotiate` (+ its CORS
 * preflight) and the WebSocket `GET /ChatHub`, speaking the ASP.NET Core SignalR JSON hub protocol
 * to the official @microsoft/signalr client. Decorates `app.hub`. With REDIS_URL, presence and
 * server events are shared with every other instance through Redis. Needs `app.deps` (tokens,
 * db, config). Closing the app closes every connection with `allowReconnect`.
 */
async function hub(app: FastifyInstance, options: HubPluginOptions): Promise<void> {
  const { config, db, tokens } = app.deps;
  installAccessTokenRedaction(app.server);

  const instanceId = randomBytes(8).toString('hex');
  const redisUrl = options.redisUrl === undefined ? config.redisUrl : options.redisUrl;
  const cluster: Cluster = redisUrl
    ? createRedisCluster({
        instanceId,
        url: redisUrl,
        keyPrefix: options.redisKeyPrefix ?? process.env.HUB_REDIS_PREFIX ?? 'sd:hub:',
        timings: options.timings,
        onError: (error, context) => app.log.error({ err: error }, `hub: redis ${context} failed`),
      })
    : createMemoryCluster(instanceId);

  const isActiveUser = async (userId: number) => {
    const [row] = await db
      .select({ isActive: users.isActive })
      .from(users)
      .where(eq(users.id, userId));
    return row?.isActive === true;
  };

  const keyPrefix = options.redisKeyPrefix ?? process.env.HUB_REDIS_PREFIX ?? 'sd:hub:';
  const recordPresence = createRecordPresence({
    deps: app.deps,
    store: redisUrl
      ? createRedisViewerStore({
          url: redisUrl,
          instanceId,
          keyPrefix,
          deadAfterMs: options.timings?.deadAfterMs,
        })
      : createMemoryViewerStore(),
    publish: (envelope) => cluster.publish(envelope),
  });
  setRecordPresence(app.deps, recordPresence);
  const instance = createHub({
    cluster,
    chatStore: options.chatStore ?? createMemoryChatStore(),
    isActiveUser,
    log: app.log,
    timings: options.timings,
    extensions: [recordPresence],
    onFrame: (direction) => app.metrics.hubMessages.inc({ direction }),
    sessionOpenUntil: async (sessionId, userId) => (await openUntil(db, sessionId, userId))?.getTime() ?? null,
  });
  // A session revoked on this instance (sign-out, sign out everywhere, a password change or reset,
  // deactivation) closes its sockets on every instance, through the hub's own cluster.
  const stopListening = app.deps.sessionEvents.listen((sessionIds, reason) => {
    instance.disconnectSessions(sessionIds, reason).catch((error: unknown) => app.log.error({ err: error }, 'hub: closing the sockets of ended sessions failed'));
  });
  const connectionTokens = createConnectionTokens(
    await resolveJwtSecret(config, db),
    () => instance.timings.connectionTokenTtlMs,
  );
  await instance.start();
  app.decorate('hub', instance);

  /** The session token: `Authorization: Bearer` (negotiate, Node client) or `access_token` (browser WebSocket). */
  const authenticate = async (request: FastifyRequest): Promise<{ userId: number; session: HubSession }> => {
    const header = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const query = (request.query as { access_token?: unknown } | undefined)?.access_token;
    const token =
      header ?? takeAccessToken(request.raw) ?? (typeof query === 'string' ? query : undefined);
    if (!token) throw unauthorized('missingToken', 'Sign in to use this call.');
    const { userId, sessionId } = await tokens.verify(token);
    if (!(await isActiveUser(userId)))
      throw unauthorized('inactiveUser', 'This account is deactivated.');
    const expiresAt = await openUntil(db, sessionId, userId);
    if (!expiresAt) throw unauthorized('sessionRevoked', 'This session was signed out.');
    return { userId, session: { id: sessionId, expiresAt: expiresAt.getTime() } };
  };

  const authenticated = new WeakMap<FastifyRequest['raw'], Authenticated>();

  await app.register(async (scope) => {
    // Before @fastify/websocket's own preClose (which closes sockets without a Close message).
    scope.addHook('preClose', async () => {
      stopListening();
      await instance.shutdown();
      setRecordPresence(app.deps, null);
      await recordPresence.close();
    });
    await scope.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
    // negotiate has no body worth reading; accept whatever content type the client sends.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 4096 },
      (_request, _body, done) => done(null, undefined),
    );

    const cors = async (request: FastifyRequest, reply: FastifyReply) => {
      const origin = request.headers.origin;
      if (!origin) return;
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
      reply.header('vary', 'Origin');
    };

    scope.options(`${HUB_PATH}/negotiate`, { onRequest: cors }, async (_request, reply) => {
      reply.header('access-control-allow-methods', 'POST, OPTIONS');
      reply.header('access-control-allow-headers', ALLOWED_HEADERS);
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    });

    /**
     * POST /ChatHub/negotiate[?negotiateVersion=1] (TransportProtocols.md): 401 without a valid
     * session token; otherwise the connection id, a signed single-use connection token (~15 s)
     * and WebSockets as the only transport. Version 0 (no negotiateVersion) has no
     * connectionToken: the connection id itself is the token then.
     */
    scope.post(`${HUB_PATH}/negotiate`, { onRequest: cors }, async (request) => {
      const { userId } = await authenticate(request);
      const version = Number(
        (request.query as { negotiateVersion?: string }).negotiateVersion ?? 0,
      );
      const connectionId = newConnectionId();
      const token = connectionTokens.issue(userId, connectionId);
      const availableTransports = [
        { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
      ];
      if (version >= 1)
        return { negotiateVersion: 1, connectionId, connectionToken: token, availableTransports };
      return { connectionId: token, availableTransports };
    });

    /**
     * GET /ChatHub?id=<connectionToken> upgraded to a WebSocket. 401 (before the upgrade) without
     * a valid session token; 404 for an unknown, expired, reused or other user's id; no id
     * (skipNegotiation) opens a new connection.
     */
    scope.get(
      HUB_PATH,
      {
        websocket: true,
        preValidation: async (request) => {
          const { userId, session } = await authenticate(request);
          const id = (request.query as { id?: unknown }).id;
          if (id === undefined) {
            authenticated.set(request.raw, { userId, connectionId: newConnectionId(), session });
            return;
          }
          const claims = typeof id === 'string' ? connectionTokens.verify(id) : null;
          if (!claims || claims.userId !== userId) throw notFound('No connection with this id.');
          if (!(await cluster.consumeOnce(claims.connectionId, claims.expiresAt - Date.now()))) {
            throw notFound('No connection with this id.');
          }
          authenticated.set(request.raw, { userId, connectionId: claims.connectionId, session });
        },
      },
      (socket, request) => {
        const auth = authenticated.get(request.raw);
        if (!auth) {
          socket.close(1008);
          return;
        }
        app.metrics.hubConnectionsOpened.inc();
        instance.accept(socket, auth.userId, auth.connectionId, auth.session);
      },
    );
  });
}

/** Registers the hub; see {@link hub}. Not encapsulated, so `app.hub` is visible app-wide. */
export const hubPlugin = fp(hub, { name: 'servicedesk-hub', fastify: '5.x' });
