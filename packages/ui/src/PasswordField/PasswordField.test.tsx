import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { PasswordField } from './PasswordField';

const labels = { label: 'Password', showLabel: 'Show password', hideLabel: 'Hide password' };

describe('PasswordField', () => {
  it('has no accessibility violations', async () => {
    render(<PasswordField {...labels} isRequired description="At least 8 characters" />);
    await expectNoAxeViolations();
  });

  it('hides the text until the toggle is pressed, and hides it again on the second press', async () => {
    const user = userEvent.setup();
    render(<PasswordField {...labels} />);
    const input = screen.getByLabelText('Password');
    await user.type(input, 'Demo1234');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'current-password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('Demo1234');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('passes typed text and the error message through like a TextField', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <PasswordField
        {...labels}
        onChange={onChange}
        isInvalid
        errorMessage="Wrong password"
        autoComplete="new-password"
      />,
    );
    const input = screen.getByLabelText('Password');
    await user.type(input, 'x');
    expect(onChange).toHaveBeenLastCalledWith('x');
    expect(input).toHaveAttribute('autocomplete', 'new-password');
    expect(input).toHaveAccessibleDescription('Wrong password');
  });
});
