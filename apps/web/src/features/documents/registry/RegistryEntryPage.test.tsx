import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { approvalState, registryDetail, type ApprovalStepStatus, type RegistryAction } from '@servicedesk/contracts';
import { apiPath } from '@servicedesk/api/handlers';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';

const server = mockServerForFile();

const clerk = { id: 1, name: 'Aysel Məmmədova', imgPath: null };
const director = { id: 2, name: 'Rəşad Əliyev' };

/** The entry as GET /documents/registry/5 answers it, with the caller's `allowedActions`. */
function entry(status: 'IN_APPROVAL' | 'APPROVED' | 'VOID', allowedActions: RegistryAction[]) {
  return registryDetail.parse({
    entry: {
      id: 5,
      number: 'IN-2026-00005',
      kind: 'incoming',
      year: 2026,
      subject: 'Nazirlikdən sorğu',
      correspondent: 'Nazirlik',
      status,
      documentId: null,
      documentTitle: null,
      registeredBy: clerk.name,
      registeredAt: '2026-11-20T08:00:00.000Z',
      voidReason: status === 'VOID' ? 'Səhvən qeydə alınıb' : null,
    },
    history: [{ id: 1, action: 'register', fromStatus: null, toStatus: 'DRAFT', actor: clerk, onBehalfOf: null, comment: null, details: null, createdAt: '2026-11-20T08:00:00.000Z' }],
    allowedActions,
  });
}

/** The entry's one-step chain (the director) as the engine answers it. */
function chain(status: 'IN_APPROVAL' | 'APPROVED' | 'CANCELLED', step: ApprovalStepStatus, allowedDecisions: ('approve' | 'reject')[]) {
  return approvalState.parse({
    recordKind: 'registryEntry',
    recordId: 5,
    title: 'Nazirlikdən sorğu',
    number: 'IN-2026-00005',
    url: '/home/documents/registry/5',
    status,
    round: 1,
    author: { id: clerk.id, name: clerk.name },
    steps: [
      {
        id: 50,
        position: 1,
        role: 'director',
        mode: 'any',
        status: step,
        approvers: [{ approver: director, decision: step === 'APPROVED' ? 'approve' : null, decidedBy: step === 'APPROVED' ? director : null, decidedAt: step === 'APPROVED' ? '2026-11-21T09:00:00.000Z' : null, comment: null }],
      },
    ],
    allowedDecisions,
    onBehalfOf: null,
    updatedAt: '2026-11-20T08:00:00.000Z',
  });
}

/** The text of each step of the chain (its own list items, not the decisions inside them). */
function stepTexts(): string[] {
  const list = screen.getByRole('list', { name: 'Approval chain' });
  return within(list).getAllByRole('listitem').filter((li) => li.parentElement === list).map((li) => li.textContent ?? '');
}

describe('registry entry page', () => {
  it('offers its author no approve or reject — only what the server allows them (void)', async () => {
    signIn();
    server.use(
      http.get(apiPath('/documents/registry/5'), () => HttpResponse.json(entry('IN_APPROVAL', ['void']))),
      http.get(apiPath('/approvals/record/registryEntry/5'), () => HttpResponse.json(chain('IN_APPROVAL', 'PENDING', []))),
    );
    renderApp('/home/documents/registry/5');
    expect(await screen.findByRole('button', { name: 'Void' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Approval chain' });
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('lets the director approve; the status and the chain move without a reload', async () => {
    signIn();
    let approved = false;
    server.use(
      http.get(apiPath('/documents/registry/5'), () => HttpResponse.json(approved ? entry('APPROVED', ['void']) : entry('IN_APPROVAL', ['approve', 'reject', 'void']))),
      http.get(apiPath('/approvals/record/registryEntry/5'), () => HttpResponse.json(approved ? chain('APPROVED', 'APPROVED', []) : chain('IN_APPROVAL', 'PENDING', ['approve', 'reject']))),
      http.post(apiPath('/documents/registry/5/approve'), () => {
        approved = true;
        return HttpResponse.json(entry('APPROVED', ['void']));
      }),
    );
    const user = userEvent.setup();
    renderApp('/home/documents/registry/5');
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByTestId('registry-status')).toHaveTextContent('Approved'));
    await waitFor(() => expect(stepTexts()[0]).toContain('Approved by Rəşad Əliyev'));
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('shows a voided entry\u2019s director step as skipped, not pending', async () => {
    signIn();
    server.use(
      http.get(apiPath('/documents/registry/5'), () => HttpResponse.json(entry('VOID', []))),
      http.get(apiPath('/approvals/record/registryEntry/5'), () => HttpResponse.json(chain('CANCELLED', 'SKIPPED', []))),
    );
    renderApp('/home/documents/registry/5');
    await screen.findByRole('list', { name: 'Approval chain' });
    expect(stepTexts()[0]).toContain('Skipped');
    expect(stepTexts()[0]).not.toContain('Pending');
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
  });
});
