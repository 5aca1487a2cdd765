/**
 * The outbox's transports, one per channel (issue #38). The sender job (lib/outbox/sender.ts)
 * claims due `outbox` rows and hands each to the transport registered for its channel; a channel
 * without a transport keeps its rows queued (e.g. mail without SMTP_HOST).
 *
 * Registering a transport (at start, before the app is ready):
 *   registerTransport('whatsapp', { async send(row) { …; return { providerMessageId: 'wamid…' }; } });
 */

/** The channels the outbox carries (the `outbox.channel` column's values). */
export type OutboxChannel = 'mail' | 'whatsapp';

/**
 * What a row may carry in `payload` besides its own keys: `html` — the HTML body of a mail (the
 * plain `body` is its text part); `lang` — the recipient's language (az/en/ru/tr) the texts were
 * written in; `kind` — what the message is (passwordReset, accountCreated, a notification event…);
 * `messageIdTag` — a token the Message-ID carries (decide-by-reply, lib/approvals/mail-tokens.ts);
 * `inReplyTo` — the Message-ID of a received mail this one answers (inbound mail's replies).
 */
export interface OutboxPayload {
  kind?: string;
  html?: string;
  lang?: 'az' | 'en' | 'ru' | 'tr';
  messageIdTag?: string;
  inReplyTo?: string;
  [key: string]: unknown;
}

/** One outbox row as a transport receives it. `subject` and `body` are plain text. */
export interface OutboxMessage {
  id: number;
  channel: OutboxChannel;
  /** An email address (mail) or a phone number in international digits, e.g. 994501234567 (WhatsApp). */
  recipient: string;
  subject: string;
  body: string;
  payload: OutboxPayload | null;
  /** Tries before this one (0 on the first). */
  attempts: number;
  createdAt: Date;
}

/** What a transport answers after the provider accepted the message. */
export interface OutboxSendResult {
  /**
   * The provider's id of the message, stored in `outbox.message_id` (mail: the Message-ID
   * header `<sd-outbox-{id}@{MAIL_DOMAIN}>` replies will refer to; WhatsApp: the `wamid`).
   */
  providerMessageId?: string;
}

/**
 * Delivers one channel's messages. `send` resolves when the provider took the message; a rejection
 * is a failed try: the sender keeps the error's message in `last_error` and tries again later with
 * a growing delay, up to MAIL_MAX_ATTEMPTS tries, then marks the row `failed`. Throw an error with
 * `permanent: true` to give up at once (e.g. a recipient the provider refuses for good).
 */
export interface OutboxTransport {
  send(message: OutboxMessage): Promise<OutboxSendResult>;
  /** Frees connections when the app closes (optional). */
  close?(): Promise<void>;
}

/** An error after which the row is not tried again (the sender marks it failed at once). */
export class PermanentSendError extends Error {
  readonly permanent = true;
}

/** A set of transports by channel; the app uses {@link defaultTransports}, tests may build their own. */
export class TransportRegistry {
  private readonly byChannel = new Map<OutboxChannel, OutboxTransport>();

  /** Sets (or replaces) the transport of `channel`. */
  register(channel: OutboxChannel, transport: OutboxTransport): void {
    this.byChannel.set(channel, transport);
  }

  /** Removes the transport of `channel` (its rows stay queued). */
  unregister(channel: OutboxChannel): void {
    this.byChannel.delete(channel);
  }

  /** The transport of `channel`, or undefined when none is registered. */
  get(channel: OutboxChannel): OutboxTransport | undefined {
    return this.byChannel.get(channel);
  }

  /** The channels that have a transport (the sender claims only their rows). */
  channels(): OutboxChannel[] {
    return [...this.byChannel.keys()];
  }
}

/** The process's registry, read by the app's sender job. */
export const defaultTransports = new TransportRegistry();

/** Registers `transport` for `channel` in the process's registry ({@link defaultTransports}). */
export function registerTransport(channel: OutboxChannel, transport: OutboxTransport): void {
  defaultTransports.register(channel, transport);
}

/** The transport registered for `channel` in the process's registry, or undefined. */
export function transportFor(channel: OutboxChannel): OutboxTransport | undefined {
  return defaultTransports.get(channel);
}
