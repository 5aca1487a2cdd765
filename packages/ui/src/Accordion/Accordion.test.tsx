import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Accordion } from './Accordion';

const items = [
  { id: 'a', title: 'How do I reset my password?', content: 'Use the forgot-password link.' },
  { id: 'b', title: 'Who approves requests?', content: 'Your group lead.' },
];

describe('Accordion', () => {
  it('has no accessibility violations', async () => {
    render(<Accordion items={items} defaultExpandedKeys={['a']} />);
    await expectNoAxeViolations();
  });

  it('keeps one section open at a time by default', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    const a = screen.getByRole('button', { name: items[0]!.title });
    const b = screen.getByRole('button', { name: items[1]!.title });
    expect(a).toHaveAttribute('aria-expanded', 'false');
    await user.click(a);
    expect(a).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Use the forgot-password link.')).toBeVisible();
    await user.click(b);
    expect(b).toHaveAttribute('aria-expanded', 'true');
    expect(a).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens several with allowsMultipleExpanded, by keyboard too', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} allowsMultipleExpanded />);
    await user.tab();
    await user.keyboard('{Enter}');
    await user.tab();
    await user.keyboard(' ');
    for (const b of screen.getAllByRole('button'))
      expect(b).toHaveAttribute('aria-expanded', 'true');
  });
});
