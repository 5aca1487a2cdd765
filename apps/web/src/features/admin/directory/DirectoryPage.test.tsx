import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPath, errorResponse } from '@servicedesk/api/handlers';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';

const server = mockServerForFile();

describe('company directory page', () => {
  it('shows the mappings in effect and the connection test', async () => {
    signIn();
    const user = userEvent.setup();
    renderApp('/home/admin/directory');
    expect(await screen.findByRole('heading', { level: 1, name: 'Company directory' })).toBeInTheDocument();
    expect(await screen.findByText('cn=it-staff,ou=groups,dc=example,dc=org')).toBeInTheDocument();
    expect(screen.getByText('uid, mail')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Test the connection' }));
    const result = await screen.findByTestId('directory-test');
    expect(within(result).getByText(/Service account sign-in/)).toBeInTheDocument();
    expect(within(result).getByText(/5 users found/)).toBeInTheDocument();
  });

  it('previews a sync per user and field, holds back a big deactivation until confirmed, and lists the runs', async () => {
    signIn();
    const user = userEvent.setup();
    renderApp('/home/admin/directory');
    await user.click(await screen.findByRole('button', { name: 'Preview the sync' }));
    const plan = await screen.findByTestId('directory-plan');
    expect(within(plan).getByText('3 to deactivate')).toBeInTheDocument();
    expect(within(plan).getByText('Position: Accountant → Chief accountant')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply the sync' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This sync would deactivate 3 of 5 directory users, more than the 20% allowed');
    await user.click(screen.getByRole('button', { name: 'Apply anyway' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The sync was applied.');
    const runs = await screen.findByRole('table', { name: 'Last runs' });
    expect(await within(runs).findByText('Applied')).toBeInTheDocument();
    expect(within(runs).getByText('Held back')).toBeInTheDocument();
  });

  it('says when the directory cannot be reached', async () => {
    signIn();
    server.use(http.post(apiPath('/admin/directory/preview'), () => errorResponse(503, 'directoryUnavailable', 'down')));
    const user = userEvent.setup();
    renderApp('/home/admin/directory');
    await user.click(await screen.findByRole('button', { name: 'Preview the sync' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The company directory cannot be reached.');
  });
});
