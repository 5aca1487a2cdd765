import { createHmac, timingSafeEqual } from 'node:crypto';
import { PermanentSendError, type OutboxMessage, type OutboxTransport } from '../outbox/transport';
import type { WhatsAppConfig } from './config';

/** WhatsApp's language code of a template in an interface language (the template must be approved in each). */
export const WHATSAPP_LANGUAGE: Record<'az' | 'en' | 'ru' | 'tr', string> = { az: 'az', en: 'en', ru: 'ru', tr: 'tr' };

/**
 * The body of POST {base}/{phone-number-id}/messages for a template message (Cloud API "Send
 * template messages"): the approved template `name` in `languageCode` with its body's one text
 * variable. WhatsApp refuses a text parameter with new lines, tabs or more than four spaces in a
 * row, or over 1024 characters: {@link templateText} makes one.
 */
export function templateMessageBody(to: string, name: string, languageCode: string, text: string) {
  return {
    messaging_product: 'whatsapp' as const,
    recipient_type: 'individual' as const,
    to,
    type: 'template' as const,
    template: {
      name,
      language: { code: languageCode },
      components: [{ type: 'body' as const, parameters: [{ type: 'text' as const, text }] }],
    },
  };
}

/** `text` as a template text parameter: one line, runs of spaces shortened, at most 1024 characters. */
export function templateText(text: string): string {
  const line = text.replace(/[\r\n\t]+/g, ' ').replace(/ {4,}/g, '   ').trim();
  return line.length > 1024 ? `${line.slice(0, 1023)}…` : line;
}

/** The Graph API's error answer `{ error: { message, code, … } }`. */
interface GraphError {
  error?: { message?: string; code?: number; error_subcode?: number; error_data?: { details?: string } };
}

/**
 * The outbox transport of channel `whatsapp` (issue #38): each row becomes one template message
 * to `row.recipient` (994… digits) in the row's language (`payload.lang`, default az) with
 * `row.body` as the template's text; answers the `wamid` as the provider id (stored in
 * `outbox.message_id`, which the status webhook matches). A 400 answer (invalid number, unknown
 * template or parameter) is permanent ({@link PermanentSendError}); 401/403/429/5xx, timeouts and
 * network errors are tried again by the sender.
 */
export function createWhatsAppTransport(config: WhatsAppConfig, fetchImpl: typeof fetch = fetch): OutboxTransport {
  const { phoneNumberId, accessToken } = config;
  if (!phoneNumberId || !accessToken) throw new Error('WhatsApp needs WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_ACCESS_TOKEN');
  const url = `${config.apiBase}/${encodeURIComponent(phoneNumberId)}/messages`;
  return {
    async send(message: OutboxMessage) {
      const lang = message.payload?.lang ?? 'az';
      const body = templateMessageBody(message.recipient, config.templateName, WHATSAPP_LANGUAGE[lang] ?? 'az', templateText(message.body));
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      const answer = (await res.json().catch(() => ({}))) as GraphError & { messages?: { id?: string }[] };
      if (!res.ok) {
        const detail = answer.error ? `${answer.error.code ?? ''} ${answer.error.message ?? ''} ${answer.error.error_data?.details ?? ''}`.trim() : res.statusText;
        const text = `WhatsApp answered ${res.status}: ${detail}`;
        if (res.status === 400) throw new PermanentSendError(text);
        throw new Error(text);
      }
      const wamid = answer.messages?.[0]?.id;
      if (!wamid) throw new Error('WhatsApp accepted the message but answered no message id');
      return { providerMessageId: wamid };
    },
  };
}

/**
 * Whether `header` (X-Hub-Signature-256, `sha256=<hex>`) is the HMAC-SHA256 of the raw request
 * body with the app secret — compared in constant time; a missing, malformed or wrong one is false.
 */
export function isValidHubSignature(rawBody: string | Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** One status of a sent message from a webhook call. */
export interface WhatsAppStatus {
  /** The `wamid` the send answered. */
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** When WhatsApp saw it (from the unix `timestamp`), or null. */
  at: Date | null;
  /** For `failed`: the errors' code and title, joined. */
  error: string | null;
}

interface WebhookBody {
  entry?: { changes?: { field?: string; value?: { statuses?: { id?: unknown; status?: unknown; timestamp?: unknown; errors?: { code?: unknown; title?: unknown; message?: unknown }[] }[] } }[] }[];
}

const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);

/** The message statuses of a webhook body (`entry[].changes[].value.statuses[]`); anything else (incoming messages) is skipped. */
export function statusesOf(body: unknown): WhatsAppStatus[] {
  const out: WhatsAppStatus[] = [];
  for (const entry of (body as WebhookBody | null)?.entry ?? []) {
    for (const change of entry.changes ?? []) {
      for (const s of change.value?.statuses ?? []) {
        if (typeof s.id !== 'string' || typeof s.status !== 'string' || !STATUSES.has(s.status)) continue;
        const seconds = Number(s.timestamp);
        const error = s.errors?.map((e) => [e.code, e.title ?? e.message].filter((x) => x !== undefined && x !== null).join(' ')).join('; ') || null;
        out.push({ id: s.id, status: s.status as WhatsAppStatus['status'], at: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : null, error });
      }
    }
  }
  return out;
}
