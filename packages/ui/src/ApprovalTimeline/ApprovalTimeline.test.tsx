import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { ApprovalTimeline } from './ApprovalTimeline';
import { chainInApproval, chainRejected, englishTexts, formatUtc } from './fixtures';

/** The chain in approval, dates in UTC. */
const renderChain = () =>
  render(
    <ApprovalTimeline
      steps={chainInApproval}
      label="Approval"
      texts={englishTexts}
      formatDateTime={formatUtc}
    />,
  );

const steps = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .filter((li) => li.parentElement === list);

describe('ApprovalTimeline', () => {
  it('has no accessibility violations', async () => {
    renderChain();
    await expectNoAxeViolations();
  });

  it('marks only the pending step as the current one, announced by name', () => {
    renderChain();
    const list = screen.getByRole('list', { name: 'Approval' });
    const items = steps(list);
    expect(items.map((li) => li.getAttribute('aria-current'))).toEqual([null, null, 'step', null]);
    expect(items[2]).toHaveTextContent('Current step: LawyerPendingAll must approve');
  });

  it('says who decided on behalf of whom, when, and the comment', () => {
    renderChain();
    const items = steps(screen.getByRole('list', { name: 'Approval' }));
    expect(items[1]).toHaveTextContent('Visa poolApprovedAny one approves');
    expect(items[1]).toHaveTextContent(
      'Approved by Leyla Babayeva on behalf of Nigar Əliyeva21 Nov 2026, 11:15',
    );
    expect(items[1]!.querySelector('time')).toHaveAttribute('datetime', '2026-11-21T11:15:00Z');
    expect(items[0]).toHaveTextContent(
      'Approved by Rəşad Həsənov20 Nov 2026, 09:30Needed for the new hire.',
    );
  });

  it('formats dates with Intl in the given locale when no formatter is passed', () => {
    render(
      <ApprovalTimeline
        steps={chainRejected}
        label="Approval"
        texts={englishTexts}
        locale="en-US"
        timeZone="UTC"
      />,
    );
    expect(screen.getByRole('list', { name: 'Approval' })).toHaveTextContent('Nov 21, 2026, 4:45');
  });

  it('compact shows the latest decision only, without comments or approvers', () => {
    const chain = [
      {
        ...chainInApproval[2]!,
        decisions: [
          {
            id: 1,
            by: { id: 1, name: 'First' },
            at: '2026-11-20T08:00:00Z',
            outcome: 'approved' as const,
            comment: 'ok',
          },
          {
            id: 2,
            by: { id: 2, name: 'Second' },
            at: '2026-11-21T08:00:00Z',
            outcome: 'approved' as const,
          },
        ],
      },
    ];
    render(
      <ApprovalTimeline
        steps={chain}
        label="Approval"
        texts={englishTexts}
        formatDateTime={formatUtc}
        variant="compact"
      />,
    );
    const list = screen.getByRole('list', { name: 'Approval' });
    expect(list).toHaveTextContent('Approved by Second');
    expect(list).not.toHaveTextContent('Approved by First');
    expect(list).not.toHaveTextContent('ok');
    expect(list).not.toHaveTextContent('Approvers');
  });

  it('shows the empty text, and nothing without one', () => {
    const { rerender, container } = render(
      <ApprovalTimeline
        steps={[]}
        label="Approval"
        texts={englishTexts}
        emptyText="No approval needed"
      />,
    );
    expect(screen.getByText('No approval needed')).toBeInTheDocument();
    rerender(<ApprovalTimeline steps={[]} label="Approval" texts={englishTexts} />);
    expect(container).toBeEmptyDOMElement();
  });
});
