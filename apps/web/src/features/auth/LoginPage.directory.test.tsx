import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPath, errorResponse } from '@servicedesk/api/handlers';
import { mockServerForFile, renderApp } from '../../../test/render-app';

const server = mockServerForFile();

describe('sign-in with the company directory', () => {
  it.each([
    [503, 'directoryUnavailable', 'The company directory cannot be reached right now.'],
    [401, 'directoryAccountDisabled', 'This account is disabled in the company directory.'],
    [401, 'directoryPasswordExpired', 'Your company directory password has expired.'],
  ])('names the refusal %s %s', async (status, code, text) => {
    server.use(http.post(apiPath('/auth/login'), () => errorResponse(status, code, 'x')));
    const user = userEvent.setup();
    renderApp('/auth/login');
    await user.type(await screen.findByLabelText(/^Email/), 'alice');
    await user.type(screen.getByLabelText(/^Password/), 'Secret#2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});
