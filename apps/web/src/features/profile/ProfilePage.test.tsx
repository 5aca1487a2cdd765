import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockServerForFile, renderApp, signIn } from '../../../test/render-app';

mockServerForFile();

describe('profile page', () => {
  it('shows my details and asks for the passwords before changing one', async () => {
    signIn();
    const user = userEvent.setup();
    renderApp('/user/profile');
    const details = await screen.findByRole('region', { name: 'Personal details' }, { timeout: 20_000 });
    expect(await within(details).findByText('admin@servicedesk.az')).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Change password' });
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getAllByText('This field is required.').length).toBe(3);
  });
});
