import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createApprovalsHandlers } from '@servicedesk/api/approvals/approvals.handlers';
import { mockServerForFile, renderApp, signIn } from '../../../test/render-app';
import { lastDay } from './DelegationSection';

const server = mockServerForFile();

describe('delegation on the profile page', () => {
  it('shows the chosen last day, or the day it was ended early in Baku', () => {
    const planned = { endsOn: '2026-03-12', endsAt: '2026-03-12T20:00:00.000Z', endedAt: null };
    expect(lastDay(planned)).toBe('2026-03-12');
    // Ended at 01:30 on 11.03 in Baku (21:30 UTC on 10.03): it covered up to 11.03.
    expect(lastDay({ ...planned, endedAt: '2026-03-10T21:30:00.000Z' })).toBe('2026-03-11');
    // Ended at 00:00 on 11.03 in Baku exactly: its last day was 10.03.
    expect(lastDay({ ...planned, endedAt: '2026-03-10T20:00:00.000Z' })).toBe('2026-03-10');
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
