import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { StatusBadge } from '../StatusBadge';
import { Timeline } from './Timeline';

const entries = [
  {
    id: 2,
    user: { name: 'Rəşad Həsənov', img: null },
    date: '2026-11-20T09:30:00Z',
    action: 'changed the status',
    from: <StatusBadge status="new">New</StatusBadge>,
    to: <StatusBadge status="inProgress">In progress</StatusBadge>,
    comment: 'Taking it.',
  },
  {
    id: 1,
    user: { name: 'Aysel Məmmədova', img: null },
    date: '2026-11-19T08:00:00Z',
    action: 'created the request',
  },
];

const formatDate = (d: Date) => d.toISOString().slice(0, 10);

describe('Timeline', () => {
  it('has no accessibility violations', async () => {
    render(
      <Timeline
        entries={entries}
        label="History"
        formatDate={formatDate}
        changedToLabel="changed to"
      />,
    );
    await expectNoAxeViolations();
  });

  it('shows who, when, from → to and the comment in order', () => {
    render(
      <Timeline
        entries={entries}
        label="History"
        formatDate={formatDate}
        changedToLabel="changed to"
      />,
    );
    const items = within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(
      'Rəşad Həsənovchanged the status2026-11-20NewIn progressTaking it.',
    );
    expect(within(items[0]!).getByRole('img', { name: 'changed to' })).toBeInTheDocument();
    expect(items[0]!.querySelector('time')).toHaveAttribute('datetime', '2026-11-20T09:30:00.000Z');
    expect(items[1]).toHaveTextContent('Aysel Məmmədovacreated the request2026-11-19');
  });

  it('shows the empty text', () => {
    render(
      <Timeline
        entries={[]}
        label="History"
        formatDate={formatDate}
        changedToLabel="to"
        emptyText="No history"
      />,
    );
    expect(screen.getByText('No history')).toBeInTheDocument();
  });
});
