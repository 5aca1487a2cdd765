/*
 * The ASP.NET Core SignalR JSON hub protocol, server side (REALTIME.md; dotnet/aspnetcore
 * src/SignalR/docs/specs/HubProtocol.md and TransportProtocols.md). Only what the official
 * @microsoft/signalr client needs over WebSockets with the "json" protocol.
 */

/** Every JSON record ends with the ASCII record separator 0x1E (HubProtocol.md "JSON Encoding"). */
export const RECORD_SEPARATOR = '\u001e';

/** Hub message types (HubProtocol.md "Message Types"). */
export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

/** The one protocol this server speaks. */
export const PROTOCOL_NAME = 'json';
/** Highest json protocol version accepted in the handshake (the v8+ client asks for 2, older ones 1). */
export const MAX_PROTOCOL_VERSION = 2;

/** Largest client message the server reads, bytes (ASP.NET Core's MaximumReceiveMessageSize default: 32 KB). */
export const MAX_MESSAGE_BYTES = 32 * 1024;

/** A server → client invocation of a client method (no invocationId: the client does not answer). */
export interface InvocationMessage {
  type: typeof MessageType.Invocation;
  target: string;
  arguments: unknown[];
}

/** The answer to a client invocation that carried an invocationId: `result` or `error`, never both. */
export interface CompletionMessage {
  type: typeof MessageType.Completion;
  invocationId: string;
  result?: unknown;
  error?: string;
}

/** Closes the connection; `allowReconnect: true` lets a client with automatic reconnect come back. */
export interface CloseMessage {
  type: typeof MessageType.Close;
  error?: string;
  allowReconnect?: boolean;
}

export interface PingMessage {
  type: typeof MessageType.Ping;
}

export type ServerMessage = InvocationMessage | CompletionMessage | CloseMessage | PingMessage;

/** A client message after JSON parsing; fields are checked where they are used. */
export interface ClientMessage {
  type: number;
  invocationId?: unknown;
  target?: unknown;
  arguments?: unknown;
}

/** The handshake request, the first record a client sends (HubProtocol.md "Overview"). */
export interface HandshakeRequest {
  protocol: string;
  version: number;
}

/** Serialises one record: `JSON + \x1e`. Always sent as a UTF-8 text frame. */
export function formatRecord(message: object): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

/** The pre-serialised keep-alive record (`{"type":6}`). */
export const PING_RECORD = formatRecord({ type: MessageType.Ping });

/**
 * Splits buffered text into complete records. Returns the records (without separators) and the
 * unterminated rest, which the caller keeps until the next frame completes it.
 */
export function splitRecords(text: string): { records: string[]; rest: string } {
  const parts = text.split(RECORD_SEPARATOR);
  const rest = parts.pop() ?? '';
  return { records: parts, rest };
}

/** Thrown by a hub method to send its message to the client (like .NET's HubException). */
export class HubException extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HubException';
  }
}

/** Error texts worded as ASP.NET Core words them (DefaultHubDispatcher), without detailed errors. */
export const hubErrors = {
  unknownMethod: (target: string) => `Unknown hub method '${target}'`,
  /** Arguments that do not bind to the method's parameters. */
  bindingFailure: (target: string) => `Failed to invoke '${target}' due to an error on the server.`,
  /** A HubException keeps its message; anything else hides it (no stack traces, no internals). */
  invocationFailure: (target: string, error: unknown) =>
    error instanceof HubException
      ? `An unexpected error occurred invoking '${target}' on the server. HubException: ${error.message}`
      : `An unexpected error occurred invoking '${target}' on the server.`,
  nonStreaming: (target: string) =>
    `The client attempted to invoke the non-streaming '${target}' method with a streaming invocation.`,
  protocolNotAvailable: (protocol: string) => `Requested protocol '${protocol}' is not available.`,
  versionNotSupported: (protocol: string, version: unknown) =>
    `The server does not support version ${String(version)} of the '${protocol}' protocol.`,
  handshakeInvalid: 'Handshake was canceled.',
  /** Sent in a Close message before the server drops a connection that broke the protocol. */
  connectionError: 'Connection closed with an error.',
} as const;

/**
 * Parses the handshake record. Returns the request or the error text to answer with
 * (`{"error": …}`); a handshake never contains a `type` field in either direction.
 */
export function parseHandshake(record: string): HandshakeRequest | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    return { error: hubErrors.handshakeInvalid };
  }
  if (typeof value !== 'object' || value === null) return { error: hubErrors.handshakeInvalid };
  const { protocol, version } = value as Record<string, unknown>;
  if (typeof protocol !== 'string') return { error: hubErrors.handshakeInvalid };
  if (protocol !== PROTOCOL_NAME) return { error: hubErrors.protocolNotAvailable(protocol) };
  if (
    typeof version !== 'number' ||
    !Number.isInteger(version) ||
    version < 0 ||
    version > MAX_PROTOCOL_VERSION
  ) {
    return { error: hubErrors.versionNotSupported(protocol, version) };
  }
  return { protocol, version };
}

/** Parses one hub message record; null when it is not a JSON object with a numeric `type`. */
export function parseMessage(record: string): ClientMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'number') return null;
  return value as ClientMessage;
}
