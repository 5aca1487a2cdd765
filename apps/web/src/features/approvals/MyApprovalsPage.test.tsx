import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPath, errorResponse } from '@servicedesk/api/mock-utils';
import { createApprovalsHandlers } from '@servicedesk/api/approvals/approvals.handlers';
import { mockServerForFile, renderApp, signIn } from '../../../test/render-app';

/*
 * My approvals (issue #11) against the approvals mock: the admin (1) has three records waiting
 * (HD-2026-000002, HD-2026-000003, INV-2026-000041) and substitutes the lead (2), whose
 * HD-2026-000005 therefore shows "On behalf of Rəşad Əliyev".
 */

const server = mockServerForFile();

async function open() {
  server.use(...createApprovalsHandlers());
  signIn();
  renderApp('/home/approvals');
  await screen.findByRole('heading', { level: 1, name: 'My approvals' });
  await waitFor(() => expect(screen.getAllByTestId('approval-row')).toHaveLength(4));
}
const rowOf = (text: string) => screen.getAllByTestId('approval-row').find((r) => r.textContent?.includes(text))!;

describe('my approvals page', () => {
  it('lists every waiting record, newest first, with the substituted approver named', async () => {
    await open();
    const rows = screen.getAllByTestId('approval-row');
    expect(rows.map((r) => r.textContent?.match(/[A-Z]+-2026-\d{6}/)?.[0])).toEqual(['HD-2026-000002', 'HD-2026-000003', 'INV-2026-000041', 'HD-2026-000005']);
    // A record with a page links to it.
    expect(within(rowOf('HD-2026-000002')).getByRole('link', { name: 'HD-2026-000002 Yeni əməkdaş üçün noutbuk' })).toHaveAttribute('href', '/home/helpdesk/requests/2');
    expect(within(rowOf('HD-2026-000005')).getByText('On behalf of Rəşad Əliyev')).toBeInTheDocument();
    expect(within(rowOf('HD-2026-000002')).queryByText(/On behalf of/)).toBeNull();
    expect(within(rowOf('INV-2026-000041')).getByText('Director')).toBeInTheDocument();
  });

  /** Opens a row's chain and decision bar; returns the panel. */
  async function review(user: ReturnType<typeof userEvent.setup>, record: string) {
    const toggle = within(rowOf(record)).getByRole('button', { name: new RegExp(`^Review ${record}`) });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = await screen.findByRole('region', { name: new RegExp(`^Approval of ${record}`) });
    expect(toggle).toHaveAttribute('aria-controls', panel.id);
    return panel;
  }

  it('opens a row to show its approval chain, the pending step marked for screen readers', async () => {
    const user = userEvent.setup();
    await open();
    const panel = await review(user, 'HD-2026-000005');
    const chain = await within(panel).findByRole('list', { name: 'Approval chain' });
    const step = within(chain).getAllByRole('listitem')[0]!;
    expect(step).toHaveAttribute('aria-current', 'step');
    expect(step).toHaveTextContent('Current step: Group lead');
    expect(step).toHaveTextContent('Approvers: Rəşad Əliyev');
    // The decisions the server offers: a help-desk request is approved or rejected, never returned.
    const bar = within(panel).getByRole('group', { name: 'Your decision' });
    expect(within(bar).getAllByRole('button').map((b) => b.textContent)).toEqual(['Approve', 'Reject']);
    // The same button closes it again.
    await user.click(within(rowOf('HD-2026-000005')).getByRole('button', { name: /^Review/ }));
    expect(screen.queryByTestId('approval-panel')).toBeNull();
  });

  it('approves a substitute’s record from the opened row: the row goes away', async () => {
    const user = userEvent.setup();
    await open();
    const panel = await review(user, 'HD-2026-000005');
    await user.click(await within(panel).findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getAllByTestId('approval-row')).toHaveLength(3));
    expect(screen.getAllByTestId('approval-row').some((r) => r.textContent?.includes('HD-2026-000005'))).toBe(false);
    expect(await screen.findByText('HD-2026-000005 Zoom proqramının quraşdırılması approved.')).toBeInTheDocument();
    expect(screen.queryByTestId('approval-panel')).toBeNull();
  });

  it('rejects only with a comment of at least 10 characters', async () => {
    const user = userEvent.setup();
    await open();
    const panel = await review(user, 'HD-2026-000002');
    const field = await within(panel).findByRole('textbox', { name: 'Comment' });
    await user.type(field, 'Too short');
    await user.click(within(panel).getByRole('button', { name: 'Reject' }));
    expect(await within(panel).findByText('Write at least 10 characters.')).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(screen.getAllByTestId('approval-row')).toHaveLength(4);
    await user.type(field, ' — no budget this year');
    // Ctrl+Enter in the field sends the chosen decision.
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(screen.getAllByTestId('approval-row')).toHaveLength(3));
    expect(await screen.findByText('HD-2026-000002 Yeni əməkdaş üçün noutbuk rejected.')).toBeInTheDocument();
  });

  it('shows the server’s refusal in place and keeps the comment', async () => {
    const user = userEvent.setup();
    await open();
    server.use(http.post(apiPath('/approvals/decide'), () => errorResponse(403, 'forbidden', 'No', { rule: 'notApprover' })));
    const panel = await review(user, 'HD-2026-000003');
    const field = await within(panel).findByRole('textbox', { name: 'Comment' });
    await user.type(field, 'Looks fine to me');
    await user.click(within(panel).getByRole('button', { name: 'Approve' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('This step is no longer waiting for you.');
    expect(field).toHaveValue('Looks fine to me');
    expect(screen.getAllByTestId('approval-row')).toHaveLength(4);
  });

  it('bulk-approves the selected records with one comment', async () => {
    const user = userEvent.setup();
    await open();
    const bulk = screen.getByRole('button', { name: 'Approve selected (0)' });
    expect(bulk).toBeDisabled();
    await user.click(within(rowOf('HD-2026-000002')).getByRole('checkbox'));
    await user.click(within(rowOf('HD-2026-000005')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'All fine for this quarter');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getAllByTestId('approval-row')).toHaveLength(2));
    expect(await screen.findByText('Approved: 2, not approved: 0.')).toBeInTheDocument();
  });

  it('reports each record a bulk approval could not approve, with the reason', async () => {
    const user = userEvent.setup();
    await open();
    server.use(
      http.post(apiPath('/approvals/bulkApprove'), () =>
        HttpResponse.json({
          results: [
            { recordKind: 'helpdeskRequest', recordId: 2, ok: true },
            { recordKind: 'helpdeskRequest', recordId: 3, ok: false, status: 409, code: 'approvalChanged', message: 'Someone decided' },
          ],
          approved: 1,
          failed: 1,
        }),
      ),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected (4)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    const failure = await screen.findByTestId('bulk-failure');
    expect(failure).toHaveTextContent('HD-2026-000003 Evdən işləmək üçün VPN girişi: Someone has already decided on this record; reload the page.');
    expect(await screen.findByText('Approved: 1, not approved: 1.')).toBeInTheDocument();
  });

  it('shows the empty state when nothing waits', async () => {
    server.use(...createApprovalsHandlers({ records: [] }));
    signIn();
    renderApp('/home/approvals');
    expect(await screen.findByText('Nothing is waiting for your approval.')).toBeInTheDocument();
  });
});
