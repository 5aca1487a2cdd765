import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { userListsFixture } from '@servicedesk/api/global/global.fixtures';
import { toast } from '@servicedesk/ui/Toast';
import { mockServerForFile, renderApp, signIn } from '../../../test/render-app';
import { PHONE_PROMPT_SHOWN_KEY } from './PhonePromptGate';

const server = mockServerForFile();
let saved: string[] = [];
let hasWpNumber = false;
beforeEach(() => {
  sessionStorage.clear();
  saved = [];
  hasWpNumber = false;
  server.use(
    http.get(apiPath('/global/getUserLists'), () => HttpResponse.json({ ...userListsFixture, hasWpNumber })),
    http.post(apiPath('/global/updateUserNumber'), async ({ request }) => {
      saved.push(((await request.json()) as { number: string }).number);
      hasWpNumber = true;
      return HttpResponse.json({ ok: true });
    }),
  );
});

const title = 'Enter your number to get WhatsApp notifications';

describe('phone prompt on the home layout (SPEC §2)', () => {
  it('asks when hasWpNumber is false; Enter saves a complete number and toasts wpNumberUpdated top-centre', async () => {
    const show = vi.spyOn(toast, 'show');
    signIn();
    renderApp('/home/dashboard');
    // The prompt is downloaded when it opens (issue #19); the first import is slow in jsdom.
    const input = await screen.findByRole('textbox', { name: 'Mobile number' }, { timeout: 10_000 });
    expect(screen.getByRole('dialog', { name: title })).toBeInTheDocument();
    await userEvent.type(input, '50123');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([]);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(input, '4567{Enter}');
    await waitFor(() => expect(saved).toEqual(['994501234567']));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).toBeNull());
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ placement: 'top-center', variant: 'success' }));
    expect(sessionStorage.getItem(PHONE_PROMPT_SHOWN_KEY)).toBe('1');
  });

  it('shows at most once per browser session, and not when the user has a number', async () => {
    sessionStorage.setItem(PHONE_PROMPT_SHOWN_KEY, '1');
    signIn();
    renderApp('/home/dashboard');
    await screen.findByRole('button', { name: /^Chat/ });
    expect(screen.queryByRole('dialog', { name: title })).toBeNull();
  });

  it('does not ask a user who has a number', async () => {
    hasWpNumber = true;
    signIn();
    renderApp('/home/dashboard');
    await screen.findByRole('button', { name: /^Chat/ });
    expect(screen.queryByRole('dialog', { name: title })).toBeNull();
    expect(sessionStorage.getItem(PHONE_PROMPT_SHOWN_KEY)).toBeNull();
  });
});
