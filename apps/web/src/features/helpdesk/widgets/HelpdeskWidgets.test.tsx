import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';
import { loadListFilters } from '../list/list-filters';

const server = mockServerForFile();
beforeEach(() => localStorage.clear());

describe('help-desk dashboard widgets', () => {
  it('shows the figures and the chart, and a figure opens the list with its filter', async () => {
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/home/dashboard');
    const section = within(await screen.findByRole('region', { name: 'Help desk' }));
    await waitFor(() => expect(screen.getByTestId('helpdesk-myOpen')).toHaveTextContent('My open requests3'));
    expect(screen.getByTestId('helpdesk-overdue')).toHaveTextContent('Overdue requests1');
    // The chart library loads lazily once the figures are there (issue #19); the first import is slow in jsdom.
    expect(await section.findByRole('figure', { name: /Requests by status/ }, { timeout: 10_000 })).toBeInTheDocument();

    await user.click(within(screen.getByTestId('helpdesk-overdue')).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/helpdesk/requests'));
    expect(loadListFilters()).toMatchObject({ view: 'all', overdue: true });
  });

  it('opens the overdue ones involving the user when they may not see every request', async () => {
    signIn();
    server.use(
      http.post(apiPath('/global/checkMenuPermission'), async ({ request }) => {
        const { actionName } = (await request.json()) as { actionName: string };
        return HttpResponse.json({ hasPermission: actionName !== 'helpdesk.requests.viewAll' });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/home/dashboard');
    const overdue = await screen.findByTestId('helpdesk-overdue');
    // The dashboard shows its figures together, once every first call has answered.
    await waitFor(() => expect(overdue).toBeVisible());
    await user.click(within(overdue).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/helpdesk/requests'));
    expect(loadListFilters()).toMatchObject({ view: 'involved', overdue: true });
  });

  it('stays away for a user type without the help desk', async () => {
    signIn();
    server.use(http.post(apiPath('/global/checkMenuPermission'), () => HttpResponse.json({ hasPermission: false })));
    renderApp('/home/dashboard');
    expect(await screen.findByRole('heading', { name: 'Statistics' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Help desk' })).not.toBeInTheDocument();
  });
});
