import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { getCurrentUser } from '@servicedesk/api/global/get-current-user';
import { checkedApiClient, mockServerForFile, takeContractBreaks } from '../../test/render-app';

// The web tests' one mock server (test/render-app.tsx): a handler whose answer drifts from its
// contract (packages/contracts) is caught, not turned silently into a page's error state.

const server = mockServerForFile();
const client = () => checkedApiClient({ baseUrl: 'http://localhost/api', getToken: () => 'token', getLanguage: () => 'en' });

describe('the mock server harness', () => {
  it('answers every area from the handlers within their contract', async () => {
    await expect(getCurrentUser(client())).resolves.toMatchObject({ email: expect.any(String) });
    expect(takeContractBreaks()).toEqual([]);
  });

  it('records an answer that breaks its contract, naming the call — the harness fails the test with it', async () => {
    server.use(http.get(apiPath('/global/getCurrentUser'), () => HttpResponse.json({ id: 'one', email: 7 })));
    await expect(getCurrentUser(client())).rejects.toMatchObject({ code: 'invalidResponse' });
    const broken = takeContractBreaks();
    expect(broken).toHaveLength(1);
    expect(broken[0]).toMatch(/^GET \/global\/getCurrentUser: \[/);
  });
});
