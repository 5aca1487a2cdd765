import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { TextField } from './TextField';

describe('TextField', () => {
  it('has no accessibility violations, valid or invalid', async () => {
    render(
      <>
        <TextField label="Email" description="Your work address" type="email" isRequired />
        <TextField label="Name" isInvalid errorMessage="Name is required" />
      </>,
    );
    await expectNoAxeViolations();
  });

  it('labels the input and reports typed text through onChange', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<TextField label="Email" onChange={onChange} autoComplete="email" name="email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('autocomplete', 'email');
    expect(input).toHaveAttribute('name', 'email');
    await user.type(input, 'a@b.az');
    expect(onChange).toHaveBeenLastCalledWith('a@b.az');
  });

  it('shows the error message and marks the input invalid only when invalid', () => {
    function Demo({ invalid }: { invalid: boolean }) {
      const [value, setValue] = useState('');
      return (
        <TextField
          label="Name"
          value={value}
          onChange={setValue}
          isInvalid={invalid}
          errorMessage="Name is required"
        />
      );
    }
    const { rerender } = render(<Demo invalid={false} />);
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    rerender(<Demo invalid />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('Name is required');
  });

  it('connects the description to the input', () => {
    render(<TextField label="Email" description="Your work address" />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Your work address',
    );
  });
});
