import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { SelectPrompt, isEmptyChoice } from './SelectPrompt';

const base = {
  title: 'Forward the request',
  label: 'Group',
  submitLabel: 'Forward',
  cancelLabel: 'Cancel',
  requiredMessage: 'Choose a group',
  isOpen: true,
  items: [
    { id: '0', label: 'Choose…' },
    { id: '7', label: 'IT support' },
    { id: '9', label: 'Warehouse' },
  ],
};

describe('SelectPrompt', () => {
  it('treats null, empty and 0 as no choice', () => {
    expect(isEmptyChoice(null)).toBe(true);
    expect(isEmptyChoice('0')).toBe(true);
    expect(isEmptyChoice(0)).toBe(true);
    expect(isEmptyChoice('7')).toBe(false);
  });

  it('has no accessibility violations', async () => {
    render(<SelectPrompt {...base} onOpenChange={() => {}} onSubmit={() => {}} />);
    await expectNoAxeViolations();
  });

  it('rejects the value 0 and sends a real choice', async () => {
    const onSubmit = vi.fn();
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    render(
      <SelectPrompt
        {...base}
        defaultSelectedKey="0"
        onOpenChange={onOpenChange}
        onSubmit={onSubmit}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Forward' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Choose a group')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Group/ }));
    await user.click(screen.getByRole('option', { name: 'Warehouse' }));
    expect(screen.queryByText('Choose a group')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Forward' }));
    expect(onSubmit).toHaveBeenCalledWith('9');
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});
