import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { NumberField } from './NumberField';

describe('NumberField', () => {
  it('has no accessibility violations, with steppers and invalid', async () => {
    render(
      <>
        <NumberField label="Quantity" decrementLabel="Decrease" incrementLabel="Increase" />
        <NumberField label="Price" isInvalid errorMessage="Required" />
      </>,
    );
    await expectNoAxeViolations();
  });

  it('flags 0 with the notZero message and accepts other numbers', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <NumberField
        label="Quantity"
        notZeroMessage="Must not be zero"
        validationBehavior="aria"
        onChange={onChange}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Quantity' });
    await user.type(input, '0');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(0);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Must not be zero')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '5');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(5);
    expect(screen.queryByText('Must not be zero')).not.toBeInTheDocument();
  });

  it('allows 0 without notZeroMessage and steps with the buttons', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <NumberField
        label="Quantity"
        defaultValue={1}
        decrementLabel="Decrease"
        incrementLabel="Increase"
        validationBehavior="aria"
        onChange={onChange}
      />,
    );
    await user.click(screen.getByRole('button', { name: /Decrease/ }));
    expect(onChange).toHaveBeenLastCalledWith(0);
    expect(screen.getByRole('textbox', { name: 'Quantity' })).not.toHaveAttribute('aria-invalid');
  });
});
