import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createApprovalsHandlers } from '@servicedesk/api/approvals/approvals.handlers';
import { mockServerForFile, renderApp, signIn } from '../../../test/render-app';
import { delegationWindow } from './DelegationSection';

const server = mockServerForFile();

describe('delegation on the profile page', () => {
  it('turns whole days in Baku into the server’s [startsAt, endsAt) window', () => {
    expect(delegationWindow({ start: '2026-03-10', end: '2026-03-12' })).toEqual({
      startsAt: '2026-03-09T20:00:00.000Z',
      endsAt: '2026-03-12T20:00:00.000Z',
    });
  });

  it('lists whom the user substitutes and that they named nobody yet', async () => {
    server.use(...createApprovalsHandlers());
    signIn();
    renderApp('/user/profile');
    const received = await screen.findByTestId('delegations-received');
    expect(await within(received).findByText(/Rəşad Əliyev/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Substitution' }).parentElement ?? document.body).getAllByText('No substitutions.').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Name substitute' })).toBeInTheDocument();
  });
});
