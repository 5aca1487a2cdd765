import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { approvalState, contractDetail } from '@servicedesk/contracts';
import { apiPath } from '@servicedesk/api/handlers';
import { contractFixture } from '@servicedesk/api/contracts/contracts.handlers';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';

const server = mockServerForFile();

const person = (id: number, name: string) => ({ id, name });

/** The contract's chain: the lawyer's step pending until `decided`, then approved and the clerk's step pending. */
function chain(decided: boolean) {
  const lawyer = { approver: person(6, 'Nərmin İsmayılova'), decidedBy: decided ? person(6, 'Nərmin İsmayılova') : null, decidedAt: decided ? '2026-11-21T09:00:00.000Z' : null, comment: null };
  return approvalState.parse({
    recordKind: 'contract',
    recordId: 7,
    title: 'Ofis avadanlığının təchizatı',
    number: null,
    url: '/home/contracts/7',
    status: 'IN_APPROVAL',
    round: 1,
    author: person(3, 'Tural İsmayıllı'),
    steps: [
      { id: 71, position: 1, role: 'lawyer', mode: 'any', status: decided ? 'APPROVED' : 'PENDING', approvers: [{ ...lawyer, decision: decided ? 'approve' : null }] },
      { id: 72, position: 2, role: 'clerk', mode: 'any', status: decided ? 'PENDING' : 'WAITING', approvers: [{ approver: person(4, 'Leyla Məmmədova'), decision: null, decidedBy: null, decidedAt: null, comment: null }] },
    ],
    allowedDecisions: [],
    onBehalfOf: null,
    updatedAt: '2026-11-21T08:00:00.000Z',
  });
}

describe('contract page', () => {
  it('moves the approval chain as soon as the lawyer approves, without a reload', async () => {
    signIn();
    let decided = false;
    // As the real server does: a step decided inside the chain leaves the contract's own updatedAt as it was.
    const detail = (allowedActions: ('lawyerCallback' | 'lawyerReject')[]) =>
      contractDetail.parse({ contract: contractFixture({ stage: decided ? 'clerk' : 'lawyer' }), history: [], attachments: [], terms: [], allowedActions });
    server.use(
      http.get(apiPath('/contracts/7'), () => HttpResponse.json(detail(decided ? [] : ['lawyerCallback', 'lawyerReject']))),
      http.post(apiPath('/contracts/7/lawyerCallback'), () => {
        decided = true;
        return HttpResponse.json(detail([]));
      }),
      http.get(apiPath('/approvals/record/contract/7'), () => HttpResponse.json(chain(decided))),
    );
    const user = userEvent.setup();
    renderApp('/home/contracts/7');
    /** The text of each step of the chain (its own list items, not the decisions listed inside them). */
    const stepTexts = () => {
      const list = screen.getByRole('list', { name: 'Approval chain' });
      return within(list).getAllByRole('listitem').filter((li) => li.parentElement === list).map((li) => li.textContent ?? '');
    };
    await screen.findByRole('list', { name: 'Approval chain' });
    expect(stepTexts()[0]).toContain('Pending');
    expect(stepTexts()[1]).toContain('Waiting');

    await user.click(screen.getByRole('button', { name: 'Approve (lawyer)' }));

    await waitFor(() => expect(stepTexts()[0]).toContain('Approved by Nərmin İsmayılova'));
    expect(stepTexts()[1]).toContain('Pending');
  });
});
