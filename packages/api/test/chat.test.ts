import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, isApiRequestError } from '@servicedesk/api/client';
import { createHandlers } from '@servicedesk/api/handlers';
import { getChatHistory } from '@servicedesk/api/chat/get-chat-history';
import { markChatRead } from '@servicedesk/api/chat/mark-chat-read';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => server.resetHandlers(...createHandlers()));
afterAll(() => server.close());

const api = createApiClient({ baseUrl: 'http://api.test/api', getToken: () => 'token' });

describe('chat endpoints against the mocks', () => {
  it('pages a conversation newest first and loads earlier messages with beforeId', async () => {
    const first = await getChatHistory(api, { partnerId: 2 });
    expect(first.messages).toHaveLength(20);
    expect(first.messages[0]?.id).toBe(25);
    expect(first.hasMore).toBe(true);
    const earlier = await getChatHistory(api, { partnerId: 2, beforeId: first.messages.at(-1)?.id });
    expect(earlier.messages.map((m) => m.id)).toEqual([5, 4, 3, 2, 1]);
    expect(earlier.hasMore).toBe(false);
    expect((await getChatHistory(api, { partnerId: 3 })).messages).toEqual([]);
  });

  it('refuses a page larger than 50 with a validation error, and marks a conversation read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = await getChatHistory(api, { partnerId: 2, take: 51 }).catch((e: unknown) => e);
    expect(isApiRequestError(error) && error.status).toBe(400);
    expect(await markChatRead(api, { partnerId: 2 })).toEqual({ ok: true });
  });
});
