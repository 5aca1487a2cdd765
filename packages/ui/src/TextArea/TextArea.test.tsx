import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { TextArea } from './TextArea';

describe('TextArea', () => {
  it('has no accessibility violations, valid or invalid', async () => {
    render(
      <>
        <TextArea label="Comment" description="Visible to the requester" isRequired />
        <TextArea label="Reason" isInvalid errorMessage="Write a reason" />
      </>,
    );
    await expectNoAxeViolations();
  });

  it('is a labelled multi-line box reporting typed text', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<TextArea label="Comment" onChange={onChange} />);
    const box = screen.getByRole('textbox', { name: 'Comment' });
    expect(box.tagName).toBe('TEXTAREA');
    await user.type(box, 'line one{Enter}line two');
    expect(onChange).toHaveBeenLastCalledWith('line one\nline two');
  });

  it('shows a validate error linked to the box', async () => {
    const user = userEvent.setup();
    render(
      <TextArea
        label="Reason"
        validationBehavior="aria"
        validate={(v) => (v.length < 10 ? 'At least 10 characters' : null)}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Reason' });
    await user.type(box, 'short');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('At least 10 characters');
    await user.type(box, ' but now long');
    expect(box).not.toHaveAttribute('aria-invalid');
  });
});
