/**
 * WhatsApp Business Cloud API settings and the notification digest hour (issue #38), from the
 * environment; apps/server/README.md "WhatsApp notices and notification preferences" lists them.
 */

/** Where and as whom WhatsApp template messages are sent, and how the status webhook is checked. */
export interface WhatsAppConfig {
  /** WHATSAPP_API_BASE without a trailing slash (default https://graph.facebook.com/v21.0; tests point it at a local stand-in). */
  apiBase: string;
  /** WHATSAPP_PHONE_NUMBER_ID: the business number's id the messages go out from; null → no transport (rows stay queued). */
  phoneNumberId: string | null;
  /** WHATSAPP_ACCESS_TOKEN: the system user's token, sent as `Authorization: Bearer …`; null → no transport. */
  accessToken: string | null;
  /** WHATSAPP_TEMPLATE: the approved template's name; its body has one text variable {{1}} (default servicedesk_notification). */
  templateName: string;
  /** WHATSAPP_VERIFY_TOKEN: what Meta's GET verification request must bring in hub.verify_token; null → verification refused (403). */
  verifyToken: string | null;
  /** WHATSAPP_APP_SECRET: the app secret status callbacks are signed with (X-Hub-Signature-256); null → every callback refused (401). */
  appSecret: string | null;
  /** WHATSAPP_TIMEOUT_MS: one API call's timeout in ms (default 15000). */
  timeoutMs: number;
}

/** What the notification fan-out reads besides the preferences. */
export interface NotificationDeliveryConfig {
  /** NOTIFICATION_DIGEST_HOUR: the hour (0–23, organisation's zone) the daily digest covers up to and is sent at; default 18. */
  digestHour: number;
  whatsapp: WhatsAppConfig;
}

const blankToNull = (value: string | undefined): string | null => (value && value.trim() !== '' ? value.trim() : null);

function intFrom(value: string | undefined, fallback: number, name: string, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
  return n;
}

/** Reads WHATSAPP_* and NOTIFICATION_DIGEST_HOUR; throws on a malformed value. */
export function loadNotificationDeliveryConfig(env: NodeJS.ProcessEnv): NotificationDeliveryConfig {
  const apiBase = blankToNull(env.WHATSAPP_API_BASE) ?? 'https://graph.facebook.com/v21.0';
  if (!/^https?:\/\/[^/]+/.test(apiBase)) throw new Error(`WHATSAPP_API_BASE must be an absolute http(s) URL, got "${apiBase}"`);
  return {
    digestHour: intFrom(env.NOTIFICATION_DIGEST_HOUR, 18, 'NOTIFICATION_DIGEST_HOUR', 0, 23),
    whatsapp: {
      apiBase: apiBase.replace(/\/+$/, ''),
      phoneNumberId: blankToNull(env.WHATSAPP_PHONE_NUMBER_ID),
      accessToken: blankToNull(env.WHATSAPP_ACCESS_TOKEN),
      templateName: blankToNull(env.WHATSAPP_TEMPLATE) ?? 'servicedesk_notification',
      verifyToken: blankToNull(env.WHATSAPP_VERIFY_TOKEN),
      appSecret: blankToNull(env.WHATSAPP_APP_SECRET),
      timeoutMs: intFrom(env.WHATSAPP_TIMEOUT_MS, 15_000, 'WHATSAPP_TIMEOUT_MS', 1, 600_000),
    },
  };
}
