import { setupServer } from 'msw/node';
import { HELPDESK_ACTIONS, HELPDESK_TRANSITIONS, helpdeskMachine } from '@servicedesk/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@servicedesk/api/client';
import { createHelpdeskHandlers } from '@servicedesk/api/helpdesk/helpdesk.handlers';
import { helpdeskRequestsFixture } from '@servicedesk/api/helpdesk/helpdesk.fixtures';
import { requestAction } from '@servicedesk/api/helpdesk/request-action';

/*
 * Issue #11: the mock and the server read ONE transition table (contracts helpdesk-machine.ts).
 * The server's side is pinned by apps/server helpdesk.machine.test.ts (its table IS this one);
 * here every status × action of the mock is compared with the table: a pair the table lacks is
 * refused with 422 `invalidTransition`, a pair it has is never. A copy that drifts fails here.
 */

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

const api = createApiClient({ baseUrl: 'http://api.test/api', getToken: () => 'token' });

describe('help-desk mock and the contracts transition table', () => {
  const pairs = helpdeskRequestsFixture.flatMap((r) => HELPDESK_ACTIONS.map((action) => [r.status, action, r.id] as const));

  it.each(pairs)('%s × %s answers as the table says', async (status, action, id) => {
    // A fresh state per pair (an accepted action changes the request).
    server.resetHandlers(...createHelpdeskHandlers());
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const inTable = HELPDESK_TRANSITIONS.some((t) => t.from === status && t.action === action);
    const outcome = await requestAction(api, id, action, { comment: 'Enough words here', holdReason: 'other', solution: 'Fixed it for good', assigneeId: 4 }).then(
      () => 'ok',
      (error: { code?: string }) => error.code,
    );
    if (inTable) expect(outcome).not.toBe('invalidTransition');
    else expect(outcome).toBe('invalidTransition');
    if (outcome === 'ok') expect(helpdeskMachine.find(status, action)).toBeDefined();
  });
});
