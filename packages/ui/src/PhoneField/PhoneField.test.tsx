import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { PhoneField, formatPhone } from './PhoneField';

describe('PhoneField', () => {
  it('has no accessibility violations, valid or invalid', async () => {
    render(
      <>
        <PhoneField label="WhatsApp number" errorMessage="Enter 9 digits" />
        <PhoneField label="Phone" errorMessage="Enter 9 digits" isInvalid />
      </>,
    );
    await expectNoAxeViolations();
  });

  it('formats with the (00) 0000000 mask', () => {
    expect(formatPhone('501234567')).toBe('(50) 1234567');
    expect(formatPhone('994501234567')).toBe('(50) 1234567');
    expect(formatPhone('50')).toBe('(50');
  });

  it('masks typed digits, ignores letters and emits 994 + 9 digits only when complete', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<PhoneField label="Phone" errorMessage="Enter 9 digits" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await user.type(input, '50a123');
    expect(input).toHaveValue('(50) 123');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter 9 digits');
    await user.type(input, '45678');
    expect(input).toHaveValue('(50) 1234567');
    expect(onChange).toHaveBeenLastCalledWith('994501234567');
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.type(input, '9');
    expect(input).toHaveValue('(50) 1234567');
  });

  it('deletes the digit before a mask character on Backspace', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <PhoneField label="Phone" errorMessage="x" defaultValue="994501234567" onChange={onChange} />,
    );
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input).toHaveValue('(50) 1234567');
    await user.click(input);
    await user.keyboard('{End}{Backspace>8/}');
    expect(input).toHaveValue('(5');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('submits the enclosing form and calls onEnter on Enter', async () => {
    const onSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    const onEnter = vi.fn();
    const user = userEvent.setup();
    render(
      <form onSubmit={onSubmit}>
        <PhoneField label="Phone" errorMessage="x" onEnter={onEnter} />
      </form>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '551112233{Enter}');
    expect(onEnter).toHaveBeenCalledWith('994551112233');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
