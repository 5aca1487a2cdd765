/*
 * The zod-free half of ../notification-preferences.ts (issue #38): the event kinds a user chooses
 * channels for, the mail deliveries, the built-in defaults and which notification keys belong to
 * which kind. Never import zod or a schema here (test/plain.test.ts).
 */

/**
 * The event kinds of the notification preferences (issue #38), in the order the profile lists
 * them. Every notification key is one of these or none ({@link notificationEventKindOf}).
 */
export const NOTIFICATION_EVENT_KINDS = [
  'assigned',
  'approvalWaiting',
  'decided',
  'returned',
  'mentioned',
  'commented',
  'contractEnding',
  'mandatoryNews',
  'leaveDecided',
] as const;
export type NotificationEventKind = (typeof NOTIFICATION_EVENT_KINDS)[number];

/** How a notification of a kind reaches the user by mail: at once, in the daily digest, or not at all. */
export const MAIL_DELIVERIES = ['immediate', 'digest', 'never'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

/** A user's (or a user type's default) choice for one event kind. The app itself always shows it. */
export interface EventChannels {
  mail: MailDelivery;
  whatsapp: boolean;
}

/**
 * WhatsApp's quiet hours, wall-clock times "HH:MM" in the organisation's time zone (ORG_TIME_ZONE):
 * a WhatsApp notice that falls inside [from, to) waits until `to`. `from` after `to` spans midnight
 * (22:00–08:00).
 */
export interface QuietHours {
  from: string;
  to: string;
}

/** The whole choice: every event kind's channels and the WhatsApp quiet hours (null = none). */
export interface NotificationPreferencesValue {
  events: Record<NotificationEventKind, EventChannels>;
  quietHours: QuietHours | null;
}

/**
 * The defaults when the admin has set none for a user type: decisions, returns, approvals
 * waiting, assignments, contracts ending, mandatory news and leave decisions by mail at once;
 * mentions and comments in the daily digest; WhatsApp off; quiet hours 22:00–08:00.
 */
export const BUILT_IN_NOTIFICATION_PREFERENCES: NotificationPreferencesValue = {
  events: {
    assigned: { mail: 'immediate', whatsapp: false },
    approvalWaiting: { mail: 'immediate', whatsapp: false },
    decided: { mail: 'immediate', whatsapp: false },
    returned: { mail: 'immediate', whatsapp: false },
    mentioned: { mail: 'digest', whatsapp: false },
    commented: { mail: 'digest', whatsapp: false },
    contractEnding: { mail: 'immediate', whatsapp: false },
    mandatoryNews: { mail: 'immediate', whatsapp: false },
    leaveDecided: { mail: 'immediate', whatsapp: false },
  },
  quietHours: { from: '22:00', to: '08:00' },
};

/** Notification keys (translation keys, `notify()`'s `key`) of each kind; the approval engine's decisions are `decided` or `leaveDecided` by their record. */
const KEYS_OF_KIND: Record<Exclude<NotificationEventKind, 'leaveDecided'>, readonly string[]> = {
  assigned: [
    'notifications.requestAssigned',
    'notifications.helpdesk.assign',
    'notifications.helpdesk.created',
    'notifications.equipment.toProcess',
    // The keeper is asked to take an asset back (issue #40).
    'notifications.equipment.returnRequested',
    'contracts.notifications.responsible',
  ],
  approvalWaiting: [
    'notifications.approvalWaiting',
    'notifications.approvals.waiting',
    'notifications.approvals.waitingOnBehalf',
    'notifications.helpdesk.approvalWaiting',
  ],
  decided: [
    'notifications.requestApproved',
    'notifications.requestRejected',
    'notifications.approvals.approved',
    'notifications.approvals.approvedOnBehalf',
    'notifications.approvals.rejected',
    'notifications.approvals.rejectedOnBehalf',
    'notifications.approvals.stepApproved',
    'notifications.approvals.stepApprovedOnBehalf',
    'notifications.approvals.processed',
    'notifications.approvals.cancelled',
    'notifications.helpdesk.approve',
    'notifications.helpdesk.reject',
    'notifications.helpdesk.repair',
    'notifications.helpdesk.hold',
    'notifications.helpdesk.resume',
    'notifications.helpdesk.resolve',
    'notifications.helpdesk.confirm',
    'notifications.helpdesk.reopen',
    'notifications.helpdesk.cancel',
    'notifications.helpdesk.autoClosed',
    'notifications.equipment.approvedForYou',
    // A purchased line of the requester's request arrived (issue #40).
    'notifications.equipment.lineReady',
    'debts.notifications.statusChanged',
    'contracts.notifications.registered',
    'contracts.notifications.deactivated',
    'contracts.notifications.renewed',
  ],
  returned: ['notifications.requestReturned', 'notifications.approvals.returned', 'notifications.approvals.returnedOnBehalf'],
  mentioned: [
    'notifications.mentioned',
    'notifications.chatMention',
    'notifications.helpdesk.mentioned',
    'notifications.equipment.mentioned',
    'notifications.news.mentioned',
    'debts.notifications.mentioned',
  ],
  commented: ['notifications.commented', 'notifications.helpdesk.commented', 'notifications.equipment.commented', 'notifications.news.commented'],
  contractEnding: [
    'notifications.contractEnding',
    'contracts.notifications.endingSoon',
    'contracts.notifications.noticeDate',
    'contracts.notifications.expired',
    // An asset's warranty (its purchase agreement) ends soon (issue #40).
    'notifications.equipment.warrantyEnding',
  ],
  mandatoryNews: ['notifications.news.mandatory', 'notifications.news.remind'],
};

const KIND_OF_KEY = new Map<string, NotificationEventKind>(
  Object.entries(KEYS_OF_KIND).flatMap(([kind, keys]) => keys.map((key) => [key, kind as NotificationEventKind] as const)),
);

/** The approval engine's decision keys, which are `leaveDecided` on a leave request's page. */
const LEAVE_DECISION_KEYS = new Set([
  'notifications.approvals.approved',
  'notifications.approvals.approvedOnBehalf',
  'notifications.approvals.rejected',
  'notifications.approvals.rejectedOnBehalf',
]);

/** Where a leave request's notifications lead (schedules: `/home/schedules/leave/{id}`). */
export const LEAVE_REQUEST_PATH_PREFIX = '/home/schedules/leave/';

/**
 * The event kind of a notification (its translation key, and where it leads for the engine's
 * decisions: a leave request's are `leaveDecided`), or null for one outside the preferences
 * (password changed, number saved, substitution started/ended): those are shown in the app only.
 */
export function notificationEventKindOf(key: string, redirectUrl: string | null): NotificationEventKind | null {
  if (LEAVE_DECISION_KEYS.has(key) && redirectUrl?.startsWith(LEAVE_REQUEST_PATH_PREFIX)) return 'leaveDecided';
  return KIND_OF_KEY.get(key) ?? null;
}

/** The notification keys of a kind (the leave decisions: the engine's approved/rejected keys on a leave request). */
export function notificationKeysOf(kind: NotificationEventKind): readonly string[] {
  return kind === 'leaveDecided' ? [...LEAVE_DECISION_KEYS] : KEYS_OF_KIND[kind];
}

/**
 * The preferences with every event kind present: `value`'s own entries over `base`'s (a kind
 * added after a user saved takes the default). Pure; answers a new object.
 */
export function completePreferences(value: Partial<NotificationPreferencesValue> | null | undefined, base: NotificationPreferencesValue): NotificationPreferencesValue {
  const events = {} as Record<NotificationEventKind, EventChannels>;
  for (const kind of NOTIFICATION_EVENT_KINDS) events[kind] = { ...base.events[kind], ...(value?.events?.[kind] ?? {}) };
  return { events, quietHours: value && 'quietHours' in value ? (value.quietHours ?? null) : base.quietHours };
}

/** Minutes after midnight of "HH:MM". */
export const minutesOfDay = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether the wall-clock minute `minute` (0..1439) is within [from, to) of `quiet` (spanning midnight when from > to). */
export function isWithinQuietHours(quiet: QuietHours | null, minute: number): boolean {
  if (!quiet) return false;
  const from = minutesOfDay(quiet.from);
  const to = minutesOfDay(quiet.to);
  if (from === to) return false;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}
