import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { errorResponse } from '@servicedesk/api/mock-utils';
import { createHelpdeskHandlers } from '@servicedesk/api/helpdesk/helpdesk.handlers';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';
import { createFakeHub, fakeHubs } from '../../../../test/fake-hub';

/*
 * The request page against the help-desk mocks (which follow the server's transition table and
 * answer `allowedActions` for the caller): mock users 1 admin, 2 lead of İT dəstəyi, 3 staff,
 * 4 IT executor. Request #2 is NEW and needs approval (requester 3); #4 is IN_PROGRESS, assigned
 * to 4 (requester 3); #6 RESOLVED (requester 3, assignee 4); #7 CLOSED.
 */

// The action dialogs load when the first opens (issue #19); import them once here so a dialog's
// first appearance does not also wait for its transform on busy cores.
await import('./ActionDialogs');

const server = mockServerForFile();
let caller = 1;

/** Fresh help-desk state per test, acting as `caller` (changeable mid-test). */
function actAs(id: number) {
  caller = id;
  server.use(...createHelpdeskHandlers({ callerId: () => caller }));
}

const actionsGroup = () => screen.findByRole('group', { name: 'Status and actions' });
const buttonNames = (group: HTMLElement) => within(group).getAllByRole('button').map((b) => b.textContent);

async function open(id: number) {
  signIn();
  renderApp(`/home/helpdesk/requests/${id}`);
  await screen.findByRole('heading', { level: 1 });
}

describe('action buttons per status and role (exactly the server’s allowedActions)', () => {
  const cases: { who: string; caller: number; request: number; buttons: string[] | null }[] = [
    { who: 'the group lead on a NEW request that needs approval', caller: 2, request: 2, buttons: ['Approve', 'Reject'] },
    { who: 'its requester on the same NEW request', caller: 3, request: 2, buttons: ['Cancel the request'] },
    { who: 'the assignee on an IN_PROGRESS request', caller: 4, request: 4, buttons: ['Put on hold', 'Resolve'] },
    { who: 'the group lead on an IN_PROGRESS request', caller: 2, request: 4, buttons: ['Assign'] },
    { who: 'the requester on a RESOLVED request', caller: 3, request: 6, buttons: ['Confirm the solution', 'Reopen'] },
    { who: 'the requester on an IN_PROGRESS request', caller: 3, request: 4, buttons: null },
    { who: 'the group lead on a CLOSED request', caller: 2, request: 7, buttons: null },
  ];
  for (const c of cases) {
    it(`${c.who}: ${c.buttons ? c.buttons.join(', ') : 'none'}`, async () => {
      actAs(c.caller);
      await open(c.request);
      if (c.buttons) expect(buttonNames(await actionsGroup())).toEqual(c.buttons);
      else {
        expect(await screen.findByText('No action is open to you in this status.')).toBeInTheDocument();
        expect(screen.queryByRole('group', { name: 'Status and actions' })).not.toBeInTheDocument();
      }
    });
  }
});

describe('reject needs a comment', () => {
  it('refuses a comment shorter than 10 characters without calling the server, then rejects with a real one', async () => {
    actAs(2);
    const user = userEvent.setup();
    const calls: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST') calls.push(new URL(request.url).pathname);
    });
    await open(2);
    await user.click(within(await actionsGroup()).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the request' });
    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'too short');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Write at least 10 characters.')).toBeInTheDocument();
    expect(calls.filter((p) => p.endsWith('/reject'))).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), ' — this is not an IT matter');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reject the request' })).not.toBeInTheDocument());
    expect(calls.filter((p) => p.endsWith('/reject'))).toHaveLength(1);
    // The status and the timeline show the step with its comment; no button is left for a final status.
    const timeline = screen.getByRole('list', { name: 'History and comments' });
    expect(await within(timeline).findByText('too short — this is not an IT matter')).toBeInTheDocument();
    expect(within(timeline).getByText('rejected')).toBeInTheDocument();
    expect(await screen.findByText('No action is open to you in this status.')).toBeInTheDocument();
    expect((await screen.findAllByText('Rejected')).length).toBeGreaterThan(0);
  });
});

describe('timeline', () => {
  it('shows history and comments together, newest first: who, what, from → to, the assignee and the comment text', async () => {
    actAs(3);
    await open(4);
    const timeline = await screen.findByRole('list', { name: 'History and comments' });
    const items = within(timeline).getAllByRole('listitem');
    // Fixture #4: created (Günel), assigned to Tural (Rəşad), taken (Tural), then Tural's comment.
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('commented'),
      expect.stringContaining('took the request'),
      expect.stringContaining('assigned the request'),
      expect.stringContaining('created the request'),
    ]);
    expect(items[0]).toHaveTextContent('Tural İsmayıllı');
    expect(items[0]).toHaveTextContent('Hesabınızı yoxlayıram, @Günel Həsənova.');
    expect(within(items[1]!).getByText('New')).toBeInTheDocument();
    expect(within(items[1]!).getByText('In progress')).toBeInTheDocument();
    expect(items[2]).toHaveTextContent('Assigned to Tural İsmayıllı');
    expect(items[3]).toHaveTextContent('Günel Həsənova');
  });

  it('adds a comment with an @mention and shows it at the top', async () => {
    actAs(3);
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/comments')) bodies.push(await request.clone().json());
    });
    await open(4);
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await user.type(box, 'Still failing, @Tur');
    await user.keyboard('{Enter}');
    await user.type(box, 'please look again');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const timeline = screen.getByRole('list', { name: 'History and comments' });
    await waitFor(() => expect(within(timeline).getAllByRole('listitem')[0]).toHaveTextContent('Still failing, @Tural İsmayıllı please look again'));
    expect(bodies).toEqual([{ text: 'Still failing, @Tural İsmayıllı please look again', mentionedUserIds: [4] }]);
  });
});

describe('refusals and live updates', () => {
  it('shows the server’s refusal of approving one’s own request in words', async () => {
    actAs(2);
    server.use(http.post(apiPath('/helpdesk/requests/:id/approve'), () => errorResponse(403, 'forbidden', 'You may not do this', { rule: 'ownRequest' })));
    const user = userEvent.setup();
    await open(2);
    await user.click(within(await actionsGroup()).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('You cannot approve or reject your own request.')).toBeInTheDocument();
  });

  it('joins the record, lists who is viewing it, and refetches when the server says it changed', async () => {
    const hub = createFakeHub();
    fakeHubs.next = hub;
    actAs(3);
    await open(2);
    await waitFor(() => expect(hub.invoked).toContainEqual({ method: 'JoinRecord', args: ['helpdeskRequest', 2] }));
    act(() => hub.emit('RecordViewers', 'helpdeskRequest', 2, [2, 3]));
    expect(await screen.findByRole('list', { name: 'Viewing now: Rəşad Əliyev, Günel Həsənova' })).toBeInTheDocument();
    // Another request's viewers change nothing here.
    act(() => hub.emit('RecordViewers', 'helpdeskRequest', 9, [1]));
    expect(screen.getByRole('list', { name: 'Viewing now: Rəşad Əliyev, Günel Həsənova' })).toBeInTheDocument();

    // The lead approves elsewhere (same mock state); the page learns it from RecordChanged.
    caller = 2;
    const res = await fetch('http://localhost/api/helpdesk/requests/2/approve', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(200);
    caller = 3;
    expect(screen.queryByText('approved')).not.toBeInTheDocument();
    act(() => hub.emit('RecordChanged', 'helpdeskRequest', 2));
    const timeline = screen.getByRole('list', { name: 'History and comments' });
    expect(await within(timeline).findByText('approved')).toBeInTheDocument();
    expect(buttonNames(await actionsGroup())).toEqual(['Cancel the request']);
  });
});

describe('approval chain (issue #11)', () => {
  /** Request #2's approval on the engine: one group-lead step, Rəşad's — pending, then approved by him. */
  const chainOf = (approved: boolean) => ({
    recordKind: 'helpdeskRequest',
    recordId: 2,
    title: 'Yeni əməkdaş üçün noutbuk',
    number: 'HD-2026-000002',
    url: '/home/helpdesk/requests/2',
    status: approved ? 'APPROVED' : 'IN_APPROVAL',
    round: 1,
    author: { id: 3, name: 'Günel Həsənova' },
    steps: [
      {
        id: 20,
        position: 1,
        role: 'groupLead',
        mode: 'any',
        status: approved ? 'APPROVED' : 'PENDING',
        approvers: [
          {
            approver: { id: 2, name: 'Rəşad Əliyev' },
            decision: approved ? 'approve' : null,
            decidedBy: approved ? { id: 2, name: 'Rəşad Əliyev' } : null,
            decidedAt: approved ? '2026-03-10T09:00:00.000Z' : null,
            comment: null,
          },
        ],
      },
    ],
    allowedDecisions: [],
    onBehalfOf: null,
    updatedAt: '2026-03-10T09:00:00.000Z',
  });

  it('shows the chain of a request that needs approval, keeps the approve / reject buttons, and follows the approval', async () => {
    actAs(2);
    let approved = false;
    let fetched = 0;
    server.use(
      http.get(apiPath('/approvals/record/helpdeskRequest/2'), () => {
        fetched += 1;
        return HttpResponse.json(chainOf(approved));
      }),
    );
    const user = userEvent.setup();
    await open(2);
    const section = await screen.findByRole('region', { name: 'Approval chain' });
    const step = within(await within(section).findByRole('list', { name: 'Approval chain' })).getAllByRole('listitem')[0]!;
    expect(step).toHaveAttribute('aria-current', 'step');
    expect(step).toHaveTextContent('Current step: Group lead');
    expect(step).toHaveTextContent('Approvers: Rəşad Əliyev');
    expect(buttonNames(await actionsGroup())).toEqual(['Approve', 'Reject']);

    approved = true;
    await user.click(within(await actionsGroup()).getByRole('button', { name: 'Approve' }));
    expect(await within(section).findByText('Approved by Rəşad Əliyev')).toBeInTheDocument();
    const decided = within(within(section).getByRole('list', { name: 'Approval chain' })).getAllByRole('listitem')[0]!;
    expect(decided).toHaveAttribute('data-state', 'approved');
    expect(decided).not.toHaveAttribute('aria-current');
    expect(fetched).toBe(2);
  });

  it('shows no chain on a request that needs no approval', async () => {
    actAs(3);
    await open(4);
    await screen.findByRole('list', { name: 'History and comments' });
    expect(screen.queryByRole('region', { name: 'Approval chain' })).not.toBeInTheDocument();
  });
});
