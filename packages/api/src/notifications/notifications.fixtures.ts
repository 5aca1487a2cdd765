import { notification, type Notification } from '@servicedesk/contracts';

/** The recipient of the fixtures (the admin of global.fixtures, id 1). */
export const notificationsMeId = 1;

const people = [
  { name: 'Rəşad Əliyev', img: null },
  { name: 'Leyla Hüseynova', img: null },
  { name: 'Elvin Quliyev', img: null },
];
const texts: Pick<Notification, 'desc' | 'jsonData' | 'redirectUrl'>[] = [
  { desc: 'notifications.requestAssigned', jsonData: { requestNo: 1042, title: 'Printer' }, redirectUrl: '/home/helpdesk/requests' },
  { desc: 'notifications.approvalWaiting', jsonData: { requestNo: 1043 }, redirectUrl: '/home/inventory/requests' },
  { desc: 'notifications.mentioned', jsonData: { title: 'Office move plan' }, redirectUrl: '/home/news' },
  { desc: 'notifications.requestApproved', jsonData: { requestNo: 1038 }, redirectUrl: '/home/helpdesk/requests' },
];

/**
 * 15 notifications of user 1, newest first an hour apart from 2026-11-21 12:00 UTC: ids 1–12
 * unread (so the Unread tab has a second page), 13–15 read. Parsed by the contract at import.
 */
export const notificationsFixture: Notification[] = Array.from({ length: 15 }, (_, i) => {
  const person = people[i % people.length]!;
  return notification.parse({
    id: i + 1,
    userId: notificationsMeId,
    userName: person.name,
    userImg: person.img,
    createDate: new Date(Date.UTC(2026, 10, 21, 12 - i)).toISOString(),
    ...texts[i % texts.length]!,
    isRead: i >= 12,
  });
});

/** A notification the hub "pushes" in stories and tests (id 100, unread, newest). */
export const pushedNotificationFixture: Notification = notification.parse({
  id: 100,
  userId: notificationsMeId,
  userName: 'Aysel Məmmədova',
  userImg: null,
  createDate: new Date(Date.UTC(2026, 10, 21, 13)).toISOString(),
  desc: 'notifications.passwordChanged',
  jsonData: null,
  isRead: false,
  redirectUrl: '/user/profile',
});
