import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { DecisionBar } from './DecisionBar';
import { englishTexts } from './fixtures';

const field = () => screen.getByRole('textbox', { name: /Comment/ });

describe('DecisionBar', () => {
  it('has no accessibility violations', async () => {
    render(<DecisionBar texts={englishTexts} onDecide={async () => undefined} />);
    await expectNoAxeViolations();
  });

  it('approves with an optional comment and clears afterwards', async () => {
    const onDecide = vi.fn(async () => undefined);
    render(<DecisionBar texts={englishTexts} onDecide={onDecide} />);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onDecide).toHaveBeenLastCalledWith('approve', '');
    await userEvent.type(field(), '  ok  ');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onDecide).toHaveBeenLastCalledWith('approve', 'ok');
    await waitFor(() => expect(field()).toHaveValue(''));
  });

  it('refuses to reject with a comment shorter than the minimum, focusing the field', async () => {
    const onDecide = vi.fn(async () => undefined);
    render(<DecisionBar texts={englishTexts} onDecide={onDecide} minCommentLength={5} />);
    await userEvent.type(field(), ' abc ');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onDecide).not.toHaveBeenCalled();
    expect(field()).toHaveFocus();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Write at least 10 characters')).toBeInTheDocument();
    await userEvent.type(field(), 'de');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(onDecide).toHaveBeenCalledWith('reject', 'abc de');
  });

  it('Escape drops the chosen return', async () => {
    const onDecide = vi.fn(async () => undefined);
    render(<DecisionBar texts={englishTexts} onDecide={onDecide} />);
    await userEvent.click(screen.getByRole('button', { name: 'Return to the author' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(field()).not.toHaveAttribute('aria-invalid');
    // Ctrl+Enter with nothing chosen approves.
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(onDecide).toHaveBeenCalledWith('approve', '');
  });

  it('disables everything while deciding, then shows the server refusal and keeps the comment', async () => {
    let fail!: (e: Error) => void;
    const onDecide = vi.fn(() => new Promise((_, reject) => (fail = reject)));
    render(
      <DecisionBar
        texts={englishTexts}
        onDecide={onDecide}
        errorText={(e) => `Refused: ${(e as Error).message}`}
      />,
    );
    await userEvent.type(field(), 'Wrong supplier chosen');
    await userEvent.click(screen.getByRole('button', { name: 'Return to the author' }));
    expect(onDecide).toHaveBeenCalledWith('return', 'Wrong supplier chosen');
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(field()).toHaveAttribute('readonly');
    fail(new Error('already decided'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Refused: already decided');
    expect(field()).toHaveValue('Wrong supplier chosen');
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('offers only the allowed decisions and shows the override slot', () => {
    render(
      <DecisionBar
        texts={englishTexts}
        onDecide={async () => undefined}
        decisions={['approve']}
        override={<span>override here</span>}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.getByText('override here')).toBeInTheDocument();
  });
});
