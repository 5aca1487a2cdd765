import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { mockServerForFile, renderApp, signIn } from '../../../test/render-app';

const server = mockServerForFile();

describe('LoginHistoryPage', () => {
  it("sends an admin's filters, names the chosen user and shows each row's user", async () => {
    signIn();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(apiPath('/global/getMenuPermissions'), () =>
        HttpResponse.json([{ key: 'loginHistory.all', isChecked: true }]),
      ),
      http.post(apiPath('/global/getLoginHistoryList'), async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>);
        return undefined;
      }),
    );
    const user = userEvent.setup();
    renderApp('/user/login-history');
    expect(
      await screen.findByText('Sign-in attempts of all users, newest first.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByTestId('login-history-user').length).toBeGreaterThan(0),
    );
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /^User/ }),
      'Aysel Məmmədova',
    );
    expect(
      await screen.findByText('Sign-in attempts of Aysel Məmmədova, newest first.'),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'IP address' }), ' 10.0 ');
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({ userId: 1, ip: '10.0', isSuccess: null }),
    );
    expect(within(screen.getByRole('table')).getAllByRole('columnheader')).toHaveLength(6);
  });
});
