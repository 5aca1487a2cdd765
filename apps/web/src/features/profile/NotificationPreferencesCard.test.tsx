import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createNotificationPreferenceHandlers } from '@servicedesk/api/notifications/notification-preferences.handlers';
import { mockServerForFile, renderApp, signIn } from '../../../test/render-app';

// The card loads after the page (issue #19); import it once here (see test/setup.ts).
await import('./NotificationPreferencesCard');

const server = mockServerForFile();

/** Bodies of the writes to /api/notifications/preferences. */
function recordWrites() {
  const writes: { method: string; body: unknown }[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).pathname === '/api/notifications/preferences' && request.method !== 'GET') {
      writes.push({ method: request.method, body: request.method === 'PUT' ? await request.clone().json() : null });
    }
  });
  return writes;
}

const card = async () => screen.findByRole('region', { name: 'Notifications' });

describe('notification preferences on the profile page', () => {
  it('shows every event kind with its mail delivery and WhatsApp switch, and saves the whole choice with the quiet hours', async () => {
    server.use(...createNotificationPreferenceHandlers());
    const writes = recordWrites();
    signIn();
    const user = userEvent.setup();
    renderApp('/user/profile');
    const region = await card();
    expect(await within(region).findByText('The defaults of your user type')).toBeInTheDocument();
    for (const event of ['Assigned to me', 'My turn to approve', 'Decided', 'Returned to me', 'Mentioned', 'Commented', 'Contract ending', 'Mandatory news', 'Leave decided']) {
      expect(within(region).getByRole('rowheader', { name: event })).toBeInTheDocument();
    }
    const commentedMail = within(region).getByRole('combobox', { name: 'Mail for Commented' });
    expect(commentedMail).toHaveValue('digest');
    await user.selectOptions(commentedMail, 'never');
    await user.click(within(region).getByRole('checkbox', { name: 'WhatsApp for Assigned to me' }));
    const from = within(region).getByLabelText('From');
    // A time input takes its value at once (user-event types into it character by character).
    fireEvent.change(from, { target: { value: '21:30' } });
    expect(within(region).getByText(/Times in Asia\/Baku/)).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Notification settings saved.')).toBeInTheDocument();
    const saved = writes.at(-1)!.body as { events: Record<string, { mail: string; whatsapp: boolean }>; quietHours: { from: string; to: string } };
    expect(saved.events.commented).toEqual({ mail: 'never', whatsapp: false });
    expect(saved.events.assigned).toEqual({ mail: 'immediate', whatsapp: true });
    expect(Object.keys(saved.events)).toHaveLength(9);
    expect(saved.quietHours).toEqual({ from: '21:30', to: '08:00' });
    expect(await within(region).findByText('Your own settings')).toBeInTheDocument();

    // Back to the type's defaults.
    await user.click(within(region).getByRole('button', { name: 'Use the defaults' }));
    await waitFor(() => expect(within(region).getByRole('combobox', { name: 'Mail for Commented' })).toHaveValue('digest'));
    expect(writes.at(-1)!.method).toBe('DELETE');
  });

  it('turns the quiet hours off, refuses equal times, and says when no WhatsApp number is saved', async () => {
    server.use(...createNotificationPreferenceHandlers({ whatsappNumber: null }));
    const writes = recordWrites();
    signIn();
    const user = userEvent.setup();
    renderApp('/user/profile');
    const region = await card();
    expect(await within(region).findByText('Add your WhatsApp number above to receive WhatsApp notices.')).toBeInTheDocument();
    const to = within(region).getByLabelText('Until');
    fireEvent.change(to, { target: { value: '22:00' } });
    expect(await within(region).findByRole('alert')).toHaveTextContent('The start and end must differ.');
    expect(within(region).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(within(region).getByRole('checkbox', { name: 'Hold WhatsApp notices during quiet hours' }));
    expect(within(region).queryByLabelText('Until')).not.toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect((writes[0]!.body as { quietHours: unknown }).quietHours).toBeNull();
  });
});
