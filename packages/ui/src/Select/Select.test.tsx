import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Select } from './Select';

const items = [
  { id: 'az', label: 'Azərbaycanca' },
  { id: 'en', label: 'English' },
  { id: 'ru', label: 'Русский', isDisabled: true },
];

describe('Select', () => {
  it('has no accessibility violations', async () => {
    render(
      <Select
        label="Language"
        items={items}
        placeholder="Choose"
        description="Used for the interface"
      />,
    );
    await expectNoAxeViolations();
  });

  it('shows the chosen option and reports it through onSelectionChange', async () => {
    const onSelectionChange = vi.fn();
    function Demo() {
      const [key, setKey] = useState<string | null>('az');
      return (
        <Select
          label="Language"
          items={items}
          selectedKey={key}
          onSelectionChange={(k) => {
            onSelectionChange(k);
            setKey(k === null ? null : String(k));
          }}
        />
      );
    }
    const user = userEvent.setup();
    render(<Demo />);
    const button = screen.getByRole('button', { name: /Language/ });
    expect(button).toHaveTextContent('Azərbaycanca');
    await user.click(button);
    const listbox = screen.getByRole('listbox');
    expect(screen.getByRole('option', { name: 'Русский' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('option', { name: 'English' }));
    expect(onSelectionChange).toHaveBeenCalledWith('en');
    await waitFor(() => expect(listbox).not.toBeInTheDocument());
    expect(button).toHaveTextContent('English');
  });

  it('shows the error when invalid', () => {
    render(<Select label="Language" items={items} isInvalid errorMessage="Choose a language" />);
    expect(screen.getByText('Choose a language')).toBeInTheDocument();
  });
});
