import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { MentionTextArea, mentionAt } from './MentionTextArea';

const users = [
  { id: 1, name: 'Aysel Məmmədova' },
  { id: 2, name: 'Əli Həsənov' },
  { id: 3, name: 'Elvin Quliyev' },
];
const base = { label: 'Comment', users, suggestionsLabel: 'Users' };

describe('MentionTextArea', () => {
  it('finds the @query ending at the caret', () => {
    expect(mentionAt('hi @ay', 6)).toEqual({ start: 3, query: 'ay' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('mail a@b', 8)).toBeNull();
    expect(mentionAt('hi @ay there', 12)).toBeNull();
  });

  it('has no accessibility violations with the suggestions open', async () => {
    const user = userEvent.setup();
    render(<MentionTextArea {...base} />);
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), '@');
    expect(screen.getByRole('listbox', { name: 'Users' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('suggests matching users ignoring Azerbaijani accents and inserts with the keyboard', async () => {
    const onChange = vi.fn();
    const onMention = vi.fn();
    const user = userEvent.setup();
    render(<MentionTextArea {...base} onChange={onChange} onMention={onMention} />);
    const box = screen.getByRole('textbox', { name: 'Comment' });
    await user.type(box, '@eli');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Əli Həsənov']);
    await user.clear(box);
    await user.type(box, 'Salam @e');
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(3);
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id);
    expect(options[2]).toHaveTextContent('Elvin Quliyev');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Salam @Elvin Quliyev ');
    expect(onChange).toHaveBeenLastCalledWith('Salam @Elvin Quliyev ');
    expect(onMention).toHaveBeenCalledWith({ id: 3, name: 'Elvin Quliyev' });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.type(box, 'bax');
    expect(box).toHaveValue('Salam @Elvin Quliyev bax');
  });

  it('inserts on click and closes on Escape', async () => {
    const user = userEvent.setup();
    render(<MentionTextArea {...base} />);
    const box = screen.getByRole('textbox', { name: 'Comment' });
    await user.type(box, '@ay');
    await user.click(screen.getByRole('option', { name: 'Aysel Məmmədova' }));
    expect(box).toHaveValue('@Aysel Məmmədova ');
    await user.type(box, '@');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
