import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';

mockServerForFile();

async function explain(person: string, option: string, action: RegExp) {
  const user = userEvent.setup();
  renderApp('/home/admin/permissions');
  const form = await screen.findByRole('form', { name: 'Permission explainer' });
  await user.type(within(form).getByRole('combobox', { name: 'User' }), person);
  await user.click(await screen.findByRole('option', { name: new RegExp(option) }));
  await user.type(await within(form).findByRole('combobox', { name: 'Action' }), 'admin.users');
  await user.click(await screen.findByRole('option', { name: action }));
  await user.click(within(form).getByRole('button', { name: 'Explain' }));
  return screen.findByTestId('explain-result');
}

describe('permission explainer', () => {
  it('says an employee may not open the users menu because their type lacks it', async () => {
    signIn();
    const result = await explain('eliyev', 'Rəşad Əliyev', /^Administration › Users \(admin\.users\)$/);
    expect(result).toHaveAttribute('data-allowed', 'false');
    expect(within(result).getByText('Not allowed')).toBeInTheDocument();
    expect(within(result).getByText("The user's type (Employee) does not hold this permission.")).toBeInTheDocument();
  });

  it('says the administrator may, because their type grants it', async () => {
    signIn();
    const result = await explain('Aysel', 'Aysel Məmmədova', /\(admin\.users\.create\)$/);
    expect(result).toHaveAttribute('data-allowed', 'true');
    expect(within(result).getByText("The user's type (Administrator) grants this permission.")).toBeInTheDocument();
  });

  it('asks for a user and an action before explaining', async () => {
    signIn();
    const user = userEvent.setup();
    renderApp('/home/admin/permissions');
    const form = await screen.findByRole('form', { name: 'Permission explainer' });
    await user.click(within(form).getByRole('button', { name: 'Explain' }));
    expect(within(form).getAllByText('This field is required.')).toHaveLength(2);
    expect(screen.queryByTestId('explain-result')).not.toBeInTheDocument();
  });
});
