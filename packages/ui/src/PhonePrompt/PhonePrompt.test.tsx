import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { PhonePrompt } from './PhonePrompt';

const labels = {
  title: 'Enter your number to get WhatsApp notifications',
  phone: 'Mobile number',
  invalid: 'The number must have 9 digits',
  save: 'Save',
  close: 'Close',
};

describe('PhonePrompt', () => {
  it('masks the number as (00) 0000000 and saves 994 + 9 digits on Enter', async () => {
    const onSave = vi.fn();
    render(<PhonePrompt isOpen onOpenChange={() => {}} onSave={onSave} labels={labels} />);
    expect(screen.getByRole('dialog', { name: labels.title })).toBeInTheDocument();
    await expectNoAxeViolations();
    const input = screen.getByRole('textbox', { name: 'Mobile number' });
    await userEvent.type(input, '501234567');
    expect(input).toHaveValue('(50) 1234567');
    await userEvent.type(input, '{Enter}');
    expect(onSave).toHaveBeenCalledWith('994501234567');
  });

  it('marks an incomplete number invalid and saves nothing', async () => {
    const onSave = vi.fn();
    render(<PhonePrompt isOpen onOpenChange={() => {}} onSave={onSave} labels={labels} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Mobile number' }), '50123');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Mobile number' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The number must have 9 digits')).toBeInTheDocument();
  });
});
