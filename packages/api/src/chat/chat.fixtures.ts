import { chatMessage, type ChatMessage } from '@servicedesk/contracts';

/** The signed-in user of the fixtures (the admin of global.fixtures, id 1). */
export const chatMeId = 1;

/**
 * A conversation of the fixture user 1 with user 2 (Rəşad Əliyev), oldest first: 25 messages a
 * minute apart, so the first history page (20) has more behind it.
 */
export const chatConversationFixture: ChatMessage[] = Array.from({ length: 25 }, (_, i) =>
  chatMessage.parse({
    id: i + 1,
    senderId: i % 3 === 0 ? 2 : chatMeId,
    receiverId: i % 3 === 0 ? chatMeId : 2,
    text: i % 3 === 0 ? `Salam, sual ${i + 1}` : `Cavab ${i + 1}`,
    createdAt: new Date(Date.UTC(2026, 10, 21, 9, i)).toISOString(),
  }),
);
