import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { ExactLengthField } from './ExactLengthField';

describe('ExactLengthField', () => {
  it('has no accessibility violations', async () => {
    render(<ExactLengthField label="VÖEN" exactLength={10} exactLengthMessage="10 characters" />);
    await expectNoAxeViolations();
  });

  it('is invalid until exactly N characters and never takes more', async () => {
    const user = userEvent.setup();
    render(
      <ExactLengthField
        label="VÖEN"
        exactLength={4}
        exactLengthMessage="Must be exactly 4 characters"
        validationBehavior="aria"
      />,
    );
    const input = screen.getByRole('textbox', { name: 'VÖEN' });
    await user.type(input, '12');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Must be exactly 4 characters');
    await user.type(input, '3456');
    expect(input).toHaveValue('1234');
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.clear(input);
    expect(input).not.toHaveAttribute('aria-invalid');
  });
});
