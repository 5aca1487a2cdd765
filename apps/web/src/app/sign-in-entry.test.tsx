import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@servicedesk/api/client';
import { apiPath, errorResponse } from '@servicedesk/api/handlers';
import { buildResources, createI18n } from '@servicedesk/i18n';
import { mockServerForFile } from '../../test/render-app';
import { storage } from '../session/storage';
import { SignInApp } from './sign-in-entry';

const server = mockServerForFile();

/** The light sign-in page alone (no router, no TanStack Query), in English, against the MSW handlers. */
function renderSignIn(returnUrl: string | null = null) {
  storage.setLanguage('en');
  const i18n = createI18n({ lng: 'en', resources: buildResources() });
  const client = createApiClient({ baseUrl: 'http://localhost/api', getLanguage: () => storage.getLanguage() });
  const leave = vi.fn();
  const onShown = vi.fn();
  render(<SignInApp i18n={i18n} client={client} returnUrl={returnUrl} leave={leave} onShown={onShown} />);
  return { leave, onShown };
}

async function fillAndSend(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the light sign-in page (issue #19)', () => {
  it('shows the login form in the bare card, without the router or TanStack Query, and says when it has rendered', async () => {
    const { onShown } = renderSignIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('ServiceDesk');
    // The forgot-password link is a plain link (a full page load of the app's page).
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/auth/forgot-password');
    await waitFor(() => expect(onShown).toHaveBeenCalled());
  });

  it('signs in with the trimmed email, stores the session and leaves for the returnUrl', async () => {
    let body: unknown = null;
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/auth/login')) body = await request.clone().json();
    });
    const { leave } = renderSignIn('/user/login-history');
    await fillAndSend('  admin@servicedesk.az ', 'Demo1234');
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/user/login-history'));
    expect(body).toMatchObject({ email: 'admin@servicedesk.az', password: 'Demo1234' });
    expect(storage.getToken()).not.toBeNull();
    expect(storage.getLanguage()).toBe('en');
    server.events.removeAllListeners();
  });

  it('leaves for the dashboard when the returnUrl is missing, an auth page or another site', async () => {
    for (const returnUrl of [null, '/auth/forgot-password', '//evil.example']) {
      const { leave } = renderSignIn(returnUrl);
      await fillAndSend('admin@servicedesk.az', 'Demo1234');
      await waitFor(() => expect(leave).toHaveBeenCalledWith('/home/dashboard'));
      document.body.innerHTML = '';
      storage.clearSession();
    }
  });

  it('says the email or password is wrong on 401, asks to wait on 429, and does not leave', async () => {
    const { leave } = renderSignIn();
    await fillAndSend('admin@servicedesk.az', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is incorrect.');
    server.use(http.post(apiPath('/auth/login'), () => errorResponse(429, 'rateLimited', 'Too many')));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many failed attempts'));
    expect(leave).not.toHaveBeenCalled();
    expect(storage.getToken()).toBeNull();
  });

  it('asks for both fields before calling the server', async () => {
    const { leave } = renderSignIn();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(leave).not.toHaveBeenCalled();
  });

  it('tells the user the company account is used when the system has LDAP', async () => {
    server.use(http.get(apiPath('/auth/systemHasLdap'), () => Response.json({ systemHasLdap: true })));
    renderSignIn();
    expect(await screen.findByText(/company \(domain\) account/)).toBeInTheDocument();
  });

  it('signs in even when the LDAP check fails', async () => {
    server.use(http.get(apiPath('/auth/systemHasLdap'), () => errorResponse(500, 'internal', 'Down')));
    const { leave } = renderSignIn();
    await fillAndSend('admin@servicedesk.az', 'Demo1234');
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/home/dashboard'));
    expect(screen.queryByTestId('ldap-notice')).not.toBeInTheDocument();
  });
});
