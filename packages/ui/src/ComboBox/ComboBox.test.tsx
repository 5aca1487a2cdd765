import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { ComboBox } from './ComboBox';

const items = [
  { id: 'baku', label: 'Bakı' },
  { id: 'ganja', label: 'Gəncə' },
  { id: 'sumqayit', label: 'Sumqayıt' },
];

describe('ComboBox', () => {
  it('has no accessibility violations, closed and open', async () => {
    const user = userEvent.setup();
    render(<ComboBox label="City" items={items} openLabel="Show cities" />);
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: /Show cities/ }));
    await expectNoAxeViolations();
  });

  it('filters by the typed text and selects with the keyboard', async () => {
    const onSelectionChange = vi.fn();
    const user = userEvent.setup();
    render(
      <ComboBox
        label="City"
        items={items}
        openLabel="Show cities"
        onSelectionChange={onSelectionChange}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'City' });
    await user.type(input, 'Sum');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelectionChange).toHaveBeenLastCalledWith('sumqayit');
    expect(input).toHaveValue('Sumqayıt');
  });

  it('shows the empty label when nothing matches', async () => {
    const user = userEvent.setup();
    render(<ComboBox label="City" items={items} openLabel="Show cities" emptyLabel="No cities" />);
    await user.type(screen.getByRole('combobox', { name: 'City' }), 'zzz');
    expect(screen.getByText('No cities')).toBeInTheDocument();
  });

  it('shows the error message when invalid', () => {
    render(
      <ComboBox
        label="City"
        items={items}
        openLabel="Show"
        isInvalid
        errorMessage="Choose a city"
      />,
    );
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveAccessibleDescription(
      'Choose a city',
    );
  });
});
