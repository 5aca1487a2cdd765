import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { validResetToken } from '@servicedesk/api/auth/auth.handlers';
import { mockServerForFile, renderApp, signIn } from '../../test/render-app';
import { storage } from '../session/storage';

const server = mockServerForFile();

describe('top bar', () => {
  it('toggles the theme onto <html data-theme> and keeps it in sd.theme', async () => {
    signIn();
    const user = userEvent.setup();
    renderApp('/home/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Dark theme' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('sd.theme')).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Light theme' }));
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('switches the language, stores it and tells the server', async () => {
    signIn();
    const told: string[] = [];
    server.use(
      http.get(apiPath('/global/updateUserSelectedLanguage/:code'), ({ params }) => {
        told.push(String(params.code));
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    renderApp('/home/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Language: English' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Русский' }));
    expect(await screen.findByRole('link', { name: 'Панель управления' })).toBeInTheDocument();
    expect(storage.getLanguage()).toBe('ru');
    await waitFor(() => expect(told).toEqual(['ru']));
  });
});

describe('sidebar', () => {
  it('opens off-canvas from the top bar and closes on navigation', async () => {
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/home/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(nav).toHaveAttribute('data-mobile-open');
    expect(screen.getByRole('button', { name: 'Close menu', expanded: true })).toBeInTheDocument();
    await user.click(await within(nav).findByRole('link', { name: /^News/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/news'));
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Main menu' })).not.toHaveAttribute('data-mobile-open'));
  });

  it('keeps its width and collapsed state in sd.sidebar across a reload', async () => {
    signIn();
    const user = userEvent.setup();
    const first = renderApp('/home/dashboard');
    const handle = await screen.findByRole('separator', { name: 'Resize menu' });
    handle.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await user.click(screen.getByRole('button', { name: 'Collapse menu' }));
    expect(JSON.parse(localStorage.getItem('sd.sidebar') ?? '{}')).toEqual({ width: 292, collapsed: true });
    first.unmount();
    renderApp('/home/dashboard');
    expect(await screen.findByRole('separator', { name: 'Resize menu' })).toHaveAttribute('aria-valuenow', '292');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toHaveAttribute('data-collapsed');
  });
});

describe('session warning', () => {
  it('asks for attention 15 minutes before expiry and, once confirmed, counts 30 s down in the top bar', async () => {
    signIn(10 * 60_000);
    const user = userEvent.setup();
    renderApp('/home/dashboard');
    const dialog = await screen.findByRole('alertdialog', { name: 'Attention' });
    expect(within(dialog).getByText(/Your session will end in (599|600) seconds\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('timer', { name: /Your session ends in (29|30) seconds/ })).toBeInTheDocument();
    expect(storage.getCountdownEnd()).not.toBeNull();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows the minutes left of the session while no countdown runs', async () => {
    signIn(90 * 60_000);
    renderApp('/home/dashboard');
    expect(await screen.findByRole('timer', { name: '90 minutes left in your session' })).toHaveTextContent('90');
  });

  it('shows whole hours in the ring once the session has 100 minutes or more left', async () => {
    signIn(480 * 60_000);
    renderApp('/home/dashboard');
    // The unit is its translated short name under the number ("hr"; az "saat", never "8s" that reads as seconds).
    expect(await screen.findByRole('timer', { name: '8 hours left in your session' })).toHaveTextContent('8hr');
  });
});

describe('profile', () => {
  it('lists my sessions, this browser first, and signs out every other one (issue #20)', async () => {
    signIn();
    const user = userEvent.setup();
    renderApp('/user/profile');
    const card = await screen.findByRole('region', { name: 'Sessions' });
    const items = await within(card).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Chrome on Windows');
    expect(items[0]).toHaveTextContent('This browser');
    expect(within(items[1]!).getByRole('button', { name: 'Sign out Safari on iOS' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await within(card).findByText('You are signed in only here.')).toBeInTheDocument();
    expect(within(card).getAllByRole('listitem')).toHaveLength(1);
  });

  it('saves the phone number typed in the (00) 0000000 mask as 994 + 9 digits and toasts top-centre', async () => {
    signIn();
    let sent: unknown = null;
    server.use(
      http.post(apiPath('/global/updateUserNumber'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    renderApp('/user/profile');
    const field = await screen.findByRole('textbox', { name: 'Phone number' });
    await user.clear(field);
    await user.type(field, '55 12345');
    expect(field).toHaveValue('(55) 12345');
    await user.click(screen.getByRole('button', { name: 'Save number' }));
    expect(await screen.findByText('The number must have 9 digits.')).toBeInTheDocument();
    expect(sent).toBeNull();
    await user.type(field, '6789');
    expect(field).toHaveValue('(55) 1234567');
    await user.click(screen.getByRole('button', { name: 'Save number' }));
    const toastTitle = await screen.findByText('Your WhatsApp number has been updated.');
    expect(toastTitle.closest('[data-placement]')).toHaveAttribute('data-placement', 'top-center');
    expect(sent).toEqual({ number: '994551234567' });
  });

  it('flags a weak new password and a confirmation that does not match', async () => {
    signIn();
    const user = userEvent.setup();
    renderApp('/user/profile');
    await user.type(await screen.findByLabelText(/^New password/), 'abc');
    expect(screen.getByText(/At least one uppercase letter/i)).toBeInTheDocument();
    expect(screen.getByText(/At least one digit/i)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'abd');
    expect(screen.getByText(/do not match/i)).toBeInTheDocument();
  });

  it('says so when the current password is wrong, checked on leaving the field', async () => {
    signIn();
    const user = userEvent.setup();
    renderApp('/user/profile');
    await user.type(await screen.findByLabelText(/^Current password/), 'not-it');
    await user.tab();
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
  });
});

describe('login history', () => {
  it('lists the attempts and filters them by the server', async () => {
    signIn();
    const user = userEvent.setup();
    renderApp('/user/login-history');
    await waitFor(() => expect(screen.getAllByTestId('login-history-row').length).toBeGreaterThan(1));
    // (The reason filter offers 'Wrong password' too: look in the table.)
    expect(within(screen.getByRole('table')).getByText('Wrong password')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Failed' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('login-history-row').every((r) => r.dataset.success === 'false')).toBe(true),
    );
  });
});

describe('password reset', () => {
  it('answers the forgot-password form with the same confirmation for any email', async () => {
    const user = userEvent.setup();
    renderApp('/auth/forgot-password');
    await user.type(await screen.findByLabelText(/^Email/), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists for this email');
  });

  it('refuses an invalid reset link and offers a new one', async () => {
    renderApp('/auth/reset-password?token=nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('invalid or has expired');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/auth/forgot-password');
  });

  it('sets a new password with a valid link', async () => {
    const user = userEvent.setup();
    renderApp(`/auth/reset-password?token=${validResetToken}`);
    await user.type(await screen.findByLabelText(/^New password/), 'Better1234');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'Better1234');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been updated.');
  });
});
