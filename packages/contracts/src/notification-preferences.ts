import { z } from 'zod';
import { idParam } from './validation';
import { MAIL_DELIVERIES, NOTIFICATION_EVENT_KINDS, type NotificationEventKind } from './plain/notification-preferences';
export {
  BUILT_IN_NOTIFICATION_PREFERENCES,
  LEAVE_REQUEST_PATH_PREFIX,
  MAIL_DELIVERIES,
  NOTIFICATION_EVENT_KINDS,
  completePreferences,
  isWithinQuietHours,
  minutesOfDay,
  notificationEventKindOf,
  notificationKeysOf,
} from './plain/notification-preferences';
export type { EventChannels, MailDelivery, NotificationEventKind, NotificationPreferencesValue, QuietHours } from './plain/notification-preferences';

/** How a kind's notifications are mailed: `immediate`, `digest` (the daily digest) or `never`. */
export const mailDelivery = z.enum(MAIL_DELIVERIES);

/** One event kind's channels: mail delivery and WhatsApp on/off (the app always shows it). */
export const eventChannels = z.object({ mail: mailDelivery, whatsapp: z.boolean() });

/** A wall-clock time "HH:MM" (00:00–23:59). */
export const wallClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time');

/** WhatsApp quiet hours in the organisation's zone: [from, to), over midnight when from > to; from ≠ to. */
export const quietHours = z
  .object({ from: wallClockTime, to: wallClockTime })
  .refine((q) => q.from !== q.to, { message: 'quietHoursEmpty', path: ['to'] });

/** Every event kind's channels (all nine keys required) and the quiet hours (null = none). */
export const notificationPreferences = z.object({
  events: z.object(
    Object.fromEntries(NOTIFICATION_EVENT_KINDS.map((kind) => [kind, eventChannels])) as Record<NotificationEventKind, typeof eventChannels>,
  ),
  quietHours: quietHours.nullable(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/**
 * GET/PUT /api/notifications/preferences answer: the caller's effective `preferences`, the
 * `defaults` of their user type (what "reset" returns to), `isCustom` (they saved their own),
 * `whatsappNumber` (the profile's 994… number; null = WhatsApp cannot reach them) and the
 * organisation's `timeZone` the quiet hours are read in.
 */
export const myNotificationPreferences = z.object({
  preferences: notificationPreferences,
  defaults: notificationPreferences,
  isCustom: z.boolean(),
  whatsappNumber: z.string().nullable(),
  timeZone: z.string(),
});
export type MyNotificationPreferences = z.infer<typeof myNotificationPreferences>;

/** Path of the user type's defaults: /api/notifications/defaults/{userTypeId}. */
export const userTypeDefaultsParams = z.object({ userTypeId: idParam });

/**
 * GET/PUT /api/notifications/defaults/{userTypeId} answer: the type's defaults and whether the
 * admin set them (`isSet` false = the built-in defaults).
 */
export const userTypeNotificationDefaults = z.object({
  userTypeId: z.number().int(),
  preferences: notificationPreferences,
  isSet: z.boolean(),
});
export type UserTypeNotificationDefaults = z.infer<typeof userTypeNotificationDefaults>;

/** GET /api/notifications/whatsapp/webhook query (Meta's verification request). */
export const whatsappVerifyQuery = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().optional(),
});
