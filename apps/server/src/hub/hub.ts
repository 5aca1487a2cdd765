import type { WebSocket } from 'ws';
import { CHAT_MESSAGE_MAX_LENGTH, INT4_MAX, isSafeText } from '@servicedesk/contracts';
import type { ChatStore } from './chat-store';
import type { Cluster, ClusterTimings, Envelope } from './cluster';
import {
  HubException,
  MAX_MESSAGE_BYTES,
  MessageType,
  PING_RECORD,
  formatRecord,
  hubErrors,
  parseHandshake,
  parseMessage,
  splitRecords,
  type ClientMessage,
  type CloseMessage,
  type CompletionMessage,
} from './protocol';

/*
 * The chat hub (SPEC §7 "Real-time hub", REALTIME.md): one object per server instance that owns
 * its WebSocket connections, speaks the SignalR JSON hub protocol on them, and reaches the other
 * instances' connections through the {@link Cluster}. Methods the client invokes:
 * GetConnectedUserIds and SendMessageToUserByUserId. Events it pushes: ReceiveNotification,
 * ReceiveMessage, UserConnected, UserDisconnected.
 */

/** Protocol timings, ms (SPEC §9: keep-alive 15 s, server timeout 30 s). */
export interface HubTimings {
  /** A ping (`{"type":6}`) goes out after this long without sending anything. @default 15000 */
  keepAliveMs: number;
  /** A connection the client kept silent this long is dropped. @default 30000 */
  clientTimeoutMs: number;
  /** A connection that sent no handshake within this is dropped. @default 15000 */
  handshakeTimeoutMs: number;
  /** How often connections are checked for the three limits above. @default 1000 */
  tickMs: number;
  /** Lifetime of a negotiate connection token. @default 15000 */
  connectionTokenTtlMs: number;
}

export const defaultHubTimings: HubTimings = {
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  tickMs: 1_000,
  connectionTokenTtlMs: 15_000,
};

/** Longest chat message, characters (after trimming): the contracts' limit, shared with the API. */
export const MAX_CHAT_MESSAGE_LENGTH = CHAT_MESSAGE_MAX_LENGTH;

/** The logger the hub writes to (pino's / Fastify's shape). */
export interface HubLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface HubOptions {
  cluster: Cluster;
  chatStore: ChatStore;
  /** Whether the user exists and is active (a chat message to anyone else is refused). */
  isActiveUser(userId: number): Promise<boolean>;
  log: HubLogger;
  timings?: Partial<HubTimings>;
  /** More hub methods and a hook when a connection closes (record-presence.ts). */
  extensions?: readonly HubExtension[];
  /** Called for every WebSocket frame received (`in`) and record sent (`out`) — the metrics count them. */
  onFrame?(direction: 'in' | 'out'): void;
  /**
   * When the session `sessionId` of `userId` expires (ms since the epoch), or null once it is
   * revoked or expired: asked when a connection's session reaches its expiry, in case it was
   * renewed meanwhile. Without it a connection closes at the expiry it was accepted with.
   */
  sessionOpenUntil?(sessionId: string, userId: number): Promise<number | null>;
}

/** The session a connection belongs to: its id and when it expires (ms since the epoch). */
export interface HubSession {
  id: string;
  expiresAt: number;
}

/** The `error` of the Close message a connection gets when its session ends (`reason`: a RevokeReason or `expired`). */
export const sessionEndedError = (reason: string): string => `Session ended: ${reason}`;

/** Who invoked a hub method: the connection and its user. */
export interface HubCaller {
  connectionId: string;
  userId: number;
}

/**
 * Methods another module adds to the hub (case-insensitive names; `parameters` = the exact
 * number of arguments). A HubException is sent to the client; anything else is logged.
 */
export interface HubExtension {
  methods: readonly {
    name: string;
    parameters: number;
    run(caller: HubCaller, args: unknown[]): Promise<unknown>;
  }[];
  /** Runs after a connection closed (in its message queue). */
  onDisconnect?(caller: HubCaller): Promise<void>;
  /** Sees every server event this instance delivers (its own and other instances'), before delivery. */
  onEnvelope?(envelope: Envelope): void;
}

/**
 * What ReceiveMessage carries, as a JSON string (SPEC §7: `{"senderId":…,"message":…}`), plus
 * the conversation partner and the stored message's id and time so the sender's other tabs and
 * the history can place it.
 */
export interface ReceivedChatMessage {
  senderId: number;
  message: string;
  receiverId: number;
  id: number;
  /** ISO 8601, UTC. */
  createdAt: string;
}

/** The hub of one server instance. */
export interface Hub {
  readonly instanceId: string;
  readonly chatStore: ChatStore;
  readonly timings: Readonly<HubTimings>;
  /** Joins the cluster (Redis: connects, subscribes, first heartbeat). */
  start(): Promise<void>;
  /**
   * Takes over an upgraded WebSocket of an authenticated user; the client's handshake comes next.
   * With `session`, the connection lives no longer than it: it closes (Close without
   * `allowReconnect`, error {@link sessionEndedError}) at its expiry or when
   * {@link Hub.disconnectSessions} names it.
   */
  accept(socket: WebSocket, userId: number, connectionId: string, session?: HubSession | null): void;
  /** Pushes ReceiveNotification(notificationId) to every connection of these users, on any instance. */
  notifyUsers(userIds: readonly number[], notificationId: number): Promise<void>;
  /**
   * Closes every connection of the user, on any instance, with a Close message without
   * `allowReconnect` (a revoked or deactivated user; the client does not come back by itself).
   */
  disconnectUser(userId: number, error?: string): Promise<void>;
  /**
   * Closes the connections of these sessions, on any instance (within one pub/sub hop), with a
   * Close message without `allowReconnect` and error `sessionEndedError(reason)`; the other
   * sessions of the same user keep theirs.
   */
  disconnectSessions(sessionIds: readonly string[], reason: string): Promise<void>;
  /** Online users of the whole cluster, ascending ids. */
  connectedUserIds(): Promise<number[]>;
  /** Connections open on this instance. */
  localConnectionCount(): number;
  /** Changes timings at run time (tests shorten them). */
  configure(timings: Partial<HubTimings & ClusterTimings>): void;
  /**
   * Graceful shutdown: every connection gets `{"type":7,"allowReconnect":true}` and a normal
   * close (clients with automatic reconnect come back, to this or another instance), then the
   * instance leaves the cluster.
   */
  shutdown(): Promise<void>;
}

interface Connection {
  id: string;
  userId: number;
  session: HubSession | null;
  /** Closes the connection when its session expires. */
  expiryTimer: ReturnType<typeof setTimeout> | null;
  socket: WebSocket;
  openedAt: number;
  lastSent: number;
  lastReceived: number;
  handshaken: boolean;
  /** Text of an unterminated record, kept until the next frame completes it. */
  buffer: string;
  /** Messages of one connection run one at a time, in order (REALTIME.md item 9). */
  queue: Promise<void>;
  /** Set once its presence was counted in the cluster. */
  counted: boolean;
  closed: boolean;
}

/** Arguments that do not fit the method's parameters. */
class BindingError extends Error {}

interface HubMethod {
  name: string;
  parameters: number;
  run(connection: Connection, args: unknown[]): Promise<unknown>;
}

const OPEN = 1; // WebSocket.OPEN

export function createHub(options: HubOptions): Hub {
  const { cluster, chatStore, isActiveUser, log } = options;
  const timings: HubTimings = { ...defaultHubTimings, ...options.timings };
  const connections = new Set<Connection>();
  const byUser = new Map<number, Set<Connection>>();
  let ticker: ReturnType<typeof setInterval> | null = null;
  let stopping = false;

  const sendRaw = (connection: Connection, record: string) => {
    if (connection.socket.readyState !== OPEN) return;
    connection.lastSent = Date.now();
    options.onFrame?.('out');
    connection.socket.send(record); // a string → a UTF-8 text frame (REALTIME.md item 6)
  };

  const closeWith = (connection: Connection, message: CloseMessage | null, code = 1000) => {
    if (message && connection.handshaken) sendRaw(connection, formatRecord(message));
    connection.socket.close(code);
  };

  const protocolError = (connection: Connection, why: string) => {
    log.warn(
      { connectionId: connection.id, userId: connection.userId },
      `hub: closing connection, ${why}`,
    );
    closeWith(connection, { type: MessageType.Close, error: hubErrors.connectionError }, 1008);
  };

  const deliver = (envelope: Envelope) => {
    for (const extension of options.extensions ?? []) extension.onEnvelope?.(envelope);
    if (envelope.sessionIds) {
      // A session ended: its connections close whether or not their handshake is done yet.
      const ended = new Set(envelope.sessionIds);
      const close: CloseMessage = { type: MessageType.Close, ...(envelope.close?.error ? { error: envelope.close.error } : {}) };
      for (const c of [...connections]) if (c.session && ended.has(c.session.id)) closeWith(c, close);
      return;
    }
    let targets: Iterable<Connection>;
    if (envelope.userIds === null) {
      targets = connections;
    } else {
      const list: Connection[] = [];
      for (const userId of envelope.userIds) for (const c of byUser.get(userId) ?? []) list.push(c);
      targets = list;
    }
    if (envelope.close) {
      const close: CloseMessage = { type: MessageType.Close };
      if (envelope.close.error) close.error = envelope.close.error;
      if (envelope.close.allowReconnect) close.allowReconnect = true;
      for (const c of targets)
        if (c.handshaken && c.id !== envelope.exceptConnectionId) closeWith(c, close);
      return;
    }
    const record = formatRecord({
      type: MessageType.Invocation,
      target: envelope.target,
      arguments: envelope.arguments ?? [],
    });
    for (const c of targets)
      if (c.handshaken && c.id !== envelope.exceptConnectionId) sendRaw(c, record);
  };

  const methods = new Map<string, HubMethod>();
  const method = (m: HubMethod) => methods.set(m.name.toLowerCase(), m);

  method({
    name: 'GetConnectedUserIds',
    parameters: 0,
    run: () => cluster.connectedUserIds(),
  });

  method({
    name: 'SendMessageToUserByUserId',
    parameters: 2,
    async run(connection, [targetUserId, json]) {
      if (typeof targetUserId !== 'number' || !Number.isInteger(targetUserId) || targetUserId <= 0 || targetUserId > INT4_MAX)
        throw new BindingError();
      if (typeof json !== 'string') throw new BindingError();
      let parsed: unknown;
      try {
        parsed = JSON.parse(json);
      } catch {
        throw new HubException('The message must be the JSON text {"message": …, "senderId": …}.');
      }
      const text = (parsed as { message?: unknown } | null)?.message;
      if (typeof text !== 'string')
        throw new HubException('The message must be the JSON text {"message": …, "senderId": …}.');
      const message = text.trim();
      if (message === '') throw new HubException('The message is empty.');
      // Issue #20: NUL and lone surrogates never reach the database.
      if (!isSafeText(message)) throw new HubException('The message holds a NUL character or a lone surrogate.');
      if (message.length > MAX_CHAT_MESSAGE_LENGTH) {
        throw new HubException(`The message is longer than ${MAX_CHAT_MESSAGE_LENGTH} characters.`);
      }
      if (!(await isActiveUser(targetUserId)))
        throw new HubException(`User ${targetUserId} cannot receive messages.`);
      const senderId = connection.userId; // never the senderId the client wrote
      const createdAt = new Date();
      const id = await chatStore.save({ senderId, receiverId: targetUserId, message, createdAt });
      const payload: ReceivedChatMessage = {
        senderId,
        message,
        receiverId: targetUserId,
        id,
        createdAt: createdAt.toISOString(),
      };
      await cluster.publish({
        target: 'ReceiveMessage',
        arguments: [JSON.stringify(payload)],
        userIds: targetUserId === senderId ? [senderId] : [targetUserId, senderId],
        exceptConnectionId: connection.id,
      });
      return undefined;
    },
  });

  for (const extension of options.extensions ?? [])
    for (const m of extension.methods)
      method({
        name: m.name,
        parameters: m.parameters,
        run: (c, args) => m.run({ connectionId: c.id, userId: c.userId }, args),
      });

  const complete = (
    connection: Connection,
    invocationId: string,
    outcome: { result?: unknown; error?: string },
  ) => {
    const message: CompletionMessage = { type: MessageType.Completion, invocationId };
    if (outcome.error !== undefined) message.error = outcome.error;
    else if (outcome.result !== undefined) message.result = outcome.result;
    sendRaw(connection, formatRecord(message));
  };

  const invoke = async (connection: Connection, message: ClientMessage) => {
    const { target, invocationId } = message;
    if (
      typeof target !== 'string' ||
      (invocationId !== undefined && typeof invocationId !== 'string')
    ) {
      protocolError(connection, 'invocation without a target');
      return;
    }
    const reply = (outcome: { result?: unknown; error?: string }) => {
      if (invocationId !== undefined) complete(connection, invocationId, outcome);
      else if (outcome.error)
        log.info({ connectionId: connection.id, target }, `hub: ${outcome.error}`);
    };
    const m = methods.get(target.toLowerCase());
    if (!m) return reply({ error: hubErrors.unknownMethod(target) });
    const args = message.arguments;
    if (!Array.isArray(args) || args.length !== m.parameters)
      return reply({ error: hubErrors.bindingFailure(target) });
    try {
      const result = await m.run(connection, args);
      reply({ result });
    } catch (error) {
      if (error instanceof BindingError) return reply({ error: hubErrors.bindingFailure(target) });
      if (!(error instanceof HubException))
        log.error({ err: error, target, userId: connection.userId }, 'hub: method failed');
      reply({ error: hubErrors.invocationFailure(target, error) });
    }
  };

  const handle = async (connection: Connection, message: ClientMessage) => {
    switch (message.type) {
      case MessageType.Invocation:
        return invoke(connection, message);
      case MessageType.StreamInvocation: {
        // No streaming methods: answer like ASP.NET Core does, so the client's stream errors.
        if (typeof message.invocationId !== 'string') return;
        const target = typeof message.target === 'string' ? message.target : '';
        const error = methods.has(target.toLowerCase())
          ? hubErrors.nonStreaming(target)
          : hubErrors.unknownMethod(target);
        return complete(connection, message.invocationId, { error });
      }
      case MessageType.Close:
        connection.socket.close(1000);
        return;
      default:
        // Ping (only refreshes lastReceived), StreamItem, Completion, CancelInvocation, Ack,
        // Sequence and unknown types: nothing to do (HubProtocol.md: ignore what is not used).
        return;
    }
  };

  const enqueue = (connection: Connection, work: () => Promise<void> | void) => {
    connection.queue = connection.queue.then(work).catch((error: unknown) => {
      log.error({ err: error, connectionId: connection.id }, 'hub: message handling failed');
    });
  };

  const register = (connection: Connection) => {
    let set = byUser.get(connection.userId);
    if (!set) byUser.set(connection.userId, (set = new Set()));
    set.add(connection);
    enqueue(connection, async () => {
      if (connection.closed || stopping) return;
      const first = await cluster.addConnection(connection.userId);
      connection.counted = true;
      log.debug(
        { connectionId: connection.id, userId: connection.userId, first },
        'hub: connected',
      );
      if (first)
        await cluster.publish({
          target: 'UserConnected',
          arguments: [connection.userId],
          userIds: null,
        });
    });
  };

  const onText = (connection: Connection, text: string) => {
    const { records, rest } = splitRecords(connection.buffer + text);
    connection.buffer = rest;
    if (rest.length > MAX_MESSAGE_BYTES) return protocolError(connection, 'record too long');
    for (const record of records) {
      if (connection.closed || connection.socket.readyState !== OPEN) return;
      if (!connection.handshaken) {
        const request = parseHandshake(record);
        if ('error' in request) {
          connection.socket.send(formatRecord({ error: request.error }));
          connection.socket.close(1000);
          return;
        }
        connection.handshaken = true;
        sendRaw(connection, formatRecord({})); // never a `type` in the handshake answer
        register(connection);
        continue;
      }
      if (record === '') continue;
      const message = parseMessage(record);
      if (!message) return protocolError(connection, 'a record is not a hub message');
      enqueue(connection, () => handle(connection, message));
    }
  };

  const onClose = (connection: Connection) => {
    if (connection.closed) return;
    connection.closed = true;
    if (connection.expiryTimer) clearTimeout(connection.expiryTimer);
    connections.delete(connection);
    const set = byUser.get(connection.userId);
    set?.delete(connection);
    if (set?.size === 0) byUser.delete(connection.userId);
    enqueue(connection, async () => {
      for (const extension of options.extensions ?? [])
        await extension
          .onDisconnect?.({ connectionId: connection.id, userId: connection.userId })
          .catch((error: unknown) => {
            log.warn(
              { err: error, connectionId: connection.id },
              'hub: extension onDisconnect failed',
            );
          });
      if (!connection.counted || stopping) return; // a stopping instance leaves the cluster as a whole
      const last = await cluster.removeConnection(connection.userId);
      log.debug(
        { connectionId: connection.id, userId: connection.userId, last },
        'hub: disconnected',
      );
      if (last)
        await cluster.publish({
          target: 'UserDisconnected',
          arguments: [connection.userId],
          userIds: null,
        });
    });
  };

  /** Longest a timer may wait (setTimeout's 32-bit limit), ms. */
  const MAX_TIMER_MS = 2_147_483_647;
  /** Closes `connection` at `expiresAt` (ms) unless its session was renewed by then (asked then). */
  const watchExpiry = (connection: Connection, expiresAt: number) => {
    const session = connection.session;
    if (!session || connection.closed) return;
    connection.expiryTimer = setTimeout(
      () => {
        connection.expiryTimer = null;
        if (Date.now() < expiresAt) return watchExpiry(connection, expiresAt);
        const recheck = options.sessionOpenUntil ? options.sessionOpenUntil(session.id, connection.userId) : Promise.resolve(null);
        recheck
          .catch(() => null)
          .then((until) => {
            if (connection.closed) return;
            if (until !== null && until > Date.now()) return watchExpiry(connection, until);
            log.info({ connectionId: connection.id, userId: connection.userId }, 'hub: session expired, closing');
            closeWith(connection, { type: MessageType.Close, error: sessionEndedError('expired') });
          })
          .catch(() => undefined);
      },
      Math.min(Math.max(0, expiresAt - Date.now()), MAX_TIMER_MS),
    );
    connection.expiryTimer.unref();
  };

  const tick = () => {
    const now = Date.now();
    for (const c of connections) {
      if (!c.handshaken) {
        if (now - c.openedAt >= timings.handshakeTimeoutMs) {
          log.info({ connectionId: c.id }, 'hub: no handshake in time, closing');
          c.socket.close(1000);
        }
        continue;
      }
      if (now - c.lastReceived >= timings.clientTimeoutMs) {
        log.info({ connectionId: c.id, userId: c.userId }, 'hub: client silent too long, dropping');
        c.socket.terminate();
        onClose(c);
        continue;
      }
      if (now - c.lastSent >= timings.keepAliveMs) sendRaw(c, PING_RECORD);
    }
  };

  const schedule = () => {
    if (ticker) clearInterval(ticker);
    ticker = setInterval(tick, timings.tickMs);
    ticker.unref();
  };

  return {
    get instanceId() {
      return cluster.instanceId;
    },
    chatStore,
    timings,
    async start() {
      await cluster.start(deliver);
      schedule();
    },
    accept(socket, userId, connectionId, session = null) {
      const now = Date.now();
      const connection: Connection = {
        id: connectionId,
        userId,
        session,
        expiryTimer: null,
        socket,
        openedAt: now,
        lastSent: now,
        lastReceived: now,
        handshaken: false,
        buffer: '',
        queue: Promise.resolve(),
        counted: false,
        closed: false,
      };
      if (stopping) {
        socket.close(1001);
        return;
      }
      connections.add(connection);
      if (session) watchExpiry(connection, session.expiresAt);
      socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
        connection.lastReceived = Date.now();
        options.onFrame?.('in');
        const buf = Buffer.isBuffer(data)
          ? data
          : Array.isArray(data)
            ? Buffer.concat(data)
            : Buffer.from(data);
        onText(connection, buf.toString('utf8'));
      });
      socket.on('close', () => onClose(connection));
      socket.on('error', (error: Error) =>
        log.info({ err: error, connectionId }, 'hub: socket error'),
      );
    },
    notifyUsers: async (userIds, notificationId) => {
      if (userIds.length === 0) return;
      await cluster.publish({
        target: 'ReceiveNotification',
        arguments: [notificationId],
        userIds: [...new Set(userIds)],
      });
    },
    disconnectSessions: async (sessionIds, reason) => {
      if (sessionIds.length === 0) return;
      await cluster.publish({ userIds: [], sessionIds: [...sessionIds], close: { allowReconnect: false, error: sessionEndedError(reason) } });
    },
    disconnectUser: async (userId, error) => {
      await cluster.publish({
        userIds: [userId],
        close: { allowReconnect: false, ...(error ? { error } : {}) },
      });
    },
    connectedUserIds: () => cluster.connectedUserIds(),
    localConnectionCount: () => connections.size,
    configure(next) {
      for (const key of Object.keys(defaultHubTimings) as (keyof HubTimings)[]) {
        const value = next[key];
        if (value !== undefined) timings[key] = value;
      }
      cluster.configure(next);
      if (ticker) schedule();
    },
    async shutdown() {
      if (stopping) return;
      stopping = true;
      if (ticker) clearInterval(ticker);
      ticker = null;
      for (const c of [...connections])
        closeWith(c, { type: MessageType.Close, allowReconnect: true });
      await Promise.all([...connections].map((c) => c.queue));
      await cluster.stop();
    },
  };
}
