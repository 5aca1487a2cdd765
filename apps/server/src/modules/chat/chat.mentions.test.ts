import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubConnection } from '@microsoft/signalr';
import { notification } from '@servicedesk/contracts';
import { collect, hubConnection, nextEvent, startHubServer, type HubServer } from '../../hub/test-support';
import { CHAT_MENTION_KEY, chatMentionUrl, findMentions } from './chat.mentions';

describe('findMentions: the stored form "@First Last"', () => {
  const people = [
    { id: 1, name: 'Rəşad Əliyev' },
    { id: 2, name: 'Ali Veli' },
    { id: 3, name: 'Ali Veli Demir' },
    { id: 4, name: 'İlkin Qasımov' },
  ];

  it('finds what MentionTextArea inserts and what is typed by hand, in order, each once', () => {
    expect(findMentions('@Rəşad Əliyev salam', people)).toEqual([1]);
    expect(findMentions('salam @İlkin Qasımov, @Rəşad Əliyev! və yenə @Rəşad Əliyev', people)).toEqual([4, 1]);
    expect(findMentions('@RƏŞAD əliyev', people)).toEqual([1]);
    expect(findMentions('@ilkin qasımov', people)).toEqual([4]);
  });

  it('takes the longest name and needs a word boundary on both sides', () => {
    expect(findMentions('@Ali Veli Demir baxar', people)).toEqual([3]);
    expect(findMentions('@Ali Veli baxar', people)).toEqual([2]);
    expect(findMentions('@Rəşad Əliyevə yaz', people)).toEqual([]);
    expect(findMentions('mail@Rəşad Əliyev', people)).toEqual([]);
    expect(findMentions('Rəşad Əliyev @ nobody', people)).toEqual([]);
  });
});

describe('a chat mention notifies through notify() (SPEC §2, DOMAIN.md "A mention notifies the user")', () => {
  let server: HubServer;
  const open: HubConnection[] = [];
  let tokens: { employee: string; lawyer: string; clerk: string };
  let names: { employee: string; lawyer: string; clerk: string };
  let ids: { employee: number; lawyer: number; clerk: number };

  const connect = async (token: string) => {
    const c = hubConnection(server.url, token);
    open.push(c);
    await c.start();
    return c;
  };
  const me = async (token: string) => {
    const res = await fetch(`${server.url}/api/global/getCurrentUser`, { headers: { authorization: `Bearer ${token}` } });
    return (await res.json()) as { id: number; firstName: string; lastName: string };
  };
  const getNotification = async (token: string, id: number) => {
    const res = await fetch(`${server.url}/api/global/Layout/GetHeaderNotificationById/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: res.status, body: res.status === 200 ? notification.parse(await res.json()) : null };
  };

  beforeAll(async () => {
    server = await startHubServer();
    tokens = {
      employee: await server.login('employee@servicedesk.az'),
      lawyer: await server.login('lawyer@servicedesk.az'),
      clerk: await server.login('clerk@servicedesk.az'),
    };
    const [e, l, c] = await Promise.all([me(tokens.employee), me(tokens.lawyer), me(tokens.clerk)]);
    ids = { employee: e!.id, lawyer: l!.id, clerk: c!.id };
    names = {
      employee: `${e!.firstName} ${e!.lastName}`,
      lawyer: `${l!.firstName} ${l!.lastName}`,
      clerk: `${c!.firstName} ${c!.lastName}`,
    };
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.stop()));
    await server?.close();
  });

  it('the mentioned users get a chatMention notification live (key, sender name, redirect URL), the sender none', async () => {
    const employee = await connect(tokens.employee);
    const lawyer = await connect(tokens.lawyer);
    const clerk = await connect(tokens.clerk);
    const employeeNotified = collect<[number]>(employee, 'ReceiveNotification');
    const lawyerGets = nextEvent<[number]>(lawyer, 'ReceiveNotification');
    const clerkGets = nextEvent<[number]>(clerk, 'ReceiveNotification');
    const delivered = nextEvent<[string]>(lawyer, 'ReceiveMessage');

    // To the lawyer, mentioning the lawyer, the clerk and the sender herself.
    const text = `@${names.lawyer} və @${names.clerk}, sabah görüşək. (@${names.employee})`;
    await employee.invoke('SendMessageToUserByUserId', ids.lawyer, JSON.stringify({ message: text, senderId: ids.employee }));

    const [lawyerId] = await lawyerGets;
    const [clerkId] = await clerkGets;
    expect(JSON.parse((await delivered)[0]) as { message: string }).toMatchObject({ message: text });
    for (const [token, id, userId] of [
      [tokens.lawyer, lawyerId, ids.lawyer],
      [tokens.clerk, clerkId, ids.clerk],
    ] as const) {
      const { status, body } = await getNotification(token, id);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        userId,
        desc: CHAT_MENTION_KEY,
        jsonData: { senderName: names.employee },
        redirectUrl: chatMentionUrl(ids.employee),
        userName: names.employee,
        isRead: false,
      });
      // The private text is not copied into the notification.
      expect(JSON.stringify(body?.jsonData)).not.toContain('sabah');
    }
    // Only its recipient can read it.
    expect((await getNotification(tokens.clerk, lawyerId)).status).toBe(404);

    // A message without a mention notifies nobody: the next push the lawyer gets is the next mention's.
    const next = nextEvent<[number]>(lawyer, 'ReceiveNotification');
    await employee.invoke('SendMessageToUserByUserId', ids.lawyer, JSON.stringify({ message: 'e-poçt: a@b.az', senderId: ids.employee }));
    await employee.invoke('SendMessageToUserByUserId', ids.lawyer, JSON.stringify({ message: `@${names.lawyer}?`, senderId: ids.employee }));
    const [secondId] = await next;
    expect(secondId).toBeGreaterThan(lawyerId);
    expect(employeeNotified).toEqual([]);
  });
});
