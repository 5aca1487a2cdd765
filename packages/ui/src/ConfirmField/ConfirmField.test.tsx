import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { PasswordField } from '../PasswordField';
import { ConfirmField } from './ConfirmField';

function Demo() {
  const [password, setPassword] = useState('');
  return (
    <>
      <PasswordField
        label="New password"
        showLabel="Show"
        hideLabel="Hide"
        value={password}
        onChange={setPassword}
      />
      <ConfirmField
        label="Repeat password"
        isPassword
        matchValue={password}
        notMatchingMessage="Passwords do not match"
        validationBehavior="aria"
      />
    </>
  );
}

describe('ConfirmField', () => {
  it('has no accessibility violations', async () => {
    render(<Demo />);
    await expectNoAxeViolations();
  });

  it('flags notMatching until both values are equal, also when the sibling changes', async () => {
    const user = userEvent.setup();
    render(<Demo />);
    await user.type(screen.getByLabelText('New password'), 'Demo1234');
    const confirm = screen.getByLabelText('Repeat password');
    expect(confirm).toHaveAttribute('type', 'password');
    await user.type(confirm, 'Demo123');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    await user.type(confirm, '4');
    expect(confirm).not.toHaveAttribute('aria-invalid');
    await user.type(screen.getByLabelText('New password'), '5');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
  });

  it('is a plain text field without isPassword', () => {
    render(<ConfirmField label="Repeat email" matchValue="a@b.az" notMatchingMessage="x" />);
    expect(screen.getByRole('textbox', { name: 'Repeat email' })).toBeInTheDocument();
  });
});
